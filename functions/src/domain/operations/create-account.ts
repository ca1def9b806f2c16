import type { z } from 'zod';
import { AUTH_RULES } from '../access.js';
import { ADMIN_ERRORS } from '../admin-api.js';
import { type createAccountSchema, creatableRoles } from '../admin.js';
import { ROLES, type Role } from '../roles.js';
import type { WorkerProfile } from '../worker.js';
import { userPath } from './account-state.js';
import { auditEntry } from './audit.js';
import { type Decision, type OperationCaller, decided, refuse } from './decision.js';

export type CreateAccountRequest = z.infer<typeof createAccountSchema>;

export type CreateAccountState = {
  /** The directory worker; null when there is none or its entry is malformed. */
  worker: WorkerProfile | null;
  /** Whether the worker has an account: one that names it, or one with its e-mail. */
  hasAccount: boolean;
};

/** The Auth account to make: the worker's e-mail and name, with this role claim. */
export type NewAccount = { email: string; name: string; role: Role; workerId: string };

/**
 * createAccount (the caller holds CREATE_USER_ACCOUNTS): the role is User, or one the caller may
 * create (foreman or manager with CREATE_MANAGER_ACCOUNTS, never above their own role) -> the
 * directory worker exists -> it has no account yet. With the `uid` Auth gave the new account
 * (null while it is not made yet: only the checks), the `users/{uid}` document and the audit
 * entry, written once the account, its claim and the set-password e-mail are done.
 */
export function decideCreateAccount(
  state: CreateAccountState,
  request: CreateAccountRequest & { uid: string | null },
  caller: OperationCaller,
  now: number,
): Decision<NewAccount> {
  if (request.role !== ROLES.USER && !creatableRoles(caller, AUTH_RULES).includes(request.role)) {
    return refuse('permission-denied', ADMIN_ERRORS.aboveOwnLevel);
  }
  const { worker } = state;
  if (!worker) return refuse('not-found', ADMIN_ERRORS.workerNotFound);
  if (state.hasAccount) return refuse('already-exists', ADMIN_ERRORS.accountExists);
  const account = { email: worker.email, name: worker.name, role: request.role, workerId: worker.id };
  const { uid } = request;
  if (uid === null) return decided(account);

  const at = new Date(now);
  return decided(account, {
    writes: [
      {
        type: 'create',
        path: userPath(uid),
        data: {
          email: worker.email,
          name: worker.name,
          role: request.role,
          workerId: worker.id,
          assignedPermissions: [],
          revokedPermissions: [],
          disabled: false,
          createdAt: at,
          updatedAt: at,
        },
      },
    ],
    log: [
      auditEntry(
        {
          caller,
          action: 'createAccount',
          target: { uid, workerId: worker.id, email: worker.email },
          changes: { role: { from: null, to: request.role } },
        },
        now,
      ),
    ],
  });
}
