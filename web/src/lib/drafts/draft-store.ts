// Where the new-ticket drafts live on the device: one IndexedDB database, one record per
// (user, category, subcategory), holding the typed values and the chosen files as Blobs. The form
// reads and writes through the small DraftStore type, so tests hand it a Map-backed store.
// Every sign-out deletes the whole database (sign-out-cleanup.ts): the next user of a shared phone
// finds nothing of the last one. This module imports nothing, so /login never carries it.

/** The IndexedDB database of the drafts; sign-out deletes it. */
export const DRAFTS_DB_NAME = 'ticket-drafts';
const OBJECT_STORE = 'drafts';

/** A key-value store of draft records; every method may reject (quota, private mode). */
export type DraftStore = {
  get: (id: string) => Promise<unknown>;
  put: (id: string, record: unknown) => Promise<void>;
  delete: (id: string) => Promise<void>;
};

/** The id of a draft: one per account and form, so another account never reads it. */
export const draftId = (uid: string, category: string, subcategory: string) =>
  `${uid}/${category}/${subcategory}`;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Opens the database for one operation and closes it after, so no open connection holds up the
 * deletion at sign-out in another tab.
 */
async function withObjectStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const open = indexedDB.open(DRAFTS_DB_NAME, 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(OBJECT_STORE)) open.result.createObjectStore(OBJECT_STORE);
  };
  const db = await requestResult(open);
  try {
    const transaction = db.transaction(OBJECT_STORE, mode);
    const isDone = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    const [result] = await Promise.all([requestResult(run(transaction.objectStore(OBJECT_STORE))), isDone]);
    return result;
  } finally {
    db.close();
  }
}

/** The browser's IndexedDB store; null where the browser has none (then drafts are simply off). */
export function browserDraftStore(): DraftStore | null {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.open !== 'function') return null;
  return {
    get: (id) => withObjectStore('readonly', (store) => store.get(id) as IDBRequest<unknown>),
    put: async (id, record) => {
      await withObjectStore('readwrite', (store) => store.put(record, id));
    },
    delete: async (id) => {
      await withObjectStore('readwrite', (store) => store.delete(id));
    },
  };
}

/** A store in memory, for tests. `records` is the Map behind it. */
export function memoryDraftStore(records = new Map<string, unknown>()): DraftStore & {
  records: Map<string, unknown>;
} {
  return {
    records,
    get: (id) => Promise.resolve(records.get(id)),
    put: (id, record) => {
      records.set(id, record);
      return Promise.resolve();
    },
    delete: (id) => {
      records.delete(id);
      return Promise.resolve();
    },
  };
}

/** Deletes every draft of every account on this device (called at each sign-out). */
export function deleteAllDrafts(): void {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.deleteDatabase !== 'function') return;
  indexedDB.deleteDatabase(DRAFTS_DB_NAME);
}
