import { beforeAll, describe, expect, it } from 'vitest';
import { updateIdFor } from '../src/callable/tickets/add-ticket-update.js';
import { adminDb } from '../src/firebase.js';
import { httpsErrorOf, newRequestId } from '../testing/helpers.js';
import {
  type Account,
  account,
  clock,
  handlers,
  requestAs,
  seedTicket,
  ticketData,
  updatesOf,
} from '../testing/ticket-processing-fixtures.js';

// "Did this solve it?" on a ticket staff answered: a 👍 is kept on the ticket; a 👎 sends the
// question back to staff (in progress again, the comment as the owner's update, the assignee told).

const db = adminDb();
const rate = async (user: Account, data: Record<string, unknown>) =>
  handlers.rate(await requestAs(user, data));
const notificationsAbout = async (ticketId: string) =>
  (await db.collection('notifications').where('ticketId', '==', ticketId).get()).docs.map((doc) =>
    doc.data(),
  );

let foreman: Account;
let worker: Account;
let otherWorker: Account;

beforeAll(async () => {
  [foreman, worker, otherWorker] = await Promise.all([account('foreman'), account('user'), account('user')]);
});

const assigned = () => ({ assignedTo: { uid: foreman.uid, name: foreman.name }, assigneeUid: foreman.uid });

describe('rateTicket', () => {
  it('keeps a 👍 on the resolved ticket and changes nothing else', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'resolved', ...assigned() });
    const requestId = newRequestId();
    const at = clock.tick();
    expect(await rate(worker, { requestId, ticketId, rating: 'up', comment: 'Fixed, thanks' })).toEqual({
      ticketId,
      status: 'resolved',
      isDuplicate: false,
    });
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'resolved',
      rating: { value: 'up', comment: 'Fixed, thanks', at, requestId, status: 'resolved' },
    });
    expect(await notificationsAbout(ticketId)).toEqual([]);
  });

  it('reopens on a 👎: in progress, the comment as an update, the assignee told, once per request', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'resolved', ...assigned() });
    const requestId = newRequestId();
    const at = clock.tick();
    const payload = { requestId, ticketId, rating: 'down', comment: 'The heating is still off' };
    expect(await rate(worker, payload)).toEqual({ ticketId, status: 'inProgress', isDuplicate: false });
    expect(await rate(worker, payload)).toEqual({ ticketId, status: 'inProgress', isDuplicate: true });

    expect(await ticketData(ticketId)).toMatchObject({ status: 'inProgress', lastUpdate: at });
    expect(await updatesOf(ticketId)).toEqual({
      [updateIdFor(worker.uid, requestId)]: {
        text: 'The heating is still off',
        by: { uid: worker.uid, name: worker.name },
        at,
        attachments: [],
      },
    });
    const told = await notificationsAbout(ticketId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ recipient: foreman.uid, kind: 'ratedDown', read: false });
  });

  it('refuses someone else, a ticket still in progress, and a second rating', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'resolved' });
    const other = await httpsErrorOf(
      rate(otherWorker, { requestId: newRequestId(), ticketId, rating: 'up' }),
    );
    expect([other.code, other.message]).toEqual(['permission-denied', 'tickets.processing.errors.forbidden']);
    const staffError = await httpsErrorOf(
      rate(foreman, { requestId: newRequestId(), ticketId, rating: 'down' }),
    );
    expect(staffError.code).toBe('permission-denied');

    const open = await seedTicket(worker, 'accommodation', { status: 'inProgress' });
    const notYet = await httpsErrorOf(
      rate(worker, { requestId: newRequestId(), ticketId: open, rating: 'up' }),
    );
    expect([notYet.code, notYet.message]).toEqual([
      'failed-precondition',
      'tickets.rating.errors.notRateable',
    ]);

    await rate(worker, { requestId: newRequestId(), ticketId, rating: 'up' });
    const again = await httpsErrorOf(rate(worker, { requestId: newRequestId(), ticketId, rating: 'down' }));
    expect([again.code, again.message]).toEqual([
      'failed-precondition',
      'tickets.rating.errors.alreadyRated',
    ]);
    expect((await ticketData(ticketId))?.status).toBe('resolved');
  });

  it('refuses a rating that is neither 👍 nor 👎, or a comment over 1000 characters', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'resolved' });
    const odd = await httpsErrorOf(rate(worker, { requestId: newRequestId(), ticketId, rating: 'meh' }));
    expect(odd.code).toBe('invalid-argument');
    const long = await httpsErrorOf(
      rate(worker, { requestId: newRequestId(), ticketId, rating: 'down', comment: 'x'.repeat(1001) }),
    );
    expect(long.code).toBe('invalid-argument');
    expect((await ticketData(ticketId))?.rating).toBeUndefined();
  });
});
