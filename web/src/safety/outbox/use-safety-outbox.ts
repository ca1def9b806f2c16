import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logger } from '../../lib/logger';
import { registerOutboxSync, requestOutboxSend } from '../../lib/outbox/send-loop';
import { useNotices } from '../../notices';
import { reportedText } from '../report-text';
import { type QueuedSafetyReport, type SafetyOutboxEntry, toSafetyOutboxEntry } from './safety-outbox-entry';
import { type SafetyOutboxStore, browserSafetyOutboxStore, safetyOutbox } from './safety-outbox-store';
import { startSafetyOutboxSender } from './safety-outbox-sender';
import type { SafetyOutboxReport } from './send-safety-outbox';

// The danger reports waiting on the phone as the screens use them: put one in line, list them live
// across tabs, try a refused one again or remove one, and the sender that every signed-in screen
// runs, telling the worker when a waiting report left the phone.

/**
 * Puts a report (its photos already made smaller) in the outbox and asks for a round at once;
 * false when the device cannot keep it (no IndexedDB, storage full), and then the form keeps it.
 */
export async function queueSafetyReport(
  uid: string,
  report: QueuedSafetyReport,
  photos: readonly File[],
  store: SafetyOutboxStore | null = browserSafetyOutboxStore(),
): Promise<boolean> {
  if (!store) return false;
  try {
    await safetyOutbox.save(store, toSafetyOutboxEntry(uid, report, photos, Date.now()));
  } catch (error) {
    logger.warn('Could not keep the danger report on the phone', error);
    return false;
  }
  registerOutboxSync();
  requestOutboxSend();
  return true;
}

/** How many danger reports of account `uid` are still on this phone. */
export async function unsentSafetyReportCount(uid: string): Promise<number> {
  const store = browserSafetyOutboxStore();
  return store ? (await safetyOutbox.list(store, uid)).length : 0;
}

export type SafetyOutboxView = {
  entries: SafetyOutboxEntry[];
  /** Removes an entry; false when a tab is sending it right now. */
  remove: (entry: SafetyOutboxEntry) => Promise<boolean>;
  /** Puts a refused entry back in line and asks for a round at once. */
  retry: (entry: SafetyOutboxEntry) => Promise<void>;
};

/** The account's waiting reports, oldest first, re-read whenever any tab changes them. */
export function useSafetyOutbox(uid: string | null, provided?: SafetyOutboxStore | null): SafetyOutboxView {
  const [store] = useState(() => (provided === undefined ? browserSafetyOutboxStore() : provided));
  const [entries, setEntries] = useState<SafetyOutboxEntry[]>([]);
  useEffect(() => {
    if (!store || !uid) return undefined;
    let isCurrent = true;
    const read = () =>
      void safetyOutbox.list(store, uid).then(
        (list) => isCurrent && setEntries(list),
        (error: unknown) => logger.warn('Could not read the danger reports on the phone', error),
      );
    read();
    const stop = safetyOutbox.onChange(read);
    return () => {
      isCurrent = false;
      stop();
    };
  }, [store, uid]);
  return {
    entries,
    remove: async (entry) => (store ? safetyOutbox.remove(store, entry.uid, entry.id) : false),
    retry: async (entry) => {
      if (!store) return;
      await safetyOutbox.save(store, { ...entry, status: 'waiting', refusal: undefined });
      requestOutboxSend();
    },
  };
}

/** Sends the signed-in account's waiting reports from every signed-in screen, with a notice for each. */
export function useSafetyOutboxSender(uid: string | null): void {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const report = useRef<(round: SafetyOutboxReport) => void>(() => undefined);
  useEffect(() => {
    report.current = ({ sent, refused }) => {
      for (const { reportedAt, notifiedCount } of sent) {
        const when = reportedText(t, i18n.language, new Date(reportedAt), notifiedCount);
        notices.success(t('safety.outbox.sentNotice', { when }));
      }
      if (refused.length > 0) notices.error(t('safety.outbox.refusedNotice', { count: refused.length }));
    };
  });
  useEffect(() => {
    if (!uid) return undefined;
    return startSafetyOutboxSender(uid, (round) => report.current(round));
  }, [uid]);
}
