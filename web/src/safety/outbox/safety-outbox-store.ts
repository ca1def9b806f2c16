import { SAFETY_OUTBOX_DB_NAME } from '../../lib/idb/device-databases';
import { currentSealingKeys } from '../../lib/idb/device-key';
import { type KeyValueStore, browserKeyValueStore } from '../../lib/idb/key-value-store';
import { sealedStore } from '../../lib/idb/sealed-store';
import { recordStoreKit } from '../../lib/outbox/record-store';
import { type SafetyOutboxEntry, readSafetyOutboxEntry } from './safety-outbox-entry';

// Where danger reports wait for a connection: their own IndexedDB database on the device, one
// record per report (keyed by its request id), photos included as Blobs, sealed with the account's
// device key and deleted at every log-out, like the tickets' outbox (lib/idb/device-databases.ts).

export type SafetyOutboxStore = KeyValueStore;

/** The browser's danger-report outbox, sealed with the signed-in account's key; null without IndexedDB. */
export function browserSafetyOutboxStore(): SafetyOutboxStore | null {
  const inner = browserKeyValueStore(SAFETY_OUTBOX_DB_NAME, 'entries');
  return inner && sealedStore(inner, currentSealingKeys, SAFETY_OUTBOX_DB_NAME);
}

export const safetyOutbox = recordStoreKit<SafetyOutboxEntry>('safety-outbox', readSafetyOutboxEntry);
