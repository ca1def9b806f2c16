// getDeviceKey against the Firestore and Auth emulators: the key that seals an account's data on
// the phone comes back the same for that account on every call (so a sign-in after a session
// timeout reads the drafts and the outbox again) and is another for every other account.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_KEYS_COLLECTION,
  createGetDeviceKeyHandler,
} from '../src/callable/device-keys/get-device-key.js';
import { fieldsOf, httpsErrorOf } from '../testing/helpers.js';
import {
  type Account,
  account,
  anonymous,
  clock,
  db,
  logger,
  requestAs,
} from '../testing/ticket-processing-fixtures.js';

const getDeviceKey = createGetDeviceKeyHandler({ db, logger, now: () => clock.now() });

const keyOf = async (who: Account) => (await getDeviceKey(await requestAs(who, {}))).key;

let worker: Account;
let otherWorker: Account;

beforeAll(async () => {
  [worker, otherWorker] = await Promise.all([account('user'), account('user')]);
});

describe('getDeviceKey', () => {
  it('gives one account the same 32-byte key on every call, stored server-side', async () => {
    const at = clock.tick();
    const first = await keyOf(worker);
    clock.tick();
    expect(await keyOf(worker)).toBe(first);

    expect(first).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect((await db.doc(`${DEVICE_KEYS_COLLECTION}/${worker.uid}`).get()).data()).toEqual({
      key: first,
      createdAt: at,
    });
  });

  it('gives another account another key', async () => {
    expect(await keyOf(otherWorker)).not.toBe(await keyOf(worker));
  });

  it('gives concurrent first calls of one account one key', async () => {
    const fresh = await account('user');
    const request = await requestAs(fresh, {});
    const keys = await Promise.all([1, 2, 3, 4].map(async () => (await getDeviceKey(request)).key));
    expect(new Set(keys).size).toBe(1);
    expect((await db.doc(`${DEVICE_KEYS_COLLECTION}/${fresh.uid}`).get()).get('key')).toBe(keys[0]);
  });

  it('refuses a signed-out caller and a disabled account, and stores nothing for them', async () => {
    expect((await httpsErrorOf(getDeviceKey(anonymous({})))).code).toBe('unauthenticated');

    const disabled = await account('user');
    await db.doc(`users/${disabled.uid}`).set({ disabled: true }, { merge: true });
    expect((await httpsErrorOf(getDeviceKey(await requestAs(disabled, {})))).code).toBe('unauthenticated');
    expect((await db.doc(`${DEVICE_KEYS_COLLECTION}/${disabled.uid}`).get()).exists).toBe(false);
  });

  it('refuses a payload with anything in it', async () => {
    const error = await httpsErrorOf(getDeviceKey(await requestAs(worker, { uid: otherWorker.uid })));
    expect(error.code).toBe('invalid-argument');
    expect(Object.keys(fieldsOf(error)).length).toBeGreaterThan(0);
    expect((await httpsErrorOf(getDeviceKey(await requestAs(worker, null)))).code).toBe('invalid-argument');
  });
});
