import type { z } from 'zod';
import { ADMIN_ERRORS, type UpdateUserRoleResponse } from '../admin-api.js';
import { roleChangeRefusal, type updateRoleSchema } from '../admin.js';
import { ROLES } from '../roles.js';
import { type TargetAccount, accountAuditEntry, userNotFound, userPath } from './account-state.js';
import { type Decision, type OperationCaller, decided, refuse, refuseFields } from './decision.js';

export type UpdateUserRoleRequest = z.infer<typeof updateRoleSchema>;

export type UpdateUserRoleState = {
  target: TargetAccount | null;
  /**
   * The enabled admins before the change, the target included; counted (in the transaction) only
   * when `needsAdminCount` says so, null otherwise.
   */
  adminCount: number | null;
};

/** Whether the change demotes an admin, so the admins must be counted (the last one stays). */
export const needsAdminCount = (target: TargetAccount, request: UpdateUserRoleRequest) =>
  target.role === ROLES.ADMIN && request.role !== ROLES.ADMIN;

/**
 * updateUserRole (the caller holds MODIFY_USER_ROLES): the account exists -> the new role is not
 * above the caller's own level, the target does not outrank the caller, and an admin's demotion
 * leaves another enabled admin -> the role in `users/{uid}`, the audit entry, then the `role`
 * claim (other claims kept) and the revocation of the refresh tokens, so the old token is refused
 * at once; should Auth fail, the mirror and the claims are put back. Giving the role the account
 * already has changes nothing and writes no audit entry.
 */
export function decideUpdateUserRole(
  state: UpdateUserRoleState,
  request: UpdateUserRoleRequest,
  caller: OperationCaller,
  now: number,
): Decision<UpdateUserRoleResponse> {
  const { target } = state;
  if (!target) return userNotFound();
  const refusal = roleChangeRefusal({
    callerRole: caller.role,
    targetRole: target.role,
    newRole: request.role,
    adminCount: state.adminCount ?? Number.POSITIVE_INFINITY,
  });
  if (refusal === 'aboveOwnLevel' || refusal === 'targetOutranks') {
    return refuse('permission-denied', ADMIN_ERRORS[refusal]);
  }
  if (refusal === 'lastAdmin') return refuse('failed-precondition', ADMIN_ERRORS.lastAdmin);
  if (refusal === 'unknownRole') return refuseFields({ role: 'validation.invalid' }, 'Invalid role change');
  const result = { uid: target.uid, role: request.role, previousRole: target.role };
  if (request.role === target.role) return decided(result);

  const path = userPath(target.uid);
  return decided(result, {
    writes: [{ type: 'set', path, data: { role: request.role, updatedAt: new Date(now) }, merge: true }],
    log: [
      accountAuditEntry(
        caller,
        'updateUserRole',
        target,
        { role: { from: target.role, to: request.role } },
        now,
      ),
    ],
    accountChanges: [
      {
        type: 'setClaims',
        uid: target.uid,
        claims: { ...target.claims, role: request.role },
        undo: target.claims,
      },
      { type: 'revokeSessions', uid: target.uid },
    ],
    undo: [{ type: 'set', path, data: { role: target.role }, merge: true }],
  });
}
