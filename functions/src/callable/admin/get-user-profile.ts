import type { UserRecord } from 'firebase-admin/auth';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  ALL_ROLES,
  AUTH_RULES,
  type AccountStatus,
  type AdminAccount,
  type AdminAllowedActions,
  type GetUserProfileResponse,
  PERMISSIONS,
  type Permission,
  ROLES,
  type WorkerProfile,
  creatableRoles,
  hasPermission,
  isPermission,
  roleLevel,
  roleOfRecord,
  sensitiveFieldsOf,
} from '../../domain/index.js';
import { createFirestoreDirectory } from '../../directory/firestore-directory.js';
import type { WorkerDirectory } from '../../directory/worker-directory.js';
import type { Caller } from '../caller.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { accountName, isoTime } from './user-index.js';
import { defineCallable } from '../define-callable.js';

/**
 * The directory defaults to Firestore `workers`; with a monday.com board, `boardFreshness` tells
 * when a worker's copy was last taken from the board.
 */
export type GetUserProfileDeps = AdminDeps & {
  directory?: WorkerDirectory;
  boardFreshness?: (workerId: string) => Promise<Date | null>;
  /** The board's status and dropdown labels per field (kept by the full sync); none without a board. */
  boardLabels?: () => Promise<GetUserProfileResponse['workerFieldLabels']>;
};

const AUTH_USER_NOT_FOUND = 'auth/user-not-found';

/** The Auth account, or null when there is none (any other Auth failure is thrown). */
async function findAccount(find: () => Promise<UserRecord>): Promise<UserRecord | null> {
  try {
    return await find();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === AUTH_USER_NOT_FOUND || code === 'auth/invalid-uid' || code === 'auth/invalid-email') {
      return null;
    }
    throw error;
  }
}

const permissionList = (value: unknown): Permission[] =>
  Array.isArray(value) ? value.filter(isPermission) : [];

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

type Resolved = { key: string; account: UserRecord | null; worker: WorkerProfile | null };

/**
 * What `userId` names: an Auth uid, else a directory worker id. A worker found by id is shown with
 * its account when one is linked to it (by `users.workerId` or by e-mail), so "create account" is
 * never offered for a worker who already has one.
 */
async function resolveUser(deps: GetUserProfileDeps, directory: WorkerDirectory, userId: string) {
  const account = await findAccount(() => deps.auth.getUser(userId));
  if (account) return { key: account.uid, account, worker: null } satisfies Resolved;

  const worker = await directory.findById(userId);
  if (!worker) return null;
  const linked = await deps.db.collection('users').where('workerId', '==', worker.id).limit(1).get();
  const linkedUid = linked.docs[0]?.id;
  // By e-mail only a verified address counts: anyone can sign up with a worker's address.
  const byEmail = await findAccount(() => deps.auth.getUserByEmail(worker.email));
  const linkedAccount =
    (linkedUid ? await findAccount(() => deps.auth.getUser(linkedUid)) : null) ??
    (byEmail?.emailVerified ? byEmail : null);
  return { key: linkedAccount?.uid ?? worker.id, account: linkedAccount, worker } satisfies Resolved;
}

/**
 * What the caller may do to this user. Role and permission edits follow the domain's level rules
 * (the dialog lists only roles the caller may give). Password reset and enable / disable are
 * offered to every holder of the permission for any other account: whether the target's level
 * allows it is decided by the operation itself on the server, whose refusal ("equal or higher
 * role") the screen shows as a notice.
 */
export function allowedActions(
  caller: Caller,
  target: { role: string | null; uid: string | null; hasWorker: boolean },
): AdminAllowedActions {
  const can = (permission: Permission) => hasPermission(caller, permission, AUTH_RULES);
  const hasAccount = target.uid !== null;
  const targetRole = target.role ?? ROLES.USER;
  const notAbove = hasAccount && roleLevel(targetRole) <= roleLevel(caller.role);
  const isSelf = target.uid === caller.uid;
  const editRole = can(PERMISSIONS.MODIFY_USER_ROLES) && notAbove;
  return {
    editRole,
    assignableRoles: editRole ? ALL_ROLES.filter((role) => roleLevel(role) <= roleLevel(caller.role)) : [],
    editPermissions: can(PERMISSIONS.MANAGE_USER_PERMISSIONS) && notAbove,
    resetPassword: can(PERMISSIONS.RESET_USER_PASSWORD) && hasAccount && !isSelf,
    setStatus: can(PERMISSIONS.ENABLE_DISABLE_USER) && hasAccount && !isSelf,
    editWorker: can(PERMISSIONS.EDIT_WORKER_MONDAY_DATA) && target.hasWorker,
    createAccount: can(PERMISSIONS.CREATE_USER_ACCOUNTS) && target.hasWorker && !hasAccount,
    creatableRoles: creatableRoles(caller, AUTH_RULES),
  };
}

