import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_KEYS_DB_NAME,
  DRAFTS_DB_NAME,
  OUTBOX_DB_NAME,
  SAFETY_OUTBOX_DB_NAME,
} from '../idb/device-databases';
import {
  INTENDED_PATH_KEY,
  SESSION_TIMED_OUT_KEY,
  clearSessionTimedOut,
  forgetSignedOutUser,
  markSessionTimedOut,
  rememberIntendedPath,
  signOutCount,
} from './sign-out-cleanup';

describe('forgetSignedOutUser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('removes the cached profiles, the intended path, the ticket drafts and both outboxes, stops Firestore and deletes its caches', async () => {
    sessionStorage.setItem('profile-u-worker', '{"data":{},"timestamp":1}');
    sessionStorage.setItem('profile-u-other', '{}');
    sessionStorage.setItem(INTENDED_PATH_KEY, '/ticket/t-0001');
    sessionStorage.setItem('unrelated', 'kept');
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', {
      databases: () =>
        Promise.resolve([
          { name: 'firestore/[DEFAULT]/demo-ticket-app/main' },
          { name: 'firebaseLocalStorageDb' },
        ]),
      deleteDatabase,
    });
    const stopFirestore = vi.fn(() => Promise.resolve());

    await forgetSignedOutUser({ stopFirestore });

    expect(Object.keys(sessionStorage)).toEqual(['unrelated']);
    expect(stopFirestore).toHaveBeenCalledTimes(1);
    expect(deleteDatabase.mock.calls).toEqual([
      [DEVICE_KEYS_DB_NAME],
      [DRAFTS_DB_NAME],
      [OUTBOX_DB_NAME],
      [SAFETY_OUTBOX_DB_NAME],
      ['firestore/[DEFAULT]/demo-ticket-app/main'],
    ]);
  });

  it('forgets the address an e-mail sign-in link went to (emailForSignIn)', async () => {
    vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]), deleteDatabase: vi.fn() });
    localStorage.setItem('emailForSignIn', 'jan@example.com');
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    expect(localStorage.getItem('emailForSignIn')).toBeNull();
  });

  it('deletes the ticket drafts of every account and counts the sign-out, so no late draft write follows', async () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]), deleteDatabase });
    const before = signOutCount();
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    expect(deleteDatabase).toHaveBeenCalledWith(DRAFTS_DB_NAME);
    expect(deleteDatabase).toHaveBeenCalledWith(OUTBOX_DB_NAME);
    expect(signOutCount()).toBe(before + 1);
  });

  it('keeps the next redirect to /login from remembering the signed-out user’s page', async () => {
    vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]), deleteDatabase: vi.fn() });
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    rememberIntendedPath('/ticket/t-0001');
    expect(sessionStorage.getItem(INTENDED_PATH_KEY)).toBeNull();
    // A visitor's later attempt is remembered again.
    rememberIntendedPath('/ticket-history');
    expect(sessionStorage.getItem(INTENDED_PATH_KEY)).toBe('/ticket-history');
  });

  it('still clears the session data and the drafts when the browser cannot list its databases', async () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { deleteDatabase });
    sessionStorage.setItem('profile-u-worker', '{}');
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    expect(sessionStorage.getItem('profile-u-worker')).toBeNull();
    expect(deleteDatabase.mock.calls).toEqual([
      [DEVICE_KEYS_DB_NAME],
      [DRAFTS_DB_NAME],
      [OUTBOX_DB_NAME],
      [SAFETY_OUTBOX_DB_NAME],
    ]);
  });

  it('after a session timeout keeps the sealed drafts and outbox for the same account, and deletes the keys', async () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]), deleteDatabase });
    markSessionTimedOut();
    // Every tab signs out at that moment and reads the same note.
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    expect(deleteDatabase.mock.calls).toEqual([[DEVICE_KEYS_DB_NAME], [DEVICE_KEYS_DB_NAME]]);

    // The next sign-in forgets the note: a later log-out deletes everything again.
    clearSessionTimedOut();
    expect(localStorage.getItem(SESSION_TIMED_OUT_KEY)).toBeNull();
    deleteDatabase.mockClear();
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    expect(deleteDatabase.mock.calls).toEqual([
      [DEVICE_KEYS_DB_NAME],
      [DRAFTS_DB_NAME],
      [OUTBOX_DB_NAME],
      [SAFETY_OUTBOX_DB_NAME],
    ]);
  });

  it('counts an old timeout note as none (a sign-out a minute or more later is a log-out)', async () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]), deleteDatabase });
    markSessionTimedOut(Date.now() - 61_000);
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    expect(deleteDatabase).toHaveBeenCalledWith(DRAFTS_DB_NAME);
    expect(deleteDatabase).toHaveBeenCalledWith(OUTBOX_DB_NAME);
    expect(deleteDatabase).toHaveBeenCalledWith(SAFETY_OUTBOX_DB_NAME);
  });

  it('still stops Firestore when the device has no IndexedDB at all', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const stopFirestore = vi.fn(() => Promise.resolve());
    await forgetSignedOutUser({ stopFirestore });
    expect(stopFirestore).toHaveBeenCalledTimes(1);
  });
});
