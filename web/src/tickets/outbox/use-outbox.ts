import { createContext, useContext, useEffect, useState } from 'react';
import { type DraftStore, draftId } from '../../lib/drafts/draft-store';
import { logger } from '../../lib/logger';
import { toDraftRecord } from '../new-ticket/ticket-draft';
import { type OutboxEntry, outboxFiles } from './outbox-entry';
import { requestOutboxSend } from './outbox-sender';
import {
  type OutboxStore,
  browserOutboxStore,
  listOutbox,
  onOutboxChange,
  removeOutboxEntry,
  saveOutboxEntry,
} from './outbox-store';

// The account's outbox as the history shows it, live across tabs, and what the worker can do with
// an entry: cancel it, try a refused one again, or take it back into its form to change it.

export type OutboxView = { entries: OutboxEntry[]; store: OutboxStore | null };

/** undefined: the browser's IndexedDB; tests provide a Map-backed store, or null for none. */
export const OutboxStoreContext = createContext<OutboxStore | null | undefined>(undefined);

/** The outbox of this screen; null where the device keeps none (then nothing is queued). */
export function useOutboxStore(): OutboxStore | null {
  const provided = useContext(OutboxStoreContext);
  const [store] = useState(() => (provided === undefined ? browserOutboxStore() : provided));
  return store;
}

/** The entries of account `uid`, oldest first, re-read whenever any tab changes the outbox. */
export function useOutbox(uid: string | null): OutboxView {
  const store = useOutboxStore();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!store || !uid) return undefined;
    let isCurrent = true;
    const read = () =>
      void listOutbox(store, uid).then(
        (list) => isCurrent && setEntries(list),
        (error: unknown) => logger.warn('Could not read the outbox', error),
      );
    read();
    const stop = onOutboxChange(read);
    return () => {
      isCurrent = false;
      stop();
    };
  }, [store, uid]);
  return { entries, store };
}

/** Cancels a waiting (or refused) entry; false when a tab is sending it right now. */
export function cancelOutboxEntry(store: OutboxStore, entry: OutboxEntry): Promise<boolean> {
  return removeOutboxEntry(store, entry.uid, entry.id);
}

/** Puts a refused entry back in line and asks for a round at once. */
export async function retryOutboxEntry(store: OutboxStore, entry: OutboxEntry): Promise<void> {
  await saveOutboxEntry(store, { ...entry, status: 'waiting', refusal: undefined });
  requestOutboxSend();
}

/**
 * Turns a refused entry (not yet a ticket) back into its form's draft, so the worker changes what
 * the server refused and sends it again; answers the form's path. The entry is removed only once
 * the draft is written.
 */
export async function editOutboxEntry(
  store: OutboxStore,
  drafts: DraftStore | null,
  entry: OutboxEntry,
): Promise<string> {
  const { category, subcategory } = entry.submission;
  // Without a place for the draft the entry stays: removing it would lose what the worker wrote.
  if (!drafts) throw new Error('No draft store on this device');
  const owner = { uid: entry.uid, category, subcategory };
  const files = outboxFiles(entry).map((file, index) => ({ key: `outbox-${index}`, file }));
  const record = toDraftRecord(owner, entry.submission as Record<string, unknown>, files, Date.now());
  await drafts.put(draftId(entry.uid, category, subcategory), record);
  await removeOutboxEntry(store, entry.uid, entry.id);
  return `/new-ticket/${encodeURIComponent(category)}/${encodeURIComponent(subcategory)}`;
}
