import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { AUTH_RULES, type Permission, type Role, hasAtLeastRole, hasPermission } from '../../domain/index.js';
import type { Caller } from '../caller.js';
import type { CallableLogger } from '../errors.js';

/** What every admin callable needs; tests pass the emulators' clients and a recording logger. */
export type AdminDeps = {
  db: Firestore;
  auth: Auth;
  logger: CallableLogger;
  now: () => number;
};

/** The translation key of every admin refusal for a missing role or permission. */
export const ADMIN_FORBIDDEN = 'admin.errors.forbidden';

/**
 * The access check of an admin callable (see defineCallable), re-checked on the server: at least
 * `minimumRole` when given, and holding `permission` by role claim plus the `users/{uid}`
 * assigned/revoked lists (`permission-denied` 'admin.errors.forbidden' otherwise).
 */
export function adminAccess(permission: Permission, minimumRole?: Role): (caller: Caller) => void {
  return (caller) => {
    const roleOk = minimumRole === undefined || hasAtLeastRole(caller.role, minimumRole, AUTH_RULES);
    if (!roleOk || !hasPermission(caller, permission, AUTH_RULES)) {
      throw new HttpsError('permission-denied', ADMIN_FORBIDDEN, { permission });
    }
  };
}
