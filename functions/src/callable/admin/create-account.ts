import { HttpsError } from 'firebase-functions/v2/https';
import { ADMIN_ERRORS, PERMISSIONS, type WorkerProfile, workerProfileSchema } from '../../domain/index.js';
import { type CreateAccountState, decideCreateAccount } from '../../domain/operations/create-account.js';
import { defineCallable } from '../define-callable.js';
import { applyDecision, decideOrThrow } from '../run-operation.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { type MailingDeps, hasAuthCode, undoQuietly } from './account-target.js';
import { createPasswordResetMailer } from './reset-link.js';
import { invalidateUserIndex } from './user-index.js';

/** The directory worker; null when there is none (a malformed entry counts as missing, as in the directory). */
async function readWorker(deps: Pick<AdminDeps, 'db'>, workerId: string): Promise<WorkerProfile | null> {
  if (workerId.includes('/')) return null;
  const snapshot = await deps.db.collection('workers').doc(workerId).get();
  if (!snapshot.exists) return null;
  const parsed = workerProfileSchema.safeParse({ ...snapshot.data(), id: snapshot.id });
  return parsed.success ? parsed.data : null;
}

/** Whether the worker has an account: one that names it, or one with its e-mail. */
async function hasAccount(deps: Pick<AdminDeps, 'db' | 'auth'>, worker: WorkerProfile): Promise<boolean> {
  const linked = await deps.db.collection('users').where('workerId', '==', worker.id).limit(1).get();
  if (!linked.empty) return true;
  try {
    await deps.auth.getUserByEmail(worker.email);
    return true;
  } catch (error) {
    if (hasAuthCode(error, 'auth/user-not-found')) return false;
    throw error;
  }
}

async function readState(
  deps: Pick<AdminDeps, 'db' | 'auth'>,
  workerId: string,
): Promise<CreateAccountState> {
  const worker = await readWorker(deps, workerId);
  return { worker, hasAccount: worker !== null && (await hasAccount(deps, worker)) };
}

/**
 * The createAccount callable (CREATE_USER_ACCOUNTS), checked by `decideCreateAccount`: makes the
 * Auth account of a directory worker that has none (its e-mail, its name, no password, e-mail not
 * verified), sets the `role` claim, sends the set-password e-mail (in the emulator stack the link
 * comes back in the answer), then creates `users/{uid}` in one batch with the audit entry. The
 * e-mail is sent before the batch so that a failed send leaves nothing behind: whatever fails
 * after the Auth account was made deletes it again (best effort) before the caller gets
 * `internal`. Answers `already-exists` for a worker that has an account, also when a double click
 * loses the race at the Auth create.
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
      const state = await readState(deps, input.workerId);
      const { result: account } = decideOrThrow(
        decideCreateAccount(state, { ...input, uid: null }, caller, deps.now()),
      );

      let uid: string;
      try {
        ({ uid } = await deps.auth.createUser({
          email: account.email,
          displayName: account.name,
          emailVerified: false,
          disabled: false,
        }));
      } catch (error) {
        if (hasAuthCode(error, 'auth/email-already-exists')) {
          throw new HttpsError('already-exists', ADMIN_ERRORS.accountExists);
        }
        throw error;
      }

      let link: string | null;
      try {
        await deps.auth.setCustomUserClaims(uid, { role: account.role });
        ({ link } = await mailer.send(account.email));
        const batch = deps.db.batch();
        applyDecision(
          deps.db,
          batch,
          decideOrThrow(decideCreateAccount(state, { ...input, uid }, caller, deps.now())),
        );
        await batch.commit();
      } catch (error) {
        await undoQuietly(deps, 'createAccount', uid, () => deps.auth.deleteUser(uid));
        throw error;
      }

      invalidateUserIndex();
      deps.logger.info('createAccount', {
        by: caller.uid,
        target: uid,
        workerId: account.workerId,
        role: account.role,
      });
      return { uid, email: account.email, role: account.role, link };
    },
  });
}
