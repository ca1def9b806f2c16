// A small key-value store over one IndexedDB object store, for what the app keeps on the device
// per account (new-ticket drafts, the outbox of tickets waiting for a connection). Each operation
// opens the database and closes it after, so no open connection holds up the deletion at sign-out
// in another tab. This module imports nothing, so /login never carries it.

/** A key-value store of records; every method may reject (quota, private mode). */
export type KeyValueStore = {
  get: (id: string) => Promise<unknown>;
  put: (id: string, record: unknown) => Promise<void>;
  delete: (id: string) => Promise<void>;
  /** Every record, in key order. */
  getAll: () => Promise<unknown[]>;
  /** Every record's id, in order. */
  keys: () => Promise<string[]>;
  /**
   * Reads record `id` and writes what `change` makes of it, in one transaction, so no other tab
   * writes in between: a record to put, `null` to delete it, `undefined` to leave it. Answers the
   * record as it is afterwards.
   */
  update: (id: string, change: (current: unknown) => unknown) => Promise<unknown>;
};

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function withObjectStore<T>(
  dbName: string,
  objectStore: string,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const open = indexedDB.open(dbName, 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(objectStore)) open.result.createObjectStore(objectStore);
  };
  const db = await requestResult(open);
  try {
    const transaction = db.transaction(objectStore, mode);
    const isDone = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    const [result] = await Promise.all([requestResult(run(transaction.objectStore(objectStore))), isDone]);
    return result;
  } finally {
    db.close();
  }
}

/** Whether this browser has IndexedDB (private modes and old browsers may not). */
export const hasIndexedDb = () => typeof indexedDB !== 'undefined' && typeof indexedDB.open === 'function';

/** The browser's IndexedDB store `objectStore` in database `dbName`; null where there is no IndexedDB. */
export function browserKeyValueStore(dbName: string, objectStore: string): KeyValueStore | null {
  if (!hasIndexedDb()) return null;
  const run = <T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>) =>
    withObjectStore(dbName, objectStore, mode, request);
  return {
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<unknown>),
    put: async (id, record) => {
      await run('readwrite', (store) => store.put(record, id));
    },
    delete: async (id) => {
      await run('readwrite', (store) => store.delete(id));
    },
    getAll: () => run('readonly', (store) => store.getAll() as IDBRequest<unknown[]>),
    keys: async () => {
      const keys = await run('readonly', (store) => store.getAllKeys());
      return keys.filter((key): key is string => typeof key === 'string');
    },
    update: async (id, change) => {
      let after: unknown;
      await run('readwrite', (store) => {
        const read = store.get(id);
        read.addEventListener('success', () => {
          const next = change(read.result);
          after = next === undefined ? read.result : next;
          if (next === null) store.delete(id);
          else if (next !== undefined) store.put(next, id);
        });
        return read;
      });
      return after ?? undefined;
    },
  };
}

/** A store in memory, for tests. `records` is the Map behind it. */
export function memoryKeyValueStore(records = new Map<string, unknown>()): KeyValueStore & {
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
    getAll: () => Promise.resolve([...records.keys()].sort().map((key) => records.get(key))),
    keys: () => Promise.resolve([...records.keys()].sort()),
    update: (id, change) => {
      const next = change(records.get(id));
      if (next === null) records.delete(id);
      else if (next !== undefined) records.set(id, next);
      return Promise.resolve(next === undefined ? records.get(id) : (next ?? undefined));
    },
  };
}

/** Deletes database `dbName` of this device (at sign-out); waits while another tab holds it open. */
export function deleteDeviceDatabase(dbName: string): void {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.deleteDatabase !== 'function') return;
  indexedDB.deleteDatabase(dbName);
}
