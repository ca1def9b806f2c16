import { phoneKey } from '../idb/device-key';

// The last words of a draft when the page goes away at once (a reload, a crash of the tab, the
// phone closing the app): the drafts store seals with WebCrypto and writes to IndexedDB, both
// asynchronous, which a page being unloaded does not wait for. So the form keeps a one-time pad
// ready: random bytes, sealed (AES-GCM) under the account's phone key and kept in localStorage
// ahead of time. When the page is left with words not yet stored, the draft's JSON is XORed with
// the pad and written to localStorage synchronously; at the next form opening the pad is opened with
// the phone key and the words go back into the drafts store. A pad serves one write only; without
// the phone key (gone with every sign-out) neither the pad nor the words can be read, and every
// sign-out deletes both.

const RESCUE_PREFIX = 'draft-rescue:';
const PAD_PREFIX = 'draft-pad:';
/** The longest draft JSON a pad covers, in bytes (a description of 2,000 Cyrillic letters is ~4 KB). */
export const PAD_BYTES = 16 * 1024;
/** Pads never used are dropped after this (an open form keeps its own until it is used). */
const UNUSED_PAD_MS = 24 * 60 * 60 * 1000;

type StoredPad = { uid: string; iv: string; data: string; createdAt: number };
type Rescued = { draftId: string; record: unknown };

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

const padPlace = (uid: string, padId: string) => new TextEncoder().encode(`${uid}\ndraft-pad\n${padId}`);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The keys of localStorage that start with `prefix`. */
function keysWith(prefix: string): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

function xor(bytes: Uint8Array, pad: Uint8Array): Uint8Array {
  return bytes.map((byte, index) => byte ^ (pad[index] ?? 0));
}

/** A pad for account `uid`, sealed and stored; resolves with its id and bytes once it is stored. */
async function makePad(uid: string): Promise<{ id: string; bytes: Uint8Array }> {
  const store = storage();
  if (!store) throw new Error('No localStorage');
  const id = crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(PAD_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await phoneKey(uid);
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: padPlace(uid, id) }, key, bytes),
  );
  const stored: StoredPad = { uid, iv: toBase64(iv), data: toBase64(data), createdAt: Date.now() };
  store.setItem(`${PAD_PREFIX}${id}`, JSON.stringify(stored));
  return { id, bytes };
}

async function openPad(uid: string, padId: string): Promise<Uint8Array | null> {
  try {
    const stored = JSON.parse(storage()?.getItem(`${PAD_PREFIX}${padId}`) ?? 'null') as StoredPad | null;
    if (!stored || stored.uid !== uid) return null;
    const key = await phoneKey(uid);
    const bytes = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(stored.iv), additionalData: padPlace(uid, padId) },
      key,
      fromBase64(stored.data),
    );
    return new Uint8Array(bytes);
  } catch {
    return null;
  }
}

export type DraftRescue = {
  /**
   * Writes `record` (JSON, no files) for draft `draftId` at once, synchronously; false when no pad is
   * ready yet or the record does not fit. The pad is used up; the next one is made in the background.
   */
  writeNow: (draftId: string, record: unknown) => boolean;
  /** Stops making pads and drops the unused one (the form closed). */
  close: () => void;
};

/** Keeps a pad ready for account `uid`'s drafts in this form (see above). */
export function draftRescue(uid: string): DraftRescue {
  let pad: { id: string; bytes: Uint8Array } | null = null;
  let isClosed = false;
  const prepare = () => {
    makePad(uid).then(
      (made) => {
        if (isClosed) storage()?.removeItem(`${PAD_PREFIX}${made.id}`);
        else pad = made;
      },
      () => undefined,
    );
  };
  prepare();
  return {
    writeNow: (draftId, record) => {
      const store = storage();
      if (!pad || !store || isClosed) return false;
      const bytes = new TextEncoder().encode(JSON.stringify({ draftId, record }));
      if (bytes.length > PAD_BYTES) return false;
      const used = pad;
      pad = null;
      try {
        store.setItem(`${RESCUE_PREFIX}${used.id}`, toBase64(xor(bytes, used.bytes)));
      } catch {
        return false;
      } finally {
        prepare();
      }
      return true;
    },
    close: () => {
      isClosed = true;
      if (pad) storage()?.removeItem(`${PAD_PREFIX}${pad.id}`);
      pad = null;
    },
  };
}

/**
 * The drafts account `uid` left in rescue writes, oldest pad first, each removed from the device
 * with its pad; writes that do not open (another account's, a pad gone with a sign-out, damaged)
 * stay for their own account or are dropped with their pad. Unused pads older than a day go too.
 */
export async function takeRescuedDrafts(uid: string): Promise<Rescued[]> {
  const store = storage();
  if (!store) return [];
  const found: Rescued[] = [];
  for (const key of keysWith(RESCUE_PREFIX)) {
    const padId = key.slice(RESCUE_PREFIX.length);
    const written = store.getItem(key);
    const pad = await openPad(uid, padId);
    if (!pad) {
      // Not this account's (it stays for its owner), or its pad is gone: then nobody can read it.
      if (store.getItem(`${PAD_PREFIX}${padId}`) === null) store.removeItem(key);
      continue;
    }
    store.removeItem(key);
    store.removeItem(`${PAD_PREFIX}${padId}`);
    try {
      const parsed = JSON.parse(new TextDecoder().decode(xor(fromBase64(written ?? ''), pad))) as Rescued;
      if (typeof parsed?.draftId === 'string') found.push({ draftId: parsed.draftId, record: parsed.record });
    } catch {
      // Damaged: nothing to give back.
    }
  }
  for (const key of keysWith(PAD_PREFIX)) {
    const padId = key.slice(PAD_PREFIX.length);
    if (store.getItem(`${RESCUE_PREFIX}${padId}`) !== null) continue;
    try {
      const { createdAt } = JSON.parse(store.getItem(key) ?? '{}') as Partial<StoredPad>;
      if (typeof createdAt !== 'number' || Date.now() - createdAt > UNUSED_PAD_MS) store.removeItem(key);
    } catch {
      store.removeItem(key);
    }
  }
  return found;
}

/** Deletes every rescue write and pad on this device (each sign-out, with the drafts). */
export function deleteAllRescues(): void {
  const store = storage();
  for (const key of [...keysWith(RESCUE_PREFIX), ...keysWith(PAD_PREFIX)]) store?.removeItem(key);
}
