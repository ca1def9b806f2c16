import {
  type KeyValueStore,
  browserKeyValueStore,
  deleteDeviceDatabase,
  memoryKeyValueStore,
} from '../idb/key-value-store';
import { DRAFTS_DB_NAME } from '../idb/device-databases';

// Where the new-ticket drafts live on the device: one IndexedDB database, one record per
// (user, category, subcategory), holding the typed values and the chosen files as Blobs. The form
// reads and writes through the small DraftStore type, so tests hand it a Map-backed store.
// Every sign-out deletes the whole database (sign-out-cleanup.ts): the next user of a shared phone
// finds nothing of the last one.

export { DRAFTS_DB_NAME };

/** A key-value store of draft records; every method may reject (quota, private mode). */
export type DraftStore = Pick<KeyValueStore, 'get' | 'put' | 'delete'>;

/** The id of a draft: one per account and form, so another account never reads it. */
export const draftId = (uid: string, category: string, subcategory: string) =>
  `${uid}/${category}/${subcategory}`;

/** The browser's IndexedDB store; null where the browser has none (then drafts are simply off). */
export function browserDraftStore(): DraftStore | null {
  return browserKeyValueStore(DRAFTS_DB_NAME, 'drafts');
}

/** A store in memory, for tests. `records` is the Map behind it. */
export const memoryDraftStore = memoryKeyValueStore;

/** Deletes every draft of every account on this device (called at each sign-out). */
export function deleteAllDrafts(): void {
  deleteDeviceDatabase(DRAFTS_DB_NAME);
}
