import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  ALL_PERMISSIONS,
  AUTH_RULES,
  PERMISSIONS,
  type Permission,
  fieldMessages,
  hasPermission,
  roleLevel,
  savePermissionsSchema,
} from '../../domain/index.js';
import { invalidArgument } from '../errors.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { loadTargetAccount, storedStrings, userDoc } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';
import { defineCallable } from '../define-callable.js';

const INVALID = 'Invalid permissions';

/**
 * Parses the payload. A flag both assigned and revoked gets its own answer: `invalid-argument`
 * with the message 'admin.errors.assignedAndRevoked' and that key on `revokedPermissions`, so
 * the screen can say what is wrong; every other problem is a plain `validation.*` field key.
 */
function parsePermissions(data: unknown) {
  const parsed = savePermissionsSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const fields = fieldMessages(parsed.error);
  if (fields.revokedPermissions === ADMIN_ERRORS.assignedAndRevoked) {
    throw new HttpsError('invalid-argument', ADMIN_ERRORS.assignedAndRevoked, {
      fields: { revokedPermissions: ADMIN_ERRORS.assignedAndRevoked },
    });
  }
  throw invalidArgument(fields, INVALID);
}

/** Each flag once, in the order of the permission table. */
const normalised = (flags: readonly string[]): Permission[] =>
  ALL_PERMISSIONS.filter((permission) => flags.includes(permission));

/**
 * The saveUserPermissions callable (MANAGE_USER_PERMISSIONS): replaces the account's assigned
 * and revoked permission lists in `users/{uid}`, in one batch with the audit entry (from/to of
 * both lists). Refused for an account whose role outranks the caller's, and for newly assigned
 * flags the caller does not hold itself, so nobody grants more than they have.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'targetOutranks' |
 * 'aboveOwnLevel' (with `details.permissions`); `invalid-argument` with `details.fields`
 * ('admin.errors.assignedAndRevoked' as message and on `revokedPermissions` for a flag in both
 * lists); `not-found` 'userNotFound'; `internal` 'savePermissionsFailed'.
 */
export function createSavePermissionsHandler(deps: AdminDeps) {
  return defineCallable('saveUserPermissions', deps, {
    access: adminAccess(PERMISSIONS.MANAGE_USER_PERMISSIONS),
    parse: parsePermissions,
    run: async ({ caller, input }) => {
      const target = await loadTargetAccount(deps, input.uid);
      if (roleLevel(target.role) > roleLevel(caller.role)) {
        throw new HttpsError('permission-denied', ADMIN_ERRORS.targetOutranks);
      }

      const ref = userDoc(deps.db, target.uid);
      const stored = (await ref.get()).data() ?? {};
      const before = {
        assignedPermissions: storedStrings(stored.assignedPermissions),
        revokedPermissions: storedStrings(stored.revokedPermissions),
      };
      const after = {
        assignedPermissions: normalised(input.assignedPermissions),
        revokedPermissions: normalised(input.revokedPermissions),
      };

      const beyondCaller = after.assignedPermissions.filter(
        (flag) => !before.assignedPermissions.includes(flag) && !hasPermission(caller, flag, AUTH_RULES),
      );
      if (beyondCaller.length > 0) {
        throw new HttpsError('permission-denied', ADMIN_ERRORS.aboveOwnLevel, { permissions: beyondCaller });
      }

      const now = deps.now();
      const batch = deps.db.batch();
      batch.set(ref, { ...after, updatedAt: Timestamp.fromMillis(now) }, { merge: true });
      addAuditEntry(deps.db, batch, {
        caller,
        action: 'saveUserPermissions',
        target: { uid: target.uid, email: target.email },
        changes: {
          assignedPermissions: { from: before.assignedPermissions, to: after.assignedPermissions },
          revokedPermissions: { from: before.revokedPermissions, to: after.revokedPermissions },
        },
        now,
      });
      await batch.commit();

      invalidateUserIndex();
      deps.logger.info('saveUserPermissions', {
        by: caller.uid,
        target: target.uid,
        assigned: after.assignedPermissions,
        revoked: after.revokedPermissions,
      });
      return { uid: target.uid, ...after };
    },
  });
}
