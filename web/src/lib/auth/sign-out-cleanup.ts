import { logger } from '../logger';
import { PER_USER_DATABASES } from '../idb/device-databases';
import { forgetDeviceKeys } from '../idb/device-key';
import { deleteDeviceDatabase } from '../idb/key-value-store';
import { forgetCachedProfiles } from './profile-cache';
import { hasPushFlags, hasPushSubscription, hasQueuedUnregisters, pushFlag } from '../push/push-flag';

// What a signed-out user leaves behind on a shared phone, removed at every sign-out (manual, timeout, a
// disabled account, a revoked token): every tab runs this when Firebase tells it the user is gone, so the
// next user of the phone sees nothing of the last one. A session timeout keeps the sealed drafts and
// outbox (unreadable without the account's key, which goes), so the worker loses nothing by it.

/**
 * The localStorage key of the address an e-mail sign-in link was sent to (auth/link-sign-in-email.ts),
 * removed at every sign-out: the next user of the phone must not see whose it was.
 */
export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';

function forgetLinkEmail(): void {
  try {
    localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    // nothing stored then
  }
}

/** The sessionStorage key of the path a visitor asked for before signing in (intendedPath). */
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

/** The localStorage key where a session timeout notes its time, for every tab's clean-up to read. */
export const SESSION_TIMED_OUT_KEY = 'sessionTimedOutAt';
/** How long a timeout's note holds: the other tabs sign out within moments of it. */
const TIMEOUT_NOTE_MS = 60_000;

/** Notes that the session is ending by its timeout (called just before that sign-out, in that tab). */
export function markSessionTimedOut(now = Date.now()): void {
  try {
    localStorage.setItem(SESSION_TIMED_OUT_KEY, String(now));
  } catch {
    // without storage a timeout counts as a log-out: everything is deleted
  }
}

/** Forgets the note (at the next sign-in). */
export function clearSessionTimedOut(): void {
  try {
    localStorage.removeItem(SESSION_TIMED_OUT_KEY);
  } catch {
    // nothing stored
  }
}

function isSessionTimeout(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(SESSION_TIMED_OUT_KEY));
    return at > 0 && now - at >= 0 && now - at < TIMEOUT_NOTE_MS;
  } catch {
    return false;
  }
}

/**
 * Deletes the device keys, and unless the session timed out, the new-ticket drafts and the outbox
 * (tickets waiting for a connection) of every account. After a timeout the drafts and the outbox
 * stay sealed and unreadable until the same account signs in again and gets its key back. Imported
 * with the page, not on demand: a timeout on a site without signal must still delete the keys.
 */
function deletePerUserDatabases(isTimeout: boolean): void {
  forgetDeviceKeys();
  if (!isTimeout) PER_USER_DATABASES.forEach((name) => deleteDeviceDatabase(name));
}

/**
 * Forgets the signed-out user in this tab: the cached profile (`profile-{uid}`), the intended path, the
 * device keys, the new-ticket drafts and the outbox (sealed ones kept after a session timeout, see above)
 * and the Firestore offline cache (tickets read while signed in). A deletion another tab still holds open
 * waits until that tab signs out too, which it does at the same moment.
 */
export async function forgetSignedOutUser(deps: SignOutCleanupDeps): Promise<void> {
  const isTimeout = isSessionTimeout(Date.now());
  markSignedOut();
  signOuts += 1;
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith('profile-') || key === INTENDED_PATH_KEY) sessionStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing was stored either
  }
  forgetLinkEmail();
  forgetCachedProfiles();
  try {
    deletePerUserDatabases(isTimeout);
  } catch (error) {
    logger.error('Could not delete the device keys, drafts and outbox at sign-out', error);
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
 * Drops this browser's web push token and subscription when an account turned push on here (or a
 * subscription is left from one), so the next user of a shared phone gets none of the last one's
 * pushes. The push code and the Messaging SDK load only then, never with /login.
 */
async function forgetPush(): Promise<void> {
  if (!hasPushFlags() && !(await hasPushSubscription())) return;
  const { forgetPushOnSignOut } = await import('../push/api');
  await forgetPushOnSignOut();
}

/**
 * Before `uid` signs out (the log-out button, a session timeout), while the sign-in still stands:
 * the server forgets this device when push is on for `uid` here (queued for the next sign-in when
 * offline). Never rejects: the sign-out goes on whatever happens.
 */
export async function stopPushBeforeSignOut(uid: string): Promise<void> {
  if (!pushFlag(uid)) return;
  try {
    const { unregisterPushBeforeSignOut } = await import('../push/api');
    await unregisterPushBeforeSignOut(uid);
  } catch (error) {
    logger.error('Could not stop web push before the sign-out', error);
  }
}

/** After `uid` signs in: the devices an earlier sign-out could not have the server forget are sent now. */
export async function sendPendingPushUnregisters(uid: string): Promise<void> {
  if (!hasQueuedUnregisters()) return;
  try {
    const { sendQueuedUnregisters } = await import('../push/api');
    await sendQueuedUnregisters(uid);
  } catch (error) {
    logger.warn('Could not send the pending push unregistrations', error);
  }
}
