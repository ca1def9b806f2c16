import { currentUser } from '../auth/api';
import { DEVICE_KEYS_DB_NAME } from './device-databases';
import { browserKeyValueStore, deleteDeviceDatabase } from './key-value-store';

// The key that seals an account's data on this phone (drafts, the outbox): AES-GCM, 256 bits,
// the same for the account on every device and every sign-in, handed out by the getDeviceKey
// callable to that account only. Kept while signed in (in memory and, non-extractable, in
// IndexedDB so a reload offline still reads the drafts); every sign-out deletes it, so what is
// sealed on the phone stays unreadable until the same account signs in again.

type KeySource = (uid: string) => Promise<string>;

/** The account's raw key, base64, from the server. */
const serverKey: KeySource = async () => {
  const { call } = await import('../call');
  return (await call('getDeviceKey', {})).key;
};

let cached: { uid: string; key: Promise<CryptoKey> } | null = null;

function importRawKey(base64: string): Promise<CryptoKey> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return crypto.subtle.importKey('raw', bytes, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

async function loadKey(uid: string, source: KeySource): Promise<CryptoKey> {
  const store = browserKeyValueStore(DEVICE_KEYS_DB_NAME, 'keys');
  const stored = await store?.get(uid).catch(() => undefined);
  if (stored instanceof CryptoKey) return stored;
  const key = await importRawKey(await source(uid));
  await store?.put(uid, key).catch(() => undefined);
  return key;
}

/** Account `uid`'s device key: from memory, the device, or else the server (needs a connection). */
export function deviceKey(uid: string, source: KeySource = serverKey): Promise<CryptoKey> {
  if (cached?.uid !== uid) {
    const key = loadKey(uid, source);
    cached = { uid, key };
    // A failure (offline before the key ever came) is not kept: the next use asks again.
    key.catch(() => {
      if (cached?.key === key) cached = null;
    });
  }
  return cached.key;
}

/** The signed-in account's device key; rejects when nobody is signed in. */
export function currentDeviceKey(): Promise<CryptoKey> {
  const uid = currentUser()?.uid;
  return uid ? deviceKey(uid) : Promise.reject(new Error('Nobody is signed in'));
}

/** Forgets every device key of this phone (at each sign-out). */
export function forgetDeviceKeys(): void {
  cached = null;
  deleteDeviceDatabase(DEVICE_KEYS_DB_NAME);
}

/** How long after a signed-in screen opens its device key is fetched (after the screen's own work). */
export const KEY_PREFETCH_DELAY_MS = 2_000;

/**
 * Gets account `uid`'s device key ready while there is a connection (and again when it returns, if
 * it failed), so drafts and the outbox work on a building site without signal later. Returns what
 * stops it.
 */
export function prefetchDeviceKey(uid: string, source?: KeySource): () => void {
  let isDone = false;
  const fetchKey = () => {
    if (isDone || !navigator.onLine) return;
    deviceKey(uid, source).then(
      () => {
        isDone = true;
      },
      () => undefined,
    );
  };
  const timer = setTimeout(fetchKey, KEY_PREFETCH_DELAY_MS);
  window.addEventListener('online', fetchKey);
  return () => {
    isDone = true;
    clearTimeout(timer);
    window.removeEventListener('online', fetchKey);
  };
}
