import type { KeyId, SealingKeys } from './device-key';
import type { KeyValueStore } from './key-value-store';

// A key-value store whose records are sealed on the device: every record (files included) is
// encrypted with AES-GCM under the signed-in account's device key before it reaches IndexedDB, and
// opened again on the way out. A record that does not open (another account's, a forgotten key, a
// damaged record) reads as absent. The key is asked for only when there is something to seal or
// open, so an empty store costs no key.
//
// Each record is bound to its place: AES-GCM's additional data is `{uid}\n{store}\n{stored id}`,
// so a record copied under another id, into another store or account does not open. The ids are
// stored as SHA-256 hashes (of `{store}\n{id}`), so a signed-out or timed-out phone shows neither
// whose records it holds nor of what kind (a draft's id names its account and category).
//
// Records of the earlier version (`sealed: 1`, no additional data, under the plain id) are still
// read, so no draft or queued ticket is lost by the update; every write re-seals the record in the
// current version under its hashed id and removes the old one, and the next log-out deletes them.

type Box = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
/**
 * A record as stored: the sealed JSON of the record, each Blob in it sealed on its own, and which key
 * sealed them; version 2 is bound to its place by additional data, version 1 (earlier) is not.
 */
export type SealedRecord = { sealed: 1 | 2; keyId: KeyId; record: Box; blobs: Box[] };

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

const additional = (aad: string | undefined, part: string) =>
  aad === undefined ? {} : { additionalData: new TextEncoder().encode(`${aad}\n${part}`) };

async function sealBytes(
  key: CryptoKey,
  bytes: BufferSource,
  aad: string | undefined,
  part: string,
): Promise<Box> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return {
    iv,
    data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv, ...additional(aad, part) }, key, bytes),
  };
}

const openBytes = (key: CryptoKey, box: Box, aad: string | undefined, part: string): Promise<ArrayBuffer> =>
  crypto.subtle.decrypt({ name: 'AES-GCM', iv: box.iv, ...additional(aad, part) }, key, box.data);

/**
 * Seals `record` (any structured data with Blobs or Files in it) under `key` (known as `keyId`),
 * bound to `aad` (the record's place, see above); without `aad`, the earlier unbound version.
 */
export async function seal(
  key: CryptoKey,
  record: unknown,
  keyId: KeyId = 'account',
  aad?: string,
): Promise<SealedRecord> {
  const blobs: Blob[] = [];
  const json = JSON.stringify(withoutBlobs(record, blobs));
  const [sealedRecord, sealedBlobs] = await Promise.all([
    sealBytes(key, new TextEncoder().encode(json), aad, 'record'),
    Promise.all(
      blobs.map(async (blob, index) =>
        sealBytes(key, new Uint8Array(await blobBytes(blob)), aad, `blob ${index}`),
      ),
    ),
  ]);
  return { sealed: aad === undefined ? 1 : 2, keyId, record: sealedRecord, blobs: sealedBlobs };
}

/** Checked by tag, not instanceof: an ArrayBuffer may come from another realm (WebCrypto, IndexedDB). */
const isArrayBuffer = (value: unknown) => Object.prototype.toString.call(value) === '[object ArrayBuffer]';
const isBox = (value: unknown): value is Box =>
  isObject(value) && ArrayBuffer.isView(value.iv) && isArrayBuffer(value.data);

function isSealed(value: unknown): value is SealedRecord {
  return (
    isObject(value) &&
    (value.sealed === 1 || value.sealed === 2) &&
    (value.keyId === 'account' || value.keyId === 'phone') &&
    isBox(value.record) &&
    Array.isArray(value.blobs) &&
    value.blobs.every(isBox)
  );
}

/**
 * The record `stored` holds, or undefined when it is no sealed record or `key` does not open it. A
 * bound record (version 2) opens only with the `aad` it was sealed with; an earlier one without.
 */
export async function open(key: CryptoKey, stored: unknown, aad?: string): Promise<unknown> {
  if (!isSealed(stored)) return undefined;
  const bound = stored.sealed === 2 ? aad : undefined;
  if (stored.sealed === 2 && bound === undefined) return undefined;
  try {
    const [json, blobs] = await Promise.all([
      openBytes(key, stored.record, bound, 'record'),
      Promise.all(stored.blobs.map((box, index) => openBytes(key, box, bound, `blob ${index}`))),
    ]);
    return withBlobs(JSON.parse(new TextDecoder().decode(json)), blobs);
  } catch {
    return undefined;
  }
}

/** The id a record of store `name` is kept under: the SHA-256 of the store and its id, hex. */
export async function storedId(name: string, id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${name}\n${id}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What binds a record to account `uid`, store `name` and its stored id (AES-GCM additional data). */
export const recordPlace = (uid: string, name: string, stored: string) => `${uid}\n${name}\n${stored}`;

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
 * sealed with the account key when it can be had, else the phone's own, and bound to the account,
 * the store (`name`) and the record's id; opened with the key that sealed it, and read as absent when
 * that key is gone or the record is not in its place. `name` also names the lock that makes `update`
 * (read, change, write) one step for every tab, as the plain store's transaction does.
 */
export function sealedStore(inner: KeyValueStore, keys: SealingKeys, name: string): KeyValueStore {
  /** Opens what is stored under `at` (a hashed id, or an earlier version's plain id). */
  const read = async (stored: unknown, at: string, isLegacyId = false) => {
    if (!isSealed(stored) || (stored.sealed === 1) !== isLegacyId) return undefined;
    const uid = keys.owner();
    if (!uid) return undefined;
    const key = await keys.forOpening(stored.keyId).catch(() => null);
    return key ? open(key, stored, isLegacyId ? undefined : recordPlace(uid, name, at)) : undefined;
  };
  const readId = async (id: string) => {
    const at = await storedId(name, id);
    const opened = await read(await inner.get(at), at);
    return opened !== undefined ? opened : read(await inner.get(id), id, true);
  };
  const write = async (id: string, record: unknown) => {
    const uid = keys.owner();
    if (!uid) throw new Error('Nobody is signed in');
    const [{ id: keyId, key }, at] = await Promise.all([keys.forSealing(), storedId(name, id)]);
    await inner.put(at, await seal(key, record, keyId, recordPlace(uid, name, at)));
    await inner.delete(id);
  };
  const remove = async (id: string) => {
    await inner.delete(await storedId(name, id));
    await inner.delete(id);
  };
  return {
    get: readId,
    put: write,
    delete: remove,
    keys: () => Promise.reject(new Error('A sealed store does not list its ids: they are hashed')),
    getAll: async () => {
      const ids = await inner.keys();
      if (ids.length === 0) return [];
      const opened = await Promise.all(
        ids.map(async (at) => {
          const stored = await inner.get(at);
          return isSealed(stored) && stored.sealed === 1 ? read(stored, at, true) : read(stored, at);
        }),
      );
      return opened.filter((record) => record !== undefined);
    },
    update: (id, change) =>
      exclusively(`sealed-store:${name}`, async () => {
        const next = change(await readId(id));
        if (next === null) {
          await remove(id);
          return undefined;
        }
        if (next === undefined) return readId(id);
        await write(id, next);
        return next;
      }),
  };
}
