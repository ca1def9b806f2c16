import { logger } from '../logger';
import { hasPushFlags } from '../push/push-flag';

// What a signed-out user leaves behind on a shared phone, removed at every sign-out (manual, timeout, a
// disabled account, a revoked token): every tab runs this when Firebase tells it the user is gone, so the
// next user of the phone sees nothing of the last one.

/** The sessionStorage key of the path a visitor asked for before signing in (spec: intendedPath). */
export const INTENDED_PATH_KEY = 'intendedPath';

let isSignedOutOnPurpose = false;
let signOuts = 0;

/**
 * How many sign-outs this tab has seen. A screen that writes per-user data later (the new-ticket
 * drafts) notes it when it opens and writes nothing once it has changed, so no late write brings
 * back what the sign-out deleted.
 */
export function signOutCount(): number {
  return signOuts;
}

/** Marks that the page now going to /login was left by a sign-out: it is no "intended" path. */
export function markSignedOut(): void {
  isSignedOutOnPurpose = true;
}

/** Remembers the path a visitor wanted, unless a sign-out just sent this tab to /login (then forgets it). */
export function rememberIntendedPath(path: string): void {
  try {
    if (isSignedOutOnPurpose) sessionStorage.removeItem(INTENDED_PATH_KEY);
    else sessionStorage.setItem(INTENDED_PATH_KEY, path);
  } catch {
    // without storage the user lands on the profile after sign-in
  }
  isSignedOutOnPurpose = false;
}

/** The Firestore IndexedDB caches on this device (`firestore/...`), where the browser can list them. */
async function firestoreDatabases(): Promise<string[]> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const databases = await indexedDB.databases();
  return databases.map((db) => db.name ?? '').filter((name) => name.startsWith('firestore/'));
}

export type SignOutCleanupDeps = {
  /** Ends this tab's Firestore client, so its cache can be deleted (no-op when it never started). */
  stopFirestore: () => Promise<void>;
};

/**
 * Deletes the new-ticket drafts and the outbox (tickets waiting for a connection) of every account;
 * that code loads only now, not with /login.
 */
async function deletePerUserDatabases(): Promise<void> {
  const [{ deleteDeviceDatabase }, { PER_USER_DATABASES }] = await Promise.all([
    import('../idb/key-value-store'),
    import('../idb/device-databases'),
  ]);
  PER_USER_DATABASES.forEach((name) => deleteDeviceDatabase(name));
}

/**
 * Forgets the signed-out user in this tab: the cached profile (`profile-{uid}`), the intended path, the
 * new-ticket drafts, the outbox and the Firestore offline cache (tickets read while signed in). A deletion another tab
 * still holds open waits until that tab signs out too, which it does at the same moment.
 */
export async function forgetSignedOutUser(deps: SignOutCleanupDeps): Promise<void> {
  markSignedOut();
  signOuts += 1;
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith('profile-') || key === INTENDED_PATH_KEY) sessionStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing was stored either
  }
  try {
    await deletePerUserDatabases();
  } catch (error) {
    logger.error('Could not delete the ticket drafts and outbox at sign-out', error);
  }
  try {
    await deps.stopFirestore();
    for (const name of await firestoreDatabases()) indexedDB.deleteDatabase(name);
  } catch (error) {
    logger.error('Could not clear the offline cache at sign-out', error);
  }
  try {
    await forgetPush();
  } catch (error) {
    logger.error('Could not turn web push off at sign-out', error);
  }
}

/**
 * Drops this browser's web push token when an account turned push on here, so the next user of a
 * shared phone gets none of the last one's pushes. The push code and the Messaging SDK load only
 * then, never with /login.
 */
async function forgetPush(): Promise<void> {
  if (!hasPushFlags()) return;
  const { forgetPushOnSignOut } = await import('../push/api');
  await forgetPushOnSignOut();
}
