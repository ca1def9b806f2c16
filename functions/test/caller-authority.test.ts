import { randomUUID } from 'node:crypto';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { createListTicketQueueHandler } from '../src/callable/tickets/list-ticket-queue.js';
import { adminApp, adminAuth } from '../src/firebase.js';
import {
  callableAuth,
  callableRequest,
  createTestAccount,
  httpsErrorOf,
  recordingLogger,
} from '../testing/helpers.js';

/*
 * Authority is decided at the moment of every call: the callables read the
 * account's current state from the server's own records and refuse a token that no longer stands.
 * listTicketQueue stands for every callable here: they all build their caller with loadCaller.
 */

const db = getFirestore(adminApp(), `caller-authority-${randomUUID().slice(0, 8)}`);
const queue = createListTicketQueueHandler({ db, logger: recordingLogger(), now: Date.now });

/** A foreman with a token taken now, before whatever the test changes. */
async function foremanWithToken(users: Record<string, unknown> = {}) {
  const foreman = await createTestAccount('foreman', users, db);
  return { foreman, auth: await callableAuth(foreman) };
}

describe('the caller of a callable, at the moment of the call', () => {
  it('lets a foreman list the queue with a token that still stands', async () => {
    const { auth } = await foremanWithToken();
    await expect(queue(callableRequest({}, auth))).resolves.toHaveProperty('tickets');
  });

  it('refuses the old token of a foreman demoted to worker (claim, record and revoked tokens)', async () => {
    const { foreman, auth } = await foremanWithToken();
    // Revocation counts in whole seconds: revoke in a later second than the token's.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().setCustomUserClaims(foreman.uid, { role: 'user' });
    await db.doc(`users/${foreman.uid}`).set({ role: 'user' }, { merge: true });
    await adminAuth().revokeRefreshTokens(foreman.uid);
    const error = await httpsErrorOf(queue(callableRequest({}, auth)));
    expect(error.code).toBe('unauthenticated');
  });

  it('takes the role from the users record when it disagrees with the token claim', async () => {
    const { foreman, auth } = await foremanWithToken();
    await db.doc(`users/${foreman.uid}`).set({ role: 'user' }, { merge: true });
    const error = await httpsErrorOf(queue(callableRequest({}, auth)));
    expect(error.code).toBe('permission-denied');
  });

  it('refuses the token of an account disabled after it was issued', async () => {
    const { foreman, auth } = await foremanWithToken();
    await adminAuth().updateUser(foreman.uid, { disabled: true });
    const error = await httpsErrorOf(queue(callableRequest({}, auth)));
    expect(error.code).toBe('unauthenticated');
  });

  it('refuses an account its users record marks disabled, even before Auth says so', async () => {
    const { foreman, auth } = await foremanWithToken();
    await db.doc(`users/${foreman.uid}`).set({ disabled: true }, { merge: true });
    const error = await httpsErrorOf(queue(callableRequest({}, auth)));
    expect(error.code).toBe('unauthenticated');
  });

  it('honours a permission revoked or assigned after the token was issued, on the next call', async () => {
    const { foreman, auth } = await foremanWithToken();
    await db.doc(`users/${foreman.uid}`).set({ revokedPermissions: ['PROCESS_TICKETS'] }, { merge: true });
    expect((await httpsErrorOf(queue(callableRequest({}, auth)))).code).toBe('permission-denied');

    const worker = await createTestAccount('user', {}, db);
    const workerAuth = await callableAuth(worker);
    expect((await httpsErrorOf(queue(callableRequest({}, workerAuth)))).code).toBe('permission-denied');
    await db.doc(`users/${worker.uid}`).set({ assignedPermissions: ['PROCESS_TICKETS'] }, { merge: true });
    await expect(queue(callableRequest({}, workerAuth))).resolves.toHaveProperty('tickets');
  });

  it('refuses a token that is not a real ID token', async () => {
    const { auth } = await foremanWithToken();
    const error = await httpsErrorOf(queue(callableRequest({}, { ...auth, rawToken: 'not-a-token' })));
    expect(error.code).toBe('unauthenticated');
  });
});
