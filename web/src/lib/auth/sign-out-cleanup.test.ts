import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTENDED_PATH_KEY, forgetSignedOutUser, rememberIntendedPath } from './sign-out-cleanup';

describe('forgetSignedOutUser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('removes the cached profiles and the intended path, stops Firestore and deletes its caches', async () => {
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
    expect(deleteDatabase).toHaveBeenCalledTimes(1);
    expect(deleteDatabase).toHaveBeenCalledWith('firestore/[DEFAULT]/demo-ticket-app/main');
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

  it('still clears the session data when the browser cannot list its databases', async () => {
    vi.stubGlobal('indexedDB', { deleteDatabase: vi.fn() });
    sessionStorage.setItem('profile-u-worker', '{}');
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    expect(sessionStorage.getItem('profile-u-worker')).toBeNull();
  });
});
