import type { z } from 'zod';
import { AUTH_RULES, hasPermission } from '../access.js';
import { ADMIN_ERRORS, type SavePermissionsResponse } from '../admin-api.js';
import { roleLevel, type savePermissionsSchema } from '../admin.js';
import { ALL_PERMISSIONS, type Permission } from '../permissions.js';
import { type TargetAccount, accountAuditEntry, userNotFound, userPath } from './account-state.js';
import { type Decision, type OperationCaller, decided, refuse } from './decision.js';

export type SavePermissionsRequest = z.infer<typeof savePermissionsSchema>;

export type SavePermissionsState = {
  target: TargetAccount | null;
  /** The lists `users/{uid}` holds now (an odd stored value reads as empty). */
  stored: { assignedPermissions: string[]; revokedPermissions: string[] };
};

/** Each flag once, in the order of the permission table. */
const normalised = (flags: readonly string[]): Permission[] =>
  ALL_PERMISSIONS.filter((permission) => flags.includes(permission));

/**
 * saveUserPermissions (the caller holds MANAGE_USER_PERMISSIONS): the account exists -> its role
 * does not outrank the caller's -> every newly assigned flag is one the caller holds, so nobody
 * grants more than they have -> both lists in `users/{uid}` and the audit entry (from/to of both).
 */
export function decideSavePermissions(
  state: SavePermissionsState,
  request: SavePermissionsRequest,
  caller: OperationCaller,
  now: number,
): Decision<SavePermissionsResponse> {
  const { target, stored } = state;
  if (!target) return userNotFound();
  if (roleLevel(target.role) > roleLevel(caller.role))
    return refuse('permission-denied', ADMIN_ERRORS.targetOutranks);
  const after = {
    assignedPermissions: normalised(request.assignedPermissions),
    revokedPermissions: normalised(request.revokedPermissions),
  };
  const beyondCaller = after.assignedPermissions.filter(
    (flag) => !stored.assignedPermissions.includes(flag) && !hasPermission(caller, flag, AUTH_RULES),
  );
  if (beyondCaller.length > 0) {
    return refuse('permission-denied', ADMIN_ERRORS.aboveOwnLevel, { permissions: beyondCaller });
  }
  return decided(
    { uid: target.uid, ...after },
    {
      writes: [
        {
          type: 'set',
          path: userPath(target.uid),
          data: { ...after, updatedAt: new Date(now) },
          merge: true,
        },
      ],
      log: [
        accountAuditEntry(
          caller,
          'saveUserPermissions',
          target,
          {
            assignedPermissions: { from: stored.assignedPermissions, to: after.assignedPermissions },
            revokedPermissions: { from: stored.revokedPermissions, to: after.revokedPermissions },
          },
          now,
        ),
      ],
    },
  );
}
