import type { UserRecord } from 'firebase-admin/auth';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  AUTH_RULES,
  PERMISSIONS,
  ROLES,
  type Role,
  hasPermission,
  isRole,
  permissionSource,
  roleOfRecord,
  staffMadeAccountOf,
} from '../../domain/index.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { defineCallable } from '../define-callable.js';

const stringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

async function findAccount(deps: AdminDeps, uid: string): Promise<UserRecord | null> {
  try {
    return await deps.auth.getUser(uid);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') return null;
    throw error;
  }
}

/**
 * The testPermission callable (admin role, ACCESS_DEBUG_TOOLS): whether a user holds a permission
 * and why, by the same `hasPermission` every check uses: the role and the assigned / revoked lists
 * from `users/{uid}` (an account staff did not make holds none), and the roles whose default includes it.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields`; `not-found` 'admin.errors.userNotFound'; `internal`
 * 'admin.errors.testPermissionFailed'.
 */
export function createTestPermissionHandler(deps: AdminDeps) {
  return defineCallable('testPermission', deps, {
    access: adminAccess(PERMISSIONS.ACCESS_DEBUG_TOOLS, ROLES.ADMIN),
    run: async ({ input: { uid, permission } }) => {
      const account = await findAccount(deps, uid);
      if (!account) throw new HttpsError('not-found', ADMIN_ERRORS.userNotFound, { uid });
      const usersData = (await deps.db.doc(`users/${uid}`).get()).data();
      // An account staff did not make holds nothing, whatever its record or claim says.
      const subject = staffMadeAccountOf(usersData)
        ? {
            role: roleOfRecord(usersData),
            assignedPermissions: stringArray(usersData?.assignedPermissions),
            revokedPermissions: stringArray(usersData?.revokedPermissions),
          }
        : null;
      return {
        uid,
        email: account.email ?? '',
        role: roleOfRecord(usersData),
        permission,
        granted: hasPermission(subject, permission, AUTH_RULES),
        source: permissionSource(subject, permission, AUTH_RULES),
        roleDefault: (AUTH_RULES.PERMISSIONS[permission] ?? []).filter((role): role is Role => isRole(role)),
      };
    },
  });
}
