// The inbox against the Firestore and Auth emulators: the processing callables write
// the owner's notification in the transaction of the change, and markNotificationsRead marks only
// the caller's own.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMarkNotificationsReadHandler } from '../src/callable/notifications/mark-notifications-read.js';
import { NOTIFICATION_RETENTION_DAYS } from '../src/domain/notifications.js';
import {
  type Account,
  account,
  anonymous,
  clock,
  db,
  handlers,
  logger,
  requestAs,
  seedTicket,
} from '../testing/ticket-processing-fixtures.js';
import { httpsErrorOf } from '../testing/helpers.js';

const markRead = createMarkNotificationsReadHandler({ db, logger, now: () => clock.now() });

/** Every notification about one ticket, whoever it is for. */
async function notificationsOf(ticketId: string) {
  const snapshot = await db.collection('notifications').where('ticketId', '==', ticketId).get();
  return snapshot.docs.map((doc): Record<string, unknown> & { id: string } => ({
    id: doc.id,
    ...doc.data(),
  }));
}

let foreman: Account;
let worker: Account;
let otherWorker: Account;

beforeAll(async () => {
  [foreman, worker, otherWorker] = await Promise.all([account('foreman'), account('user'), account('user')]);
});

describe('notifications written by the processing callables', () => {
  it('a staff status change writes exactly one notification, to the owner, unread', async () => {
    const ticketId = await seedTicket(worker);
    const at = clock.tick();
    await handlers.changeStatus(await requestAs(foreman, { ticketId, status: 'inProgress' }));
    const written = await notificationsOf(ticketId);
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual({
      id: expect.any(String) as string,
      recipient: worker.uid,
      ticketId,
      ticketNumber: `T-${ticketId.slice(3, 9)}`,
      kind: 'statusChanged',
      key: 'notifications.kinds.statusChanged',
      values: { number: `T-${ticketId.slice(3, 9)}`, status: 'inProgress' },
      createdAt: at,
      read: false,
      // Kept a year; the TTL policy on expireAt deletes it then.
      expireAt: Timestamp.fromMillis(at.toMillis() + NOTIFICATION_RETENTION_DAYS * 24 * 60 * 60 * 1000),
    });
  });

  it('repeating the current status writes none', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'inProgress' });
    await handlers.changeStatus(await requestAs(foreman, { ticketId, status: 'inProgress' }));
    expect(await notificationsOf(ticketId)).toEqual([]);
  });

  it('the owner archiving their own resolved ticket is told nothing', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'resolved' });
    await handlers.changeStatus(await requestAs(worker, { ticketId, status: 'archived' }));
    expect(await notificationsOf(ticketId)).toEqual([]);
  });

  it('a refused change writes none', async () => {
    const ticketId = await seedTicket(worker);
    const error = await httpsErrorOf(
      handlers.changeStatus(await requestAs(otherWorker, { ticketId, status: 'resolved' })),
    );
    expect(error.code).toBe('permission-denied');
    expect(await notificationsOf(ticketId)).toEqual([]);
  });
});

describe('markNotificationsRead', () => {
  it('marks the caller’s own by id and skips someone else’s', async () => {
    const mine = await seedTicket(worker);
    const theirs = await seedTicket(otherWorker);
    await handlers.changeStatus(await requestAs(foreman, { ticketId: mine, status: 'inProgress' }));
    await handlers.changeStatus(await requestAs(foreman, { ticketId: theirs, status: 'inProgress' }));
    const [own] = await notificationsOf(mine);
    const [other] = await notificationsOf(theirs);
    if (!own || !other) throw new Error('the notifications were not written');

    const at = clock.tick();
    const answer = await markRead(await requestAs(worker, { ids: [own.id, other.id, 'no-such-id'] }));
    expect(answer).toEqual({ marked: 1 });
    expect((await db.doc(`notifications/${own.id}`).get()).data()).toMatchObject({ read: true, readAt: at });
    expect((await db.doc(`notifications/${other.id}`).get()).get('read')).toBe(false);

    expect(await markRead(await requestAs(worker, { ids: [own.id] }))).toEqual({ marked: 0 });
  });

  it('marks all of the caller’s unread ones and no one else’s', async () => {
    const first = await seedTicket(worker);
    const second = await seedTicket(worker);
    const theirs = await seedTicket(otherWorker);
    for (const ticketId of [first, second, theirs]) {
      await handlers.changeStatus(await requestAs(foreman, { ticketId, status: 'inProgress' }));
    }
    await markRead(await requestAs(worker, { all: true }));
    const unreadOfWorker = await db
      .collection('notifications')
      .where('recipient', '==', worker.uid)
      .where('read', '==', false)
      .get();
    expect(unreadOfWorker.size).toBe(0);
    const [other] = await notificationsOf(theirs);
    expect(other).toMatchObject({ recipient: otherWorker.uid, read: false });
    expect(other?.createdAt).toBeInstanceOf(Timestamp);
  });

  it('refuses a signed-out caller and a malformed request', async () => {
    expect((await httpsErrorOf(markRead(anonymous({ all: true })))).code).toBe('unauthenticated');
    expect((await httpsErrorOf(markRead(await requestAs(worker, { all: false })))).code).toBe(
      'invalid-argument',
    );
    expect((await httpsErrorOf(markRead(await requestAs(worker, { ids: [] })))).code).toBe(
      'invalid-argument',
    );
    // A path is no notification id (Firestore would throw on it: an internal error before).
    for (const id of ['n1/x', '../tickets/t1', '..']) {
      expect((await httpsErrorOf(markRead(await requestAs(worker, { ids: [id] })))).code).toBe(
        'invalid-argument',
      );
    }
  });
});
