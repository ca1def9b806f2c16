import { isOnline } from '../../lib/connectivity';
import { startSendLoop, withSendLock } from '../../lib/outbox/send-loop';
import type { SafetyOutboxReport, SentSafetyReport } from './send-safety-outbox';
import { type SafetyOutboxStore, browserSafetyOutboxStore, safetyOutbox } from './safety-outbox-store';

// Sends the danger reports waiting on the phone on the device's send loop (lib/outbox/send-loop.ts
// says when: at once on every signed-in screen, when the connection returns, every 30 s while
// reports wait, at Background Sync); one tab of the device at a time (Web Locks). The sending code
// loads only when there is something to send. A screen waiting for one report hears when it left.

const LOCK_NAME = 'safety-outbox-send';
const EMPTY: SafetyOutboxReport = { sent: [], refused: [], isWaiting: false };

const sentListeners = new Set<(report: SentSafetyReport) => void>();

/** Calls `listener` with each report this tab sends from the outbox; returns what stops it. */
export function onSafetyReportSent(listener: (report: SentSafetyReport) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** One round for account `uid` with the real callable and Storage; null when another tab sends. */
export async function sendSafetyOutboxNow(
  uid: string,
  store: SafetyOutboxStore,
): Promise<SafetyOutboxReport | null> {
  const pending = await safetyOutbox.list(store, uid);
  if (!pending.some((entry) => entry.status !== 'refused')) return EMPTY;
  // Offline, the sending code could not even load: wait for the connection.
  if (!isOnline()) return { ...EMPTY, isWaiting: true };
  const report = await withSendLock(LOCK_NAME, async () => {
    const [{ sendSafetyOutboxRound }, uploads, { call }] = await Promise.all([
      import('./send-safety-outbox'),
      import('../api/uploads'),
      import('../../lib/call'),
    ]);
    return sendSafetyOutboxRound(uid, {
      store,
      upload: (owner, requestId, photo) =>
        uploads.uploadSafetyPhoto(uploads.safetyPhotoPath(owner, requestId, photo), photo, () => undefined),
      submit: (request) => call('submitSafetyReport', request),
      isOnline,
    });
  });
  report?.sent.forEach((sent) => sentListeners.forEach((listener) => listener(sent)));
  return report;
}

/**
 * Sends account `uid`'s waiting reports whenever the send loop says so, telling `onReport` of
 * each round that sent or had refused something; returns what stops it.
 */
export function startSafetyOutboxSender(
  uid: string,
  onReport: (report: SafetyOutboxReport) => void,
): () => void {
  const store = browserSafetyOutboxStore();
  if (!store) return () => undefined;
  return startSendLoop(async () => {
    const report = await sendSafetyOutboxNow(uid, store);
    if (report && (report.sent.length > 0 || report.refused.length > 0)) onReport(report);
    return report;
  });
}
