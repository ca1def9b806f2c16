import type { z } from 'zod';
import { AUTH_RULES, hasPermission } from '../access.js';
import { ADMIN_ERRORS, type SavePermissionsResponse } from '../admin-api.js';
import { roleLevel, type savePermissionsSchema } from '../admin.js';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '../permissions.js';
import { ROLES } from '../roles.js';
import { type TargetAccount, accountAuditEntry, userNotFound, userPath } from './account-state.js';
import { type Decision, type OperationCaller, decided, refuse } from './decision.js';

export type SavePermissionsRequest = z.infer<typeof savePermissionsSchema>;

export type SavePermissionsState = {
  target: TargetAccount | null;
  /**
   * For an admin target: of the account-management permissions (KEPT_BY_AN_ADMIN), those that no
   * other enabled admin holds, so that the target is their last holder; null when not read.
   */
  lastHeldByTarget: Permission[] | null;
  /** The lists `users/{uid}` holds now (an odd stored value reads as empty). */
  stored: { assignedPermissions: string[]; revokedPermissions: string[] };
};

/**
 * The permissions without which nobody could give or take permissions and roles again: the last
 * enabled admin holding one of them keeps it.
 */
export const KEPT_BY_AN_ADMIN: readonly Permission[] = [
  PERMISSIONS.MANAGE_USER_PERMISSIONS,
  PERMISSIONS.MODIFY_USER_ROLES,
];

/** Each flag once, in the order of the permission table. */
const normalised = (flags: readonly string[]): Permission[] =>
  ALL_PERMISSIONS.filter((permission) => flags.includes(permission));

/** Whether an account with these lists and role holds `permission` (revoked beats assigned beats role). */
const holds = (role: string, lists: SavePermissionsState['stored'], permission: Permission) =>
  hasPermission({ role, ...lists }, permission, AUTH_RULES);

/**
 * Why a save is refused before its lists are looked at: nobody edits their own permissions, and
 * nobody below admin edits an account of their own level or higher. Admins may edit other admins
 * (else nobody could), which is where the last-holder rule below matters.
 */
function refusalForTarget(target: TargetAccount, caller: OperationCaller): Decision<never> | null {
  if (target.uid === caller.uid) return refuse('permission-denied', ADMIN_ERRORS.ownPermissions);
  if (roleLevel(target.role) > roleLevel(caller.role))
    return refuse('permission-denied', ADMIN_ERRORS.targetOutranks);
  const isAdminOnAdmin = target.role === ROLES.ADMIN && caller.role === ROLES.ADMIN;
  if (roleLevel(target.role) === roleLevel(caller.role) && !isAdminOnAdmin)
    return refuse('permission-denied', ADMIN_ERRORS.equalOrHigherLevel);
  return null;
}

/**
 * saveUserPermissions (the caller holds MANAGE_USER_PERMISSIONS): the account exists -> it is not
 * the caller's own, nor of the caller's level or higher (admins excepted, see refusalForTarget) ->
 * every newly assigned flag is one the caller holds, so nobody grants more than they have -> an
 * admin who is the last enabled holder of MANAGE_USER_PERMISSIONS or MODIFY_USER_ROLES keeps it ->
 * both lists in `users/{uid}` and the audit entry (from/to of both).
 */
export function decideSavePermissions(
  state: SavePermissionsState,
  request: SavePermissionsRequest,
  caller: OperationCaller,
  now: number,
): Decision<SavePermissionsResponse> {
  const { target, stored } = state;
  if (!target) return userNotFound();
  const refusal = refusalForTarget(target, caller);
  if (refusal) return refusal;
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
  const lost = (state.lastHeldByTarget ?? []).filter(
    (flag) => holds(target.role, stored, flag) && !holds(target.role, after, flag),
  );
  if (lost.length > 0) {
    return refuse('failed-precondition', ADMIN_ERRORS.lastPermissionHolder, { permissions: lost });
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
