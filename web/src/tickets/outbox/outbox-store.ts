import {
  type KeyValueStore,
  browserKeyValueStore,
  deleteDeviceDatabase,
} from '../../lib/idb/key-value-store';
import { OUTBOX_DB_NAME } from '../../lib/idb/device-databases';
import { currentSealingKeys } from '../../lib/idb/device-key';
import { sealedStore } from '../../lib/idb/sealed-store';
import { type OutboxEntry, readOutboxEntry } from './outbox-entry';

// Where tickets wait for a connection: one IndexedDB database on the device, one record per
// submission (keyed by its request id), files included as Blobs. Every change is announced to this
// tab and the others (BroadcastChannel), so the history and the sender see it at once. Like the
// drafts, entries are sealed with the account's device key and deleted at every log-out: the next
// user of a shared phone neither sees nor sends the last one's tickets. A session timeout keeps them
// sealed, and they are sent once the same account signs in again.

export { OUTBOX_DB_NAME };
const CHANNEL = 'ticket-outbox';

export type OutboxStore = KeyValueStore;

/** The browser's outbox, sealed with the signed-in account's device key; null without IndexedDB. */
export function browserOutboxStore(): OutboxStore | null {
  const inner = browserKeyValueStore(OUTBOX_DB_NAME, 'entries');
  return inner && sealedStore(inner, currentSealingKeys, OUTBOX_DB_NAME);
}

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

function broadcastChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
  }
  return channel;
}

/** Tells this tab and the others that the outbox changed. */
export function announceOutboxChange(): void {
  listeners.forEach((listener) => listener());
  broadcastChannel()?.postMessage('changed');
}

/** Calls `listener` whenever the outbox changes in any tab; returns what stops it. */
export function onOutboxChange(listener: () => void): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The account's entries, oldest first; records of other accounts or of another shape are left out. */
export async function listOutbox(store: OutboxStore, uid: string): Promise<OutboxEntry[]> {
  const records = await store.getAll();
  return records
    .map((record) => readOutboxEntry(record, uid))
    .filter((entry): entry is OutboxEntry => entry !== null)
    .sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Writes `entry` and announces it. */
export async function saveOutboxEntry(store: OutboxStore, entry: OutboxEntry): Promise<void> {
  await store.put(entry.id, entry);
  announceOutboxChange();
}

/**
 * Removes the account's entry `id` unless a tab is sending it right now (then it may already be a
 * ticket); answers whether it was removed.
 */
export async function removeOutboxEntry(store: OutboxStore, uid: string, id: string): Promise<boolean> {
  let isRemoved = false;
  // Checked and removed in one transaction: a tab cannot start sending it in between.
  await store.update(id, (current) => {
    const entry = readOutboxEntry(current, uid);
    if (!entry || entry.status === 'sending') return undefined;
    isRemoved = true;
    return null;
  });
  if (isRemoved) announceOutboxChange();
  return isRemoved;
}

/**
 * Marks the account's entry `id` as being sent, in one transaction, unless it is gone (cancelled)
 * or refused meanwhile; answers the entry as marked, or null when it is not to be sent.
 */
export async function markOutboxEntrySending(
  store: OutboxStore,
  uid: string,
  id: string,
): Promise<OutboxEntry | null> {
  let marked: OutboxEntry | null = null;
  await store.update(id, (current) => {
    const entry = readOutboxEntry(current, uid);
    if (!entry || entry.status === 'refused') return undefined;
    marked = { ...entry, status: 'sending' };
    return marked;
  });
  if (marked) announceOutboxChange();
  return marked;
}

/** Deletes every account's outbox on this device (at each sign-out). */
export function deleteOutbox(): void {
  deleteDeviceDatabase(OUTBOX_DB_NAME);
}
