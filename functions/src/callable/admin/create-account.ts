import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  AUTH_RULES,
  PERMISSIONS,
  ROLES,
  type WorkerProfile,
  creatableRoles,
  workerProfileSchema,
} from '../../domain/index.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { type MailingDeps, hasAuthCode, undoQuietly, userDoc } from './account-target.js';
import { createPasswordResetMailer } from './reset-link.js';
import { invalidateUserIndex } from './user-index.js';
import { defineCallable } from '../define-callable.js';

const accountExists = () => new HttpsError('already-exists', ADMIN_ERRORS.accountExists);

/** The directory worker, or `not-found`; a malformed entry counts as missing, as in the directory. */
async function loadWorker(deps: Pick<AdminDeps, 'db'>, workerId: string): Promise<WorkerProfile> {
  const notFound = new HttpsError('not-found', ADMIN_ERRORS.workerNotFound);
  if (workerId.includes('/')) throw notFound;
  const snapshot = await deps.db.collection('workers').doc(workerId).get();
  if (!snapshot.exists) throw notFound;
  const parsed = workerProfileSchema.safeParse({ ...snapshot.data(), id: snapshot.id });
  if (!parsed.success) throw notFound;
  return parsed.data;
}

/** `already-exists` when the worker has an account: one with its e-mail, or one that names it. */
async function refuseExistingAccount(deps: Pick<AdminDeps, 'db' | 'auth'>, worker: WorkerProfile) {
  const linked = await deps.db.collection('users').where('workerId', '==', worker.id).limit(1).get();
  if (!linked.empty) throw accountExists();
  try {
    await deps.auth.getUserByEmail(worker.email);
  } catch (error) {
    if (hasAuthCode(error, 'auth/user-not-found')) return;
    throw error;
  }
  throw accountExists();
}

/**
 * The createAccount callable (CREATE_USER_ACCOUNTS): makes the Auth account of a directory worker
 * that has none (its e-mail, its name, no password, e-mail not verified), sets the `role` claim
 * (User; foreman or manager only for a creator with CREATE_MANAGER_ACCOUNTS), sends the
 * set-password e-mail (in the emulator stack the link comes back in the answer), then creates
 * `users/{uid}` in one batch with the audit entry. The e-mail is sent before the batch so that a
 * failed send leaves nothing behind: whatever fails after the Auth account was made deletes it
 * again (best effort) before the caller gets `internal`. Answers `already-exists` for a worker
 * that has an account, also when a double click loses the race at the Auth create.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'aboveOwnLevel';
 * `invalid-argument` with `details.fields`; `not-found` 'workerNotFound'; `already-exists`
 * 'accountExists'; `internal` 'createAccountFailed'.
 */
export function createCreateAccountHandler(deps: MailingDeps) {
  const mailer = deps.mailer ?? createPasswordResetMailer();
  return defineCallable('createAccount', deps, {
    access: adminAccess(PERMISSIONS.CREATE_USER_ACCOUNTS),
    run: async ({ caller, input }) => {
      if (input.role !== ROLES.USER && !creatableRoles(caller, AUTH_RULES).includes(input.role)) {
        throw new HttpsError('permission-denied', ADMIN_ERRORS.aboveOwnLevel);
      }
      const worker = await loadWorker(deps, input.workerId);
      await refuseExistingAccount(deps, worker);

      let uid: string;
      try {
        ({ uid } = await deps.auth.createUser({
          email: worker.email,
          displayName: worker.name,
          emailVerified: false,
          disabled: false,
        }));
      } catch (error) {
        if (hasAuthCode(error, 'auth/email-already-exists')) throw accountExists();
        throw error;
      }

      let link: string | null;
      try {
        await deps.auth.setCustomUserClaims(uid, { role: input.role });
        ({ link } = await mailer.send(worker.email));
        const now = deps.now();
        const at = Timestamp.fromMillis(now);
        const batch = deps.db.batch();
        batch.create(userDoc(deps.db, uid), {
          email: worker.email,
          name: worker.name,
          role: input.role,
          workerId: worker.id,
          assignedPermissions: [],
          revokedPermissions: [],
          disabled: false,
          createdAt: at,
          updatedAt: at,
        });
        addAuditEntry(deps.db, batch, {
          caller,
          action: 'createAccount',
          target: { uid, workerId: worker.id, email: worker.email },
          changes: { role: { from: null, to: input.role } },
          now,
        });
        await batch.commit();
      } catch (error) {
        await undoQuietly(deps, 'createAccount', uid, () => deps.auth.deleteUser(uid));
        throw error;
      }

      invalidateUserIndex();
      deps.logger.info('createAccount', {
        by: caller.uid,
        target: uid,
        workerId: worker.id,
        role: input.role,
      });
      return { uid, email: worker.email, role: input.role, link };
    },
  });
}
