import { HttpsError } from 'firebase-functions/v2/https';
import { ADMIN_ERRORS, PERMISSIONS, fieldMessages, savePermissionsSchema } from '../../domain/index.js';
import { decideSavePermissions } from '../../domain/operations/save-user-permissions.js';
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
 * The saveUserPermissions callable (MANAGE_USER_PERMISSIONS): replaces the account's assigned
 * and revoked permission lists in `users/{uid}`, in one transaction with the audit entry (see
 * `decideSavePermissions`).
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
      const { result } = await runOperation(deps, {
        name: 'saveUserPermissions',
        read: async (tx) => {
          const target = await readTargetAccount(deps, input.uid);
          const stored = target ? (await tx.get(userDoc(deps.db, target.uid))).data() : undefined;
          return {
            target,
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
