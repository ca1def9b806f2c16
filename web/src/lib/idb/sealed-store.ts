import type { KeyId, SealingKeys } from './device-key';
import type { KeyValueStore } from './key-value-store';

// A key-value store whose records are sealed on the device: every record (files included) is
// encrypted with AES-GCM under the signed-in account's device key before it reaches IndexedDB, and
// opened again on the way out. A record that does not open (another account's, a forgotten key, a
// damaged or older plain record) reads as absent. The key is asked for only when there is
// something to seal or open, so an empty store costs no key.

type Box = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
/** A record as stored: the sealed JSON of the record, each Blob in it sealed on its own, and which key sealed them. */
export type SealedRecord = { sealed: 1; keyId: KeyId; record: Box; blobs: Box[] };

type BlobSlot = { $blob: number; type: string; name?: string; lastModified?: number };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The record with each Blob replaced by a numbered slot, and the Blobs in slot order. */
function withoutBlobs(value: unknown, blobs: Blob[]): unknown {
  if (value instanceof Blob) {
    const slot: BlobSlot = { $blob: blobs.length, type: value.type };
    if (value instanceof File) Object.assign(slot, { name: value.name, lastModified: value.lastModified });
    blobs.push(value);
    return slot;
  }
  if (Array.isArray(value)) return value.map((item) => withoutBlobs(item, blobs));
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withoutBlobs(item, blobs)]));
  }
  return value;
}

function withBlobs(value: unknown, blobs: ArrayBuffer[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withBlobs(item, blobs));
  if (!isObject(value)) return value;
  const { $blob, type, name, lastModified } = value as Partial<BlobSlot>;
  if (typeof $blob === 'number' && typeof type === 'string' && blobs[$blob] !== undefined) {
    const bytes = blobs[$blob];
    return typeof name === 'string'
      ? new File([bytes], name, {
          type,
          lastModified: typeof lastModified === 'number' ? lastModified : undefined,
        })
      : new Blob([bytes], { type });
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBlobs(item, blobs)]));
}

/** A Blob's bytes (FileReader where a browser or jsdom has no Blob.arrayBuffer). */
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

async function sealBytes(key: CryptoKey, bytes: BufferSource): Promise<Box> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes) };
}

const openBytes = (key: CryptoKey, box: Box): Promise<ArrayBuffer> =>
  crypto.subtle.decrypt({ name: 'AES-GCM', iv: box.iv }, key, box.data);

/** Seals `record` (any structured data with Blobs or Files in it) under `key` (known as `keyId`). */
export async function seal(key: CryptoKey, record: unknown, keyId: KeyId = 'account'): Promise<SealedRecord> {
  const blobs: Blob[] = [];
  const json = JSON.stringify(withoutBlobs(record, blobs));
  const [sealedRecord, sealedBlobs] = await Promise.all([
    sealBytes(key, new TextEncoder().encode(json)),
    Promise.all(blobs.map(async (blob) => sealBytes(key, new Uint8Array(await blobBytes(blob))))),
  ]);
  return { sealed: 1, keyId, record: sealedRecord, blobs: sealedBlobs };
}

/** Checked by tag, not instanceof: an ArrayBuffer may come from another realm (WebCrypto, IndexedDB). */
const isArrayBuffer = (value: unknown) => Object.prototype.toString.call(value) === '[object ArrayBuffer]';
const isBox = (value: unknown): value is Box =>
  isObject(value) && ArrayBuffer.isView(value.iv) && isArrayBuffer(value.data);

function isSealed(value: unknown): value is SealedRecord {
  return (
    isObject(value) &&
    value.sealed === 1 &&
    (value.keyId === 'account' || value.keyId === 'phone') &&
    isBox(value.record) &&
    Array.isArray(value.blobs) &&
    value.blobs.every(isBox)
  );
}

/** The record `stored` holds, or undefined when it is no sealed record or `key` does not open it. */
export async function open(key: CryptoKey, stored: unknown): Promise<unknown> {
  if (!isSealed(stored)) return undefined;
  try {
    const [json, blobs] = await Promise.all([
      openBytes(key, stored.record),
      Promise.all(stored.blobs.map((box) => openBytes(key, box))),
    ]);
    return withBlobs(JSON.parse(new TextDecoder().decode(json)), blobs);
  } catch {
    return undefined;
  }
}

const localQueues = new Map<string, Promise<unknown>>();

/** Runs `task` alone among the tabs (Web Locks; one tab's queue where the browser has none). */
function exclusively<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request(name, task);
  const previous = localQueues.get(name) ?? Promise.resolve();
  const next = previous.then(task, task);
  localQueues.set(
    name,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * `inner` with every record sealed under the signed-in account's keys (`keys`, see device-key.ts):
 * sealed with the account key when it can be had, else the phone's own; opened with the key that
 * sealed it, and read as absent when that key is gone. `name` names the lock that makes `update`
 * (read, change, write) one step for every tab, as the plain store's transaction does.
 */
export function sealedStore(inner: KeyValueStore, keys: SealingKeys, name: string): KeyValueStore {
  const read = async (stored: unknown) => {
    if (!isSealed(stored)) return undefined;
    const key = await keys.forOpening(stored.keyId).catch(() => null);
    return key ? open(key, stored) : undefined;
  };
  const write = async (id: string, record: unknown) => {
    const { id: keyId, key } = await keys.forSealing();
    await inner.put(id, await seal(key, record, keyId));
  };
  return {
    get: async (id) => read(await inner.get(id)),
    put: write,
    delete: (id) => inner.delete(id),
    getAll: async () => {
      const records = await inner.getAll();
      if (records.length === 0) return [];
      const opened = await Promise.all(records.map(read));
      return opened.filter((record) => record !== undefined);
    },
    update: (id, change) =>
      exclusively(`sealed-store:${name}`, async () => {
        const next = change(await read(await inner.get(id)));
        if (next === null) {
          await inner.delete(id);
          return undefined;
        }
        if (next === undefined) return read(await inner.get(id));
        await write(id, next);
        return next;
      }),
  };
}
