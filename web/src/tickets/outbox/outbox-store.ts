import {
  type KeyValueStore,
  browserKeyValueStore,
  deleteDeviceDatabase,
} from '../../lib/idb/key-value-store';
import { OUTBOX_DB_NAME } from '../../lib/idb/device-databases';
import { currentSealingKeys } from '../../lib/idb/device-key';
import { sealedStore } from '../../lib/idb/sealed-store';
import { recordStoreKit } from '../../lib/outbox/record-store';
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

/** The moves on the tickets' outbox (lib/outbox/record-store.ts). */
export const outboxKit = recordStoreKit<OutboxEntry>(CHANNEL, readOutboxEntry);

/** Tells this tab and the others that the outbox changed. */
export const announceOutboxChange = outboxKit.announce;
/** Calls `listener` whenever the outbox changes in any tab; returns what stops it. */
export const onOutboxChange = outboxKit.onChange;
/** The account's entries, oldest first; records of other accounts or of another shape are left out. */
export const listOutbox = outboxKit.list;
/** Writes `entry` and announces it. */
export const saveOutboxEntry = outboxKit.save;
/**
 * Removes the account's entry `id` unless a tab is sending it right now (then it may already be a
 * ticket); answers whether it was removed.
 */
export const removeOutboxEntry = outboxKit.remove;
/**
 * Marks the account's entry `id` as being sent, in one transaction, unless it is gone (cancelled)
 * or refused meanwhile; answers the entry as marked, or null when it is not to be sent.
 */
export const markOutboxEntrySending = outboxKit.markSending;

/** Deletes every account's outbox on this device (at each sign-out). */
export function deleteOutbox(): void {
  deleteDeviceDatabase(OUTBOX_DB_NAME);
}
