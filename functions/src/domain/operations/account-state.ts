import { ADMIN_ERRORS } from '../admin-api.js';
import type { Role } from '../roles.js';
import { type AuditAction, type AuditChanges, auditEntry } from './audit.js';
import { type LogEntry, type OperationCaller, type Refused, refuse } from './decision.js';

/** The account an admin operation acts on, as Auth knows it (the authority on role and state). */
export type TargetAccount = {
  uid: string;
  /** The role of its `users/{uid}` record (staff-made only); none or unknown counts as `user`. */
  role: Role;
  email: string | null;
  disabled: boolean;
  /** Every custom claim, so a role change keeps the others. */
  claims: Record<string, unknown>;
};

export const userNotFound = (): Refused => refuse('not-found', ADMIN_ERRORS.userNotFound);

/** The `users/{uid}` document that mirrors an account and holds its permission lists. */
export const userPath = (uid: string) => `users/${uid}`;

/** The audit entry of an operation on an account: its uid and e-mail as the target. */
export function accountAuditEntry(
  caller: OperationCaller,
  action: AuditAction,
  target: TargetAccount,
  changes: AuditChanges,
  now: number,
): LogEntry {
  return auditEntry({ caller, action, target: { uid: target.uid, email: target.email }, changes }, now);
}