/**
 * The getUserProfile callable (at least manager, VIEW_ALL_USER_DATA): the account (role from the
 * claim, assigned / revoked permissions from `users/{uid}`), the directory entry (by
 * `users.workerId`, else by e-mail), the account status (null without VIEW_USER_ACCOUNT_STATUS)
 * and what the caller may do. Read fresh, not from the list's cache, so a profile shows a change
 * at once. A profile that shows sensitive worker fields (PESEL, SSN, tax and Swedish personal
 * numbers, bank account) writes an audit entry `viewSensitiveWorkerData` naming them first.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields`; `not-found` 'admin.errors.userNotFound'; `internal`
 * 'admin.errors.loadProfileFailed'.
 */
export function createGetUserProfileHandler(deps: GetUserProfileDeps) {
  const directory = deps.directory ?? createFirestoreDirectory(deps.db);
  return defineCallable('getUserProfile', deps, {
    access: adminAccess(PERMISSIONS.VIEW_ALL_USER_DATA, ROLES.MANAGER),
    run: async ({ caller, input: { userId } }) => {
      const resolved = await resolveUser(deps, directory, userId);
      if (!resolved) throw new HttpsError('not-found', ADMIN_ERRORS.userNotFound, { userId });

      const { key, account: record } = resolved;
      const usersData = record ? ((await deps.db.doc(`users/${record.uid}`).get()).data() ?? {}) : {};
      const workerId = nonEmpty(usersData.workerId);
      const worker =
        resolved.worker ??
        (workerId ? await directory.findById(workerId) : null) ??
        (record?.email && record.emailVerified ? await directory.findByEmail(record.email) : null);

      const account: AdminAccount | null = record
        ? {
            uid: record.uid,
            email: record.email ?? '',
            name: accountName(record, nonEmpty(usersData.name), worker?.name ?? null),
            role: roleOfRecord(usersData),
            emailVerified: record.emailVerified,
            disabled: record.disabled,
            lastSignIn: isoTime(record.metadata.lastSignInTime),
            createdAt: isoTime(record.metadata.creationTime),
            assignedPermissions: permissionList(usersData.assignedPermissions),
            revokedPermissions: permissionList(usersData.revokedPermissions),
          }
        : null;
      const status: AccountStatus = account ? (account.disabled ? 'disabled' : 'enabled') : 'noAccount';
      // Every read of a worker's sensitive fields leaves a trace (who, whose, when, which fields),
      // written before the answer goes out: no trace, no answer.
      const shown = sensitiveFieldsOf(worker);
      if (worker && shown.length > 0) {
        const batch = deps.db.batch();
        addAuditEntry(deps.db, batch, {
          caller,
          action: 'viewSensitiveWorkerData',
          target: { uid: account?.uid ?? null, workerId: worker.id, email: worker.email },
          fields: shown,
          now: deps.now(),
        });
        await batch.commit();
      }
      const [dataAsOf, labels] = await Promise.all([
        worker && deps.boardFreshness ? deps.boardFreshness(worker.id) : null,
        worker && deps.boardLabels ? deps.boardLabels() : null,
      ]);
      return {
        key,
        account,
        worker,
        workerDataAsOf: dataAsOf ? dataAsOf.toISOString() : null,
        workerFieldLabels: labels,
        status: hasPermission(caller, PERMISSIONS.VIEW_USER_ACCOUNT_STATUS, AUTH_RULES) ? status : null,
        allowed: allowedActions(caller, {
          role: account?.role ?? null,
          uid: account?.uid ?? null,
          hasWorker: worker !== null,
        }),
      };
    },
  });
}
