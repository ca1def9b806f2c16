import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { roleOfRecord } from '../../domain/index.js';
import type { TargetAccount } from '../../domain/operations/account-state.js';
import type { AdminDeps } from './admin-caller.js';
import type { PasswordResetMailer } from './reset-link.js';

/*
 * What the account operations share: the target account as Auth knows it (the authority on
 * role, e-mail and disabled state) and its `users/{uid}` mirror.
 */

/** The operations that send a set-password e-mail; without `mailer`, the stack's default one. */
export type MailingDeps = AdminDeps & { mailer?: PasswordResetMailer };

/** Whether an Admin SDK Auth error carries this code (`auth/user-not-found`, ...). */
export function hasAuthCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/**
 * The target of an account operation as the domain decides on it, or null when Auth has no such
 * account (the operation then refuses with `not-found` 'admin.errors.userNotFound'): e-mail and
 * disabled state from Auth, the role from its `users/{uid}` record (roleOfRecord), read in `tx` when
 * given so that a concurrent change of that record retries the operation.
 */
export async function readTargetAccount(
  deps: Pick<AdminDeps, 'auth' | 'db'>,
  uid: string,
  tx?: Transaction,
): Promise<TargetAccount | null> {
  let record;
  try {
    record = await deps.auth.getUser(uid);
  } catch (error) {
    if (hasAuthCode(error, 'auth/user-not-found') || hasAuthCode(error, 'auth/invalid-uid')) return null;
    throw error;
  }
  const ref = userDoc(deps.db, uid);
  const stored = (tx ? await tx.get(ref) : await ref.get()).data();
  return {
    uid,
    role: roleOfRecord(stored),
    email: record.email ?? null,
    disabled: record.disabled,
    claims: record.customClaims ?? {},
  };
}

/** The `users/{uid}` document that mirrors an account for listing and holds its permission lists. */
export const userDoc = (db: Firestore, uid: string): DocumentReference => db.collection('users').doc(uid);

/** The strings of a stored array field; anything else reads as empty. */
export const storedStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * Runs a best-effort undo of an Auth change after a later step failed; a failing undo is logged,
 * never thrown, so the caller still sees the original failure.
 */
export async function undoQuietly(
  deps: Pick<AdminDeps, 'logger'>,
  operation: string,
  uid: string,
  undo: () => Promise<unknown>,
): Promise<void> {
  try {
    await undo();
  } catch (error) {
    deps.logger.error(`${operation}: undo failed`, {
      uid,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
