import { randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { defineCallable } from '../define-callable.js';
import type { CallableLogger } from '../errors.js';

export type GetDeviceKeyDeps = {
  db: Firestore;
  logger: CallableLogger;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
};

/** One document per account, `{key, createdAt}`; only functions read or write it (firestore.rules). */
export const DEVICE_KEYS_COLLECTION = 'deviceKeys';

/** The key's length: 256 bits, an AES-GCM key on the phone. */
const KEY_BYTES = 32;

/**
 * The account's key, made on its first call. Read and created in one transaction, so two first
 * calls at once (two tabs, a retry) agree on one key: the loser of the race is retried and reads the
 * winner's. `create` rather than `set`: a key once handed out is never replaced, or what the phone
 * sealed with it could never be read again.
 */
async function deviceKeyOf(db: Firestore, uid: string, at: Date): Promise<string> {
  const ref = db.collection(DEVICE_KEYS_COLLECTION).doc(uid);
  return db.runTransaction(async (tx) => {
    const stored: unknown = (await tx.get(ref)).get('key');
    if (typeof stored === 'string' && stored !== '') return stored;
    const key = randomBytes(KEY_BYTES).toString('base64');
    tx.create(ref, { key, createdAt: at });
    return key;
  });
}

/**
 * The getDeviceKey callable (every signed-in user): the key that seals the caller's data on the
 * phone (new-ticket drafts, the outbox), the same for that account on every call and every device,
 * and another for every other account. A session timeout makes the phone forget it; signing in
 * again as the same account brings it back, so the sealed data reads again, and nobody else can.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (anything but `{}`);
 * `internal` 'session.errors.deviceKeyFailed'.
 */
export function createGetDeviceKeyHandler(deps: GetDeviceKeyDeps) {
  const { db, now } = deps;
  return defineCallable('getDeviceKey', deps, {
    run: async ({ caller }) => ({ key: await deviceKeyOf(db, caller.uid, new Date(now())) }),
  });
}
