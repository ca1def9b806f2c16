import type { Firestore } from 'firebase-admin/firestore';
import { defineCallable } from '../define-callable.js';
import type { CallableLogger } from '../errors.js';

/**
 * The keepSessionAlive callable (every staff-made account): the web calls it while its user is
 * active (at most every SESSION_KEEP_ALIVE_EVERY_MS) so that reading screens, which call no other
 * callable, keep the session alive on the server too. The shell does the work: loadCaller refuses
 * a session quiet for longer than the timeout and records this call as activity.
 *
 * Errors: `unauthenticated` (the session is over on the server too); `permission-denied`
 * 'auth.errors.accountNotSetUp'; `invalid-argument` for anything but `{}`.
 */
export function createKeepSessionAliveHandler(deps: { db: Firestore; logger: CallableLogger }) {
  return defineCallable('keepSessionAlive', deps, {
    run: () => Promise.resolve({ ok: true as const }),
  });
}
