import type { z } from 'zod';
import { ADMIN_ERRORS, type SetAccountStatusResponse } from '../admin-api.js';
import { outranks, type setAccountStatusSchema } from '../admin.js';
import { type TargetAccount, accountAuditEntry, userNotFound, userPath } from './account-state.js';
import { type AccountChange, type Decision, type OperationCaller, decided, refuse } from './decision.js';

export type SetAccountStatusRequest = z.infer<typeof setAccountStatusSchema>;

export type SetAccountStatusState = { target: TargetAccount | null };

/**
 * setAccountStatus (the caller holds ENABLE_DISABLE_USER): never oneself (checked first) -> the
 * account exists -> it is of a lower role level than the caller -> `users/{uid}.disabled` and the
 * audit entry, then the account disabled or enabled in Auth; disabling also revokes the refresh
 * tokens, so the user is signed out at the next token refresh. Should Auth fail, the mirror is put
 * back. Asking for the state the account already has changes nothing and writes no audit entry.
 */
export function decideSetAccountStatus(
  state: SetAccountStatusState,
  request: SetAccountStatusRequest,
  caller: OperationCaller,
  now: number,
): Decision<SetAccountStatusResponse> {
  if (request.uid === caller.uid) return refuse('failed-precondition', ADMIN_ERRORS.selfDisable);
  const { target } = state;
  if (!target) return userNotFound();
  if (!outranks(caller.role, target.role))
    return refuse('permission-denied', ADMIN_ERRORS.equalOrHigherLevel);
  const result = { uid: target.uid, disabled: request.disabled };
  if (target.disabled === request.disabled) return decided(result);

  const path = userPath(target.uid);
  const accountChanges: AccountChange[] = [
    { type: 'setDisabled', uid: target.uid, disabled: request.disabled, undo: target.disabled },
  ];
  if (request.disabled) accountChanges.push({ type: 'revokeSessions', uid: target.uid });
  return decided(result, {
    writes: [
      { type: 'set', path, data: { disabled: request.disabled, updatedAt: new Date(now) }, merge: true },
    ],
    log: [
      accountAuditEntry(
        caller,
        'setAccountStatus',
        target,
        { disabled: { from: target.disabled, to: request.disabled } },
        now,
      ),
    ],
    accountChanges,
    undo: [{ type: 'set', path, data: { disabled: target.disabled }, merge: true }],
  });
}
