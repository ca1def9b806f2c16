import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  AUTH_RULES,
  PERMISSIONS,
  type Permission,
  ROLES,
  fieldMessages,
  hasPermission,
  savePermissionsSchema,
  staffMadeAccountOf,
} from '../../domain/index.js';
import type { Transaction } from 'firebase-admin/firestore';
import { KEPT_BY_AN_ADMIN, decideSavePermissions } from '../../domain/operations/save-user-permissions.js';
import type { TargetAccount } from '../../domain/operations/account-state.js';
import { defineCallable } from '../define-callable.js';
import { invalidArgument } from '../errors.js';
import { runOperation } from '../run-operation.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { readTargetAccount, storedStrings, userDoc } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';

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

/**
 * For an admin target, the account-management permissions no other enabled admin holds (read in
 * the transaction, so two admins stripping each other at once cannot both succeed); null for any
 * other target.
 */
async function lastHeldBy(
  deps: AdminDeps,
  target: TargetAccount | null,
  tx: Transaction,
): Promise<Permission[] | null> {
  if (target?.role !== ROLES.ADMIN) return null;
  const admins = await tx.get(deps.db.collection('users').where('role', '==', ROLES.ADMIN));
  const others = admins.docs
    .filter((doc) => doc.id !== target.uid && doc.get('disabled') !== true)
    .map((doc) => doc.data())
    .filter((record) => staffMadeAccountOf(record) !== null)
    .map((record) => ({
      role: ROLES.ADMIN,
      assignedPermissions: storedStrings(record.assignedPermissions),
      revokedPermissions: storedStrings(record.revokedPermissions),
    }));
  return KEPT_BY_AN_ADMIN.filter(
    (permission) => !others.some((admin) => hasPermission(admin, permission, AUTH_RULES)),
  );
}

/**
 * The saveUserPermissions callable (MANAGE_USER_PERMISSIONS): replaces the account's assigned
 * and revoked permission lists in `users/{uid}`, in one transaction with the audit entry (see
 * `decideSavePermissions`).
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'ownPermissions' |
 * 'targetOutranks' | 'equalOrHigherLevel' | 'aboveOwnLevel' (with `details.permissions`);
 * `failed-precondition` 'lastPermissionHolder' (with `details.permissions`); `invalid-argument` with `details.fields`
 * ('admin.errors.assignedAndRevoked' as message and on `revokedPermissions` for a flag in both
 * lists); `not-found` 'userNotFound'; `internal` 'savePermissionsFailed'.
 */
export function createSavePermissionsHandler(deps: AdminDeps) {
  return defineCallable('saveUserPermissions', deps, {
    rateLimit: { operation: 'saveUserPermissions' },
    access: adminAccess(PERMISSIONS.MANAGE_USER_PERMISSIONS),
    parse: parsePermissions,
    run: async ({ caller, input }) => {
      const { result } = await runOperation(deps, {
        name: 'saveUserPermissions',
        read: async (tx) => {
          const target = await readTargetAccount(deps, input.uid, tx);
          const stored = target ? (await tx.get(userDoc(deps.db, target.uid))).data() : undefined;
          return {
            target,
            lastHeldByTarget: await lastHeldBy(deps, target, tx),
            stored: {
              assignedPermissions: storedStrings(stored?.assignedPermissions),
              revokedPermissions: storedStrings(stored?.revokedPermissions),
            },
          };
        },
        decide: (state) => decideSavePermissions(state, input, caller, deps.now()),
      });
      invalidateUserIndex();
      deps.logger.info('saveUserPermissions', {
        by: caller.uid,
        target: result.uid,
        assigned: result.assignedPermissions,
        revoked: result.revokedPermissions,
      });
      return result;
    },
  });
}
