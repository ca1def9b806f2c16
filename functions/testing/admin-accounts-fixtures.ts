// Shared set-up of the admin-accounts-*.test.ts files: accounts of each role with their users
// documents, directory workers, audit-log reads and the Auth emulator's REST calls.
import { randomUUID } from 'node:crypto';
import { type Firestore, type Transaction, getFirestore } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import type { AdminDeps } from '../src/callable/admin/admin-caller.js';
import { adminApp, adminAuth, adminDb } from '../src/firebase.js';
import {
  AUTH_HOST,
  type TestAccount,
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  recordingLogger,
} from './helpers.js';

export const NOW = Date.parse('2026-11-21T08:30:00.000Z');

export type Payload = Record<string, unknown>;

/** The clients the handlers get; `db` may be an isolated database (see `isolatedDb`). */
export function testDeps(db: Firestore = adminDb()) {
  const logger = recordingLogger();
  const deps: AdminDeps = { db, auth: adminAuth(), logger, now: () => NOW };
  return { deps, logger };
}

/**
 * A database of its own in the Firestore emulator, for tests that count across the whole
 * `users` collection (the admins): other tests' accounts live in the default database.
 */
export const isolatedDb = () => getFirestore(adminApp(), `admin-accounts-${randomUUID().slice(0, 8)}`);

/** An Auth account with the `role` claim and its users document (helpers.ts). */
export const account = createTestAccount;
export type Account = TestAccount;

/** A callable request of this signed-in user (a real ID token from the Auth emulator). */
export const requestAs = async (user: TestUser, data: unknown) =>
  callableRequest(data, await callableAuth(user));

/** A directory worker in `workers/{id}` with a unique id and e-mail. */
export async function directoryWorker(fields: Payload = {}, db: Firestore = adminDb()) {
  const id = `w-${randomUUID().slice(0, 12)}`;
  const worker = {
    name: 'Jan Kowalski',
    email: `${id}@example.test`,
    phone: '+48 600 100 200',
    jobTitle: 'Welder',
    ...fields,
  };
  await db.doc(`workers/${id}`).set(worker);
  return { id, ...worker };
}

export const userData = async (uid: string, db: Firestore = adminDb()) =>
  (await db.doc(`users/${uid}`).get()).data();

/** Audit entries about this account or worker. */
export async function auditEntries(target: { uid?: string; workerId?: string }, db: Firestore = adminDb()) {
  const entries =
    target.uid !== undefined
      ? db.collection('auditLog').where('target.uid', '==', target.uid)
      : db.collection('auditLog').where('target.workerId', '==', target.workerId);
  return (await entries.get()).docs.map((doc) => doc.data());
}

/** The one audit entry about the target; fails unless there is exactly one. */
export async function onlyAuditEntry(target: { uid?: string; workerId?: string }, db: Firestore = adminDb()) {
  const entries = await auditEntries(target, db);
  expect(entries).toHaveLength(1);
  return entries[0] as Payload;
}

/** The `by` of an audit entry written by this caller. */
export const auditBy = (caller: Account) => ({
  uid: caller.uid,
  email: caller.email,
  name: caller.name,
  role: caller.role,
});

export { passwordSignIn } from './helpers.js';

/** Sets a new password with the oobCode of a reset link, as /handle-auth-action does. */
export async function resetPasswordWithLink(link: string, newPassword: string): Promise<void> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  expect(oobCode).toBeTruthy();
  const response = await fetch(
    `http://${AUTH_HOST()}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oobCode, newPassword }),
    },
  );
  const body = (await response.json()) as { error?: { message: string } };
  expect(body.error?.message).toBeUndefined();
  expect(response.ok).toBe(true);
}

/**
 * A Firestore whose writes fail at commit (batches and transactions: their work runs, nothing is
 * stored), to see that a failed write leaves the account as it was.
 */
export function failingWritesDb(db: Firestore = adminDb()): Firestore {
  const commitFailed = () => new Error('commit failed (test)');
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'batch') {
        return () => {
          const batch = target.batch();
          batch.commit = () => Promise.reject(commitFailed());
          return batch;
        };
      }
      if (property === 'runTransaction') {
        return (update: (tx: Transaction) => Promise<unknown>) =>
          target.runTransaction(async (tx) => {
            await update(tx);
            throw commitFailed();
          });
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
