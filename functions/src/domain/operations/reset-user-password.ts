import { ADMIN_ERRORS } from '../admin-api.js';
import { outranks } from '../admin.js';
import { type TargetAccount, userNotFound } from './account-state.js';
import { auditEntry } from './audit.js';
import { type Decision, type OperationCaller, decided, refuse } from './decision.js';

/** An account without an e-mail address cannot get a reset e-mail (not in ADMIN_ERRORS). */
export const ADMIN_NO_EMAIL = 'admin.errors.noEmail';

export type ResetUserPasswordState = { target: TargetAccount | null };

/**
 * resetUserPassword (the caller holds RESET_USER_PASSWORD): the account exists -> it is of a
 * lower role level than the caller (so never oneself) -> it has an e-mail address -> the audit
 * entry, written before the e-mail goes out so that no reset is sent without its trace. The
 * answer is the address the e-mail goes to.
 */
export function decideResetUserPassword(
  state: ResetUserPasswordState,
  request: { uid: string },
  caller: OperationCaller,
  now: number,
): Decision<{ uid: string; email: string }> {
  const { target } = state;
  if (!target || target.uid !== request.uid) return userNotFound();
  if (!outranks(caller.role, target.role))
    return refuse('permission-denied', ADMIN_ERRORS.equalOrHigherLevel);
  const { email } = target;
  if (!email) return refuse('failed-precondition', ADMIN_NO_EMAIL);
  return decided(
    { uid: target.uid, email },
    { log: [auditEntry({ caller, action: 'resetUserPassword', target: { uid: target.uid, email } }, now)] },
  );
}
