import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import {
  ADMIN_ERRORS,
  PERMISSIONS,
  type WorkerProfile,
  staffMadeAccountOf,
  workerProfileSchema,
} from '../../domain/index.js';
import { type CreateAccountState, decideCreateAccount } from '../../domain/operations/create-account.js';
import { releaseLease, tryTakeLease } from '../../firestore-lease.js';
import type { CreateAccountResponse, createAccountSchema } from '../../domain/contracts/create-account.js';
import type { Caller } from '../caller.js';
import { defineCallable } from '../define-callable.js';
import { applyDecision, decideOrThrow } from '../run-operation.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { type MailingDeps, hasAuthCode, undoQuietly } from './account-target.js';
import { type PasswordResetMailer, createPasswordResetMailer } from './reset-link.js';
import { invalidateUserIndex } from './user-index.js';

/** The directory worker; null when there is none (a malformed entry counts as missing, as in the directory). */
async function readWorker(deps: Pick<AdminDeps, 'db'>, workerId: string): Promise<WorkerProfile | null> {
  if (workerId.includes('/')) return null;
  const snapshot = await deps.db.collection('workers').doc(workerId).get();
  if (!snapshot.exists) return null;
  const parsed = workerProfileSchema.safeParse({ ...snapshot.data(), id: snapshot.id });
  return parsed.success ? parsed.data : null;
}

/**
 * The worker's account as it stands: `hasAccount` when a staff-made account is linked to the
 * worker or holds its e-mail; `selfMadeUid` when the e-mail belongs to an account that somebody
 * made through Firebase Auth's public sign-up (no staff-made record), which createAccount takes
 * over: it holds no power and nothing of the worker's, and whoever made it proved at most that
 * they could read the worker's mailbox once, so it is deleted with its sessions and the worker
 * gets a fresh account and their own set-password e-mail.
 */
async function accountOf(
  deps: Pick<AdminDeps, 'db' | 'auth'>,
  worker: WorkerProfile,
): Promise<{ hasAccount: boolean; selfMadeUid: string | null }> {
  const linked = await deps.db.collection('users').where('workerId', '==', worker.id).limit(1).get();
  if (linked.docs.some((doc) => staffMadeAccountOf(doc.data())))
    return { hasAccount: true, selfMadeUid: null };
  let uid: string;
  try {
    ({ uid } = await deps.auth.getUserByEmail(worker.email));
  } catch (error) {
    if (hasAuthCode(error, 'auth/user-not-found')) return { hasAccount: false, selfMadeUid: null };
    throw error;
  }
  const record = (await deps.db.collection('users').doc(uid).get()).data();
  return staffMadeAccountOf(record)
    ? { hasAccount: true, selfMadeUid: null }
    : { hasAccount: false, selfMadeUid: uid };
}

async function readState(
  deps: Pick<AdminDeps, 'db' | 'auth'>,
  workerId: string,
): Promise<CreateAccountState & { selfMadeUid: string | null }> {
  const worker = await readWorker(deps, workerId);
  if (!worker) return { worker, hasAccount: false, selfMadeUid: null };
  return { worker, ...(await accountOf(deps, worker)) };
}

/**
 * One createAccount per worker at a time: `accountCreations/{workerId}` is leased while an account
 * is being made. Between the Auth create and the `users/{uid}` batch the new account looks exactly
 * like a self-made one, so a second call (a double click, two managers at once) that read it then
 * would delete it as such; holding the lease, it answers `already-exists` instead. The lease outlives
 * a callable's time limit, so a holder that died lets it lapse rather than block the worker for good.
 */
export const ACCOUNT_CREATIONS = 'accountCreations';
const CREATION_LEASE_MS = 120_000;

/** Deletes a self-made account that holds a worker's e-mail (see accountOf), with anything stored under it. */
async function takeOverSelfMade(deps: AdminDeps, uid: string, workerId: string): Promise<void> {
  try {
    await deps.auth.deleteUser(uid);
  } catch (error) {
    // Gone already (its owner deleted it): the Auth create below still settles the e-mail.
    if (!hasAuthCode(error, 'auth/user-not-found')) throw error;
  }
  await deps.db.recursiveDelete(deps.db.collection('users').doc(uid));
  deps.logger.warn('createAccount: deleted a self-made account holding the worker e-mail', { uid, workerId });
}

/**
 * The createAccount callable (CREATE_USER_ACCOUNTS), checked by `decideCreateAccount`: makes the
 * Auth account of a directory worker that has none (its e-mail, its name, no password, e-mail not
 * verified), sets the `role` claim, sends the set-password e-mail (in the emulator stack the link
 * comes back in the answer), then creates `users/{uid}` in one batch with the audit entry. The
 * e-mail is sent before the batch so that a failed send leaves nothing behind: whatever fails
 * after the Auth account was made deletes it again (best effort) before the caller gets
 * `internal`. Answers `already-exists` for a worker that has an account, also to a second call
 * while the first is still making it (see ACCOUNT_CREATIONS). An account somebody made for the worker's e-mail through the
 * public sign-up is taken over (deleted first; see accountOf).
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'aboveOwnLevel';
 * `invalid-argument` with `details.fields`; `not-found` 'workerNotFound'; `already-exists`
 * 'accountExists'; `internal` 'createAccountFailed'.
 */
export function createCreateAccountHandler(deps: MailingDeps) {
  const mailer = deps.mailer ?? createPasswordResetMailer();
  return defineCallable('createAccount', deps, {
    rateLimit: { operation: 'createAccount' },
    access: adminAccess(PERMISSIONS.CREATE_USER_ACCOUNTS),
    run: async ({ caller, input }) => {
      // Refusals (no such worker, an account already, above the caller's level) come before the lease.
      decideOrThrow(
        decideCreateAccount(
          await readState(deps, input.workerId),
          { ...input, uid: null },
          caller,
          deps.now(),
        ),
      );
      const lease = { collection: ACCOUNT_CREATIONS, id: input.workerId };
      const holder = randomUUID();
      if (!(await tryTakeLease(deps.db, lease, holder, new Date(deps.now()), CREATION_LEASE_MS))) {
        throw new HttpsError('already-exists', ADMIN_ERRORS.accountExists);
      }
      try {
        return await createHolding(deps, mailer, caller, input);
      } finally {
        await releaseLease(deps.db, lease, holder).catch(() => undefined);
      }
    },
  });
}

/** createAccount's work once it holds the worker's lease; the state is read again under it. */
async function createHolding(
  deps: MailingDeps,
  mailer: PasswordResetMailer,
  caller: Caller,
  input: z.output<typeof createAccountSchema>,
): Promise<CreateAccountResponse> {
  const state = await readState(deps, input.workerId);
  const { result: account } = decideOrThrow(
    decideCreateAccount(state, { ...input, uid: null }, caller, deps.now()),
  );

  if (state.selfMadeUid) await takeOverSelfMade(deps, state.selfMadeUid, account.workerId);
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
}
