// The 15-minute session on the server: a token whose sign-in went quiet for longer than the timeout is
// refused by every callable (listTicketQueue and keepSessionAlive stand for them all: they share
// loadCaller), whatever the token's own hour says; activity is recorded per sign-in and keeps it alive.
import { randomUUID } from 'node:crypto';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeepSessionAliveHandler } from '../src/callable/session/keep-session-alive.js';
import { createListTicketQueueHandler } from '../src/callable/tickets/list-ticket-queue.js';
import { SESSIONS_COLLECTION } from '../src/domain/index.js';
import { adminApp } from '../src/firebase.js';
import {
  callableAuth,
  callableRequest,
  createTestAccount,
  httpsErrorOf,
  recordingLogger,
} from '../testing/helpers.js';

const db = getFirestore(adminApp(), `server-session-${randomUUID().slice(0, 8)}`);
const logger = recordingLogger();
const queue = createListTicketQueueHandler({ db, logger, now: Date.now });
const keepAlive = createKeepSessionAliveHandler({ db, logger });
const MINUTE = 60_000;

/** A foreman signed in now, with a real ID token of the Auth emulator, and the record of that sign-in. */
async function foremanSignedIn() {
  const foreman = await createTestAccount('foreman', { workerId: `w-${randomUUID().slice(0, 8)}` }, db);
  const auth = await callableAuth(foreman);
  const session = db.collection(SESSIONS_COLLECTION).doc(`${foreman.uid}_${String(auth.token.auth_time)}`);
  return { foreman, auth, session };
}

/** Moves this process's clock (the handlers run in it) `minutes` past the real time. */
function minutesLater(minutes: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + minutes * MINUTE);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the session limit on the server', () => {
  it('lets a sign-in of ten minutes ago through and records its activity', async () => {
    const { auth, session } = await foremanSignedIn();
    minutesLater(10);
    await expect(queue(callableRequest({}, auth))).resolves.toHaveProperty('tickets');
    const recorded = (await session.get()).get('lastActivityAt') as Timestamp;
    expect(Date.now() - recorded.toMillis()).toBeLessThan(MINUTE);
  });

  it('refuses a token whose sign-in went quiet for longer than the timeout, though the token still runs', async () => {
    const { auth, session } = await foremanSignedIn();
    minutesLater(20);
    const error = await httpsErrorOf(queue(callableRequest({}, auth)));
    expect([error.code, error.message]).toEqual(['unauthenticated', 'auth.errors.sessionFailed']);
    expect((await session.get()).exists).toBe(false);
  });

  it('keeps a long sign-in alive while it is active, and refuses it once its last activity is too old', async () => {
    const { auth, session } = await foremanSignedIn();
    minutesLater(40);
    await session.set({ lastActivityAt: Timestamp.fromMillis(Date.now() - 5 * MINUTE) });
    await expect(keepAlive(callableRequest({}, auth))).resolves.toEqual({ ok: true });
    expect(Date.now() - ((await session.get()).get('lastActivityAt') as Timestamp).toMillis()).toBeLessThan(
      MINUTE,
    );

    await session.set({ lastActivityAt: Timestamp.fromMillis(Date.now() - 18 * MINUTE) });
    const error = await httpsErrorOf(keepAlive(callableRequest({}, auth)));
    expect(error.code).toBe('unauthenticated');
  });
});
