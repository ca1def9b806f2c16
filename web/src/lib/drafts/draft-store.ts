import {
  type KeyValueStore,
  browserKeyValueStore,
  deleteDeviceDatabase,
  memoryKeyValueStore,
} from '../idb/key-value-store';
import { DRAFTS_DB_NAME } from '../idb/device-databases';
import { currentSealingKeys } from '../idb/device-key';
import { sealedStore } from '../idb/sealed-store';
import { deleteAllRescues } from './draft-rescue';

// Where the new-ticket drafts live on the device: one IndexedDB database, one record per
// (user, category, subcategory), holding the typed values and the chosen files as Blobs. The form
// reads and writes through the small DraftStore type, so tests hand it a Map-backed store. Records
// are sealed with the account's device key (lib/idb/sealed-store.ts). A log-out deletes the whole
// database (sign-out-cleanup.ts): the next user of a shared phone finds nothing of the last one; a
// session timeout forgets only the key, so the same account finds its drafts after signing in again.

export { DRAFTS_DB_NAME };

/** A key-value store of draft records; every method may reject (quota, private mode). */
export type DraftStore = Pick<KeyValueStore, 'get' | 'put' | 'delete'>;

/**
 * The id of a draft: one per account and form, so another account never reads it. The sealed store
 * keeps it only hashed, so the device does not show whose drafts it holds or of what kind.
 */
export const draftId = (uid: string, category: string, subcategory: string) =>
  `${uid}/${category}/${subcategory}`;

/** The browser's IndexedDB store, sealed; null where the browser has none (then drafts are simply off). */
export function browserDraftStore(): DraftStore | null {
  const inner = browserKeyValueStore(DRAFTS_DB_NAME, 'drafts');
  return inner && sealedStore(inner, currentSealingKeys, DRAFTS_DB_NAME);
}

/** A store in memory, for tests. `records` is the Map behind it. */
export const memoryDraftStore = memoryKeyValueStore;

/** Deletes every draft of every account on this device, the last words of a rescue write too. */
export function deleteAllDrafts(): void {
  deleteDeviceDatabase(DRAFTS_DB_NAME);
  deleteAllRescues();
}
