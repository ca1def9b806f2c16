import { currentUser } from '../auth/api';
import { isOnline, subscribeConnectivity } from '../connectivity';
import { DEVICE_KEYS_DB_NAME } from './device-databases';
import { type KeyValueStore, browserKeyValueStore, deleteDeviceDatabase } from './key-value-store';

// The keys that seal an account's data on this phone (drafts, the outbox), AES-GCM, 256 bits:
// - the account key, the same for the account on every device and every sign-in, handed out by the
//   getDeviceKey callable to that account only: what it seals survives a session timeout and opens
//   again at the same account's next sign-in;
// - the phone key, made here, for the moments the account key cannot be had (no signal before it
//   ever came): nothing typed or queued is refused for want of a key, but what it seals does not
//   outlive the sign-in (re-sealed under the account key at its next write once that key comes).
// Both are kept while signed in (in memory and, non-extractable, in IndexedDB so a reload offline
// still reads the drafts); every sign-out deletes them, so what is sealed on the phone stays
// unreadable to anyone else.

type KeySource = (uid: string) => Promise<string>;

/** The account's raw key, base64, from the server. */
const serverKey: KeySource = async () => {
  // Not even loaded offline: a dynamic import that failed offline stays failed for the page's life.
  if (!isOnline()) throw new Error('No connection for the account key');
  const { call } = await import('../call');
  return (await call('getDeviceKey', {})).key;
};

let cached: { uid: string; key: Promise<CryptoKey> } | null = null;
let cachedPhoneKey: { uid: string; key: Promise<CryptoKey> } | null = null;
/** Counts the sign-outs (forgetDeviceKeys): a key that arrives after one is dropped, never stored. */
let generation = 0;

const keyStore = (): KeyValueStore | null => browserKeyValueStore(DEVICE_KEYS_DB_NAME, 'keys');

/** Throws when a sign-out came since `started`: the key belongs to a session that is over. */
function assertSameSession(started: number): void {
  if (generation !== started) throw new Error('Signed out while the device key was on its way');
}

function importRawKey(base64: string): Promise<CryptoKey> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return crypto.subtle.importKey('raw', bytes, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

async function loadKey(uid: string, source: KeySource, store: KeyValueStore | null): Promise<CryptoKey> {
  const started = generation;
  const stored = await store?.get(uid).catch(() => undefined);
  assertSameSession(started);
  if (stored instanceof CryptoKey) return stored;
  const raw = await source(uid);
  // The answer of a request made before a sign-out: written back, it would seal and open the
  // signed-out account's drafts for whoever holds the phone next.
  assertSameSession(started);
  const key = await importRawKey(raw);
  assertSameSession(started);
  await store?.put(uid, key).catch(() => undefined);
  return key;
}

/**
 * Account `uid`'s device key: from memory, the device, or else the server (needs a connection).
 * `store` is where it is kept on the device (the browser's IndexedDB; tests pass their own).
 */
export function deviceKey(
  uid: string,
  source: KeySource = serverKey,
  store: KeyValueStore | null = keyStore(),
): Promise<CryptoKey> {
  if (cached?.uid !== uid) {
    const key = loadKey(uid, source, store);
    cached = { uid, key };
    // A failure (offline before the key ever came) is not kept: the next use asks again.
    key.catch(() => {
      if (cached?.key === key) cached = null;
    });
  }
  return cached.key;
}

async function loadPhoneKey(uid: string): Promise<CryptoKey> {
  const started = generation;
  const store = keyStore();
  const id = `phone/${uid}`;
  const stored = await store?.get(id).catch(() => undefined);
  assertSameSession(started);
  if (stored instanceof CryptoKey) return stored;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  assertSameSession(started);
  await store?.put(id, key).catch(() => undefined);
  return key;
}

/** Account `uid`'s phone key (see above), made on first use. */
export function phoneKey(uid: string): Promise<CryptoKey> {
  if (cachedPhoneKey?.uid !== uid) {
    const key = loadPhoneKey(uid);
    cachedPhoneKey = { uid, key };
    key.catch(() => {
      if (cachedPhoneKey?.key === key) cachedPhoneKey = null;
    });
  }
  return cachedPhoneKey.key;
}

/** Which key sealed a record. */
export type KeyId = 'account' | 'phone';

/** The keys of a sealed store (sealed-store.ts): one to seal with now, and the one a record opens with. */
export type SealingKeys = {
  /** The account whose keys these are (null when nobody is signed in): records are bound to it. */
  owner: () => string | null;
  forSealing: () => Promise<{ id: KeyId; key: CryptoKey }>;
  forOpening: (id: KeyId) => Promise<CryptoKey>;
};

/** How long sealing waits for the account key (a dead site Wi-Fi can hang a request) before the phone key. */
export const ACCOUNT_KEY_WAIT_MS = 3_000;

/** The sealing keys of account `uid`: the account key when it comes in time, else the phone key. */
export function sealingKeys(uid: string, source?: KeySource): SealingKeys {
  return {
    owner: () => uid,
    forSealing: async () => {
      const account = deviceKey(uid, source);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), ACCOUNT_KEY_WAIT_MS);
      });
      const key = await Promise.race([account.catch(() => null), late]);
      clearTimeout(timer);
      return key ? { id: 'account', key } : { id: 'phone', key: await phoneKey(uid) };
    },
    forOpening: (id) => (id === 'phone' ? phoneKey(uid) : deviceKey(uid, source)),
  };
}

/** The signed-in account's sealing keys, resolved at each use; they reject when nobody is signed in. */
export const currentSealingKeys: SealingKeys = {
  owner: () => currentUser()?.uid ?? null,
  forSealing: () => {
    const uid = currentUser()?.uid;
    return uid ? sealingKeys(uid).forSealing() : Promise.reject(new Error('Nobody is signed in'));
  },
  forOpening: (id) => {
    const uid = currentUser()?.uid;
    return uid ? sealingKeys(uid).forOpening(id) : Promise.reject(new Error('Nobody is signed in'));
  },
};

/** Forgets every device key of this phone, the account's and the phone's own (at each sign-out). */
export function forgetDeviceKeys(): void {
  generation += 1;
  cached = null;
  cachedPhoneKey = null;
  deleteDeviceDatabase(DEVICE_KEYS_DB_NAME);
}

/** How long after a signed-in screen opens its device key is fetched (after the screen's own work). */
export const KEY_PREFETCH_DELAY_MS = 500;

/**
 * Gets account `uid`'s device key ready while there is a connection (and again when it returns, if
 * it failed), so drafts and the outbox work on a building site without signal later. Returns what
 * stops it.
 */
export function prefetchDeviceKey(uid: string, source?: KeySource): () => void {
  let isDone = false;
  const fetchKey = () => {
    if (isDone || !isOnline()) return;
    deviceKey(uid, source).then(
      () => {
        isDone = true;
      },
      () => undefined,
    );
  };
  const timer = setTimeout(fetchKey, KEY_PREFETCH_DELAY_MS);
  const stopListening = subscribeConnectivity(fetchKey);
  return () => {
    isDone = true;
    clearTimeout(timer);
    stopListening();
  };
}
