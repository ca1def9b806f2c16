import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import {
  type Account,
  CREATED,
  anonymous,
  account,
  clock,
  db,
  entriesOf,
  expectEntries,
  fieldChange,
  handlers,
  logger,
  requestAs,
  seedTicket,
  ticketData,
} from '../testing/ticket-processing-fixtures.js';
import { fieldsOf, httpsErrorOf, newRequestId } from '../testing/helpers.js';

const change = async (user: Account, data: Record<string, unknown>) =>
  handlers.changeStatus(await requestAs(user, data));

let foreman: Account;
let manager: Account;
let worker: Account;
let otherWorker: Account;

beforeAll(async () => {
  [foreman, manager, worker, otherWorker] = await Promise.all([
    account('foreman'),
    account('manager'),
    account('user'),
    account('user'),
  ]);
});

describe('changeTicketStatus: staff moves', () => {
  it('moves a new ticket to inProgress: status, lastUpdate and one activity entry', async () => {
    const ticketId = await seedTicket(worker);
    const at = clock.tick();
    const result = await change(foreman, { ticketId, status: 'inProgress' });
    expect(result).toEqual({ ticketId, status: 'inProgress', isChanged: true });
    const ticket = await ticketData(ticketId);
    expect(ticket).toMatchObject({ status: 'inProgress', archived: false, lastUpdate: at });
    expect(ticket?.createdAt).toEqual(Timestamp.fromMillis(CREATED));
    expect(ticket).not.toHaveProperty('archivedFrom');
    await expectEntries(ticketId, [fieldChange(foreman, at, 'status', 'new', 'inProgress')]);
    expect(logger.entries).toContainEqual({
      level: 'info',
      message: 'ticket status changed',
      details: { ticketId, from: 'new', to: 'inProgress', by: foreman.uid },
    });
  });

  it('takes a ticket from new to archived and back, logging every step', async () => {
    const ticketId = await seedTicket(worker);
    const t1 = clock.tick();
    await change(foreman, { ticketId, status: 'inProgress' });
    const t2 = clock.tick();
    await change(manager, { ticketId, status: 'resolved' });
    const t3 = clock.tick();
    await change(foreman, { ticketId, status: 'archived' });
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'archived',
      archived: true,
      archivedFrom: 'resolved',
      lastUpdate: t3,
    });

    const t4 = clock.tick();
    const back = await change(foreman, { ticketId, status: 'resolved' });
    expect(back).toEqual({ ticketId, status: 'resolved', isChanged: true });
    const ticket = await ticketData(ticketId);
    expect(ticket).toMatchObject({ status: 'resolved', archived: false, lastUpdate: t4 });
    expect(ticket).not.toHaveProperty('archivedFrom');
    await expectEntries(ticketId, [
      fieldChange(foreman, t1, 'status', 'new', 'inProgress'),
      fieldChange(manager, t2, 'status', 'inProgress', 'resolved'),
      fieldChange(foreman, t3, 'status', 'resolved', 'archived'),
      fieldChange(foreman, t4, 'status', 'archived', 'resolved'),
    ]);
  });

  it('unarchives only to the status the ticket had', async () => {
    const ticketId = await seedTicket(worker, 'absences', { status: 'noted' });
    await change(foreman, { ticketId, status: 'archived' });
    const error = await httpsErrorOf(change(foreman, { ticketId, status: 'inProgress' }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('tickets.processing.errors.illegalTransition');
    expect(error.details).toEqual({ from: 'archived', to: 'inProgress', allowed: ['noted'] });
    await change(foreman, { ticketId, status: 'noted' });
    expect(await ticketData(ticketId)).toMatchObject({ status: 'noted', archived: false });
  });

  it('reopens an archived ticket that does not say where it came from', async () => {
    const ticketId = await seedTicket(worker, 'car', { status: 'archived', archived: true });
    const error = await httpsErrorOf(change(foreman, { ticketId, status: 'resolved' }));
    expect(error.details).toEqual({ from: 'archived', to: 'resolved', allowed: ['inProgress'] });
    await change(foreman, { ticketId, status: 'inProgress' });
    expect(await ticketData(ticketId)).toMatchObject({ status: 'inProgress', archived: false });
  });

  it('rejects with a reason, keeps it while archived, drops it on reopening', async () => {
    const ticketId = await seedTicket(worker);
    const t1 = clock.tick();
    await change(foreman, { ticketId, status: 'rejected', reason: '  Not our accommodation  ' });
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Not our accommodation',
      lastUpdate: t1,
    });
    await expectEntries(ticketId, [
      fieldChange(foreman, t1, 'status', 'new', 'rejected'),
      fieldChange(foreman, t1, 'rejectionReason', null, 'Not our accommodation'),
    ]);

    await change(foreman, { ticketId, status: 'archived' });
    expect(await ticketData(ticketId)).toMatchObject({
      archivedFrom: 'rejected',
      rejectionReason: 'Not our accommodation',
    });
    // Back to rejected needs no new reason: the ticket keeps its own.
    await change(foreman, { ticketId, status: 'rejected' });
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Not our accommodation',
    });

    await change(foreman, { ticketId, status: 'inProgress' });
    const reopened = await ticketData(ticketId);
    expect(reopened).toMatchObject({ status: 'inProgress' });
    expect(reopened).not.toHaveProperty('rejectionReason');
    expect(await entriesOf(ticketId)).toHaveLength(5);
  });

  it('records the paid amount and day of a presalary', async () => {
    const ticketId = await seedTicket(worker, 'presalary', { status: 'inProgress' });
    const at = clock.tick();
    await change(manager, { ticketId, status: 'paid', paidAmount: 300, paidDate: '2026-11-24' });
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'paid',
      paid: { amount: 300, date: '2026-11-24', by: { uid: manager.uid, name: manager.name } },
      lastUpdate: at,
    });
    await expectEntries(ticketId, [
      fieldChange(manager, at, 'status', 'inProgress', 'paid'),
      fieldChange(manager, at, 'paidAmount', null, 300),
      fieldChange(manager, at, 'paidDate', null, '2026-11-24'),
    ]);
    // Archived and back: the payment stays, and no new one is asked for.
    await change(manager, { ticketId, status: 'archived' });
    await change(manager, { ticketId, status: 'paid' });
    expect((await ticketData(ticketId))?.paid).toMatchObject({ amount: 300, date: '2026-11-24' });
    // Reopened, it is no longer paid: the ticket drops the payment, the log keeps it.
    await change(manager, { ticketId, status: 'inProgress' });
    const reopened = await ticketData(ticketId);
    expect(reopened).toMatchObject({ status: 'inProgress' });
    expect(reopened).not.toHaveProperty('paid');
    expect(await entriesOf(ticketId)).toHaveLength(6);
  });

  it('marks salary paid without payment details, and stores none', async () => {
    const ticketId = await seedTicket(worker, 'salary', { status: 'inProgress' });
    await change(foreman, { ticketId, status: 'paid', paidAmount: 12 });
    const ticket = await ticketData(ticketId);
    expect(ticket?.status).toBe('paid');
    expect(ticket).not.toHaveProperty('paid');
    expect(await entriesOf(ticketId)).toHaveLength(1);
  });

  it('marks clothes sent', async () => {
    const ticketId = await seedTicket(worker, 'clothes', { status: 'inProgress' });
    await change(foreman, { ticketId, status: 'sent' });
    expect((await ticketData(ticketId))?.status).toBe('sent');
  });

  it('moves a ticket with a stored status outside the list only to inProgress', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'waitingForParts' });
    const error = await httpsErrorOf(change(foreman, { ticketId, status: 'resolved' }));
    expect(error.details).toEqual({ from: 'unknown', to: 'resolved', allowed: ['inProgress'] });
    const at = clock.tick();
    await change(foreman, { ticketId, status: 'inProgress' });
    await expectEntries(ticketId, [fieldChange(foreman, at, 'status', 'unknown', 'inProgress')]);
  });

  it('answers a change to the current status with success and writes nothing', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'inProgress' });
    const before = await ticketData(ticketId);
    clock.tick();
    const result = await change(foreman, { ticketId, status: 'inProgress' });
    expect(result).toEqual({ ticketId, status: 'inProgress', isChanged: false });
    expect(await ticketData(ticketId)).toEqual(before);
    expect(await entriesOf(ticketId)).toEqual([]);
  });

  it('lets a worker whose users document grants PROCESS_TICKETS change a status', async () => {
    const helper = await account('user', { assignedPermissions: ['PROCESS_TICKETS'] });
    const ticketId = await seedTicket(worker);
    await change(helper, { ticketId, status: 'inProgress' });
    expect((await ticketData(ticketId))?.status).toBe('inProgress');
  });
});

describe('changeTicketStatus: refusals', () => {
  /** Checks that the call left the ticket and its log as they were. */
  async function expectUntouched(ticketId: string, before: unknown) {
    expect(await ticketData(ticketId)).toEqual(before);
    expect(await entriesOf(ticketId)).toEqual([]);
  }

  it('refuses an illegal transition with the allowed ones', async () => {
    const ticketId = await seedTicket(worker);
    const before = await ticketData(ticketId);
    const error = await httpsErrorOf(change(foreman, { ticketId, status: 'resolved' }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('tickets.processing.errors.illegalTransition');
    expect(error.details).toEqual({
      from: 'new',
      to: 'resolved',
      allowed: ['inProgress', 'rejected', 'noted'],
    });
    await expectUntouched(ticketId, before);
  });

  it.each([
    ['paid for an absence', 'absences', 'paid'],
    ['sent for a presalary', 'presalary', 'sent'],
    ['archived while in progress', 'car', 'archived'],
  ])('refuses %s', async (_name, category, status) => {
    const ticketId = await seedTicket(worker, category, { status: 'inProgress' });
    const error = await httpsErrorOf(
      change(foreman, { ticketId, status, paidAmount: 1, paidDate: '2026-11-24' }),
    );
    expect(error.message).toBe('tickets.processing.errors.illegalTransition');
  });

  it('refuses a rejection without a reason', async () => {
    const ticketId = await seedTicket(worker);
    const before = await ticketData(ticketId);
    for (const reason of [undefined, '', '   ']) {
      const error = await httpsErrorOf(change(foreman, { ticketId, status: 'rejected', reason }));
      expect(error.code).toBe('invalid-argument');
      expect(fieldsOf(error)).toEqual({ reason: 'validation.required' });
    }
    await expectUntouched(ticketId, before);
  });

  it('refuses a presalary marked paid without amount or day', async () => {
    const ticketId = await seedTicket(worker, 'presalary', { status: 'inProgress' });
    const before = await ticketData(ticketId);
    const none = await httpsErrorOf(change(manager, { ticketId, status: 'paid' }));
    expect(none.code).toBe('invalid-argument');
    expect(fieldsOf(none)).toEqual({ paidAmount: 'validation.required', paidDate: 'validation.required' });
    const noDay = await httpsErrorOf(change(manager, { ticketId, status: 'paid', paidAmount: 300 }));
    expect(fieldsOf(noDay)).toEqual({ paidDate: 'validation.required' });
    const zero = await httpsErrorOf(
      change(manager, { ticketId, status: 'paid', paidAmount: 0, paidDate: '2026-11-24' }),
    );
    expect(fieldsOf(zero)).toEqual({ paidAmount: 'validation.amountGreaterThanZero' });
    await expectUntouched(ticketId, before);
  });

  it.each([
    ['no ticket id', { status: 'inProgress' }, { ticketId: 'validation.required' }],
    ['a ticket path', { ticketId: 'a/b', status: 'inProgress' }, { ticketId: 'validation.invalid' }],
    ['an unknown status', { ticketId: 'tp-x', status: 'closed' }, { status: 'validation.invalid' }],
    [
      'a reason over 1000 characters',
      { ticketId: 'tp-x', status: 'rejected', reason: 'x'.repeat(1001) },
      { reason: 'validation.maxChars:1000' },
    ],
    [
      'a bad paid day',
      { ticketId: 'tp-x', status: 'paid', paidAmount: 5, paidDate: '24.11.2026' },
      { paidDate: 'validation.date' },
    ],
  ])('refuses a payload with %s', async (_name, data, fields) => {
    const error = await httpsErrorOf(change(foreman, data));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual(fields);
  });

  it('refuses an unknown ticket with not-found', async () => {
    const error = await httpsErrorOf(
      change(foreman, { ticketId: 'tp-does-not-exist', status: 'inProgress' }),
    );
    expect(error.code).toBe('not-found');
    expect(error.message).toBe('tickets.processing.errors.notFound');
  });

  it('refuses a caller who is not signed in', async () => {
    const ticketId = await seedTicket(worker);
    const error = await httpsErrorOf(handlers.changeStatus(anonymous({ ticketId, status: 'inProgress' })));
    expect(error.code).toBe('unauthenticated');
  });

  it("refuses a worker on someone else's ticket, even archiving a resolved one", async () => {
    const ticketId = await seedTicket(otherWorker, 'accommodation', { status: 'resolved' });
    const before = await ticketData(ticketId);
    for (const status of ['archived', 'inProgress', 'resolved']) {
      const error = await httpsErrorOf(change(worker, { ticketId, status }));
      expect(error.code).toBe('permission-denied');
      expect(error.message).toBe('tickets.processing.errors.forbidden');
    }
    await expectUntouched(ticketId, before);
  });

  it('refuses a worker the staff moves on their own ticket', async () => {
    const fresh = await seedTicket(worker);
    const inProgress = await seedTicket(worker, 'accommodation', { status: 'inProgress' });
    const archived = await seedTicket(worker, 'accommodation', {
      status: 'archived',
      archived: true,
      archivedFrom: 'resolved',
    });
    const attempts: [string, string][] = [
      [fresh, 'inProgress'],
      [fresh, 'rejected'],
      [inProgress, 'resolved'],
      [inProgress, 'archived'],
      [archived, 'resolved'],
    ];
    for (const [ticketId, status] of attempts) {
      const error = await httpsErrorOf(change(worker, { ticketId, status, reason: 'Changed my mind' }));
      expect(error.code, `${status}`).toBe('permission-denied');
    }
    expect(await entriesOf(fresh)).toEqual([]);
    expect(await entriesOf(inProgress)).toEqual([]);
  });

  it('refuses a foreman whose users document revokes PROCESS_TICKETS', async () => {
    const revoked = await account('foreman', { revokedPermissions: ['PROCESS_TICKETS'] });
    const ticketId = await seedTicket(worker);
    const error = await httpsErrorOf(change(revoked, { ticketId, status: 'inProgress' }));
    expect(error.code).toBe('permission-denied');
  });
});

describe('changeTicketStatus: the worker archives their own resolved ticket', () => {
  it('archives it, logged under the worker', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', { status: 'resolved' });
    const at = clock.tick();
    const result = await change(worker, { ticketId, status: 'archived' });
    expect(result).toEqual({ ticketId, status: 'archived', isChanged: true });
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'archived',
      archived: true,
      archivedFrom: 'resolved',
      lastUpdate: at,
    });
    await expectEntries(ticketId, [fieldChange(worker, at, 'status', 'resolved', 'archived')]);
    // A retry of the same request is answered without a change.
    expect(await change(worker, { ticketId, status: 'archived' })).toMatchObject({ isChanged: false });
  });
});

describe('changeTicketStatus: presalary periods', () => {
  /** The clock submitTicket runs at: 20 November 2026, so 2026-11-H2 may be requested. */
  const SUBMITTED = Date.parse('2026-11-20T10:00:00.000Z');
  const submit = createSubmitTicketHandler({ db, logger, now: () => SUBMITTED });
  const presalary = (amount: number) => ({
    requestId: newRequestId(),
    category: 'presalary',
    subcategory: 'advance',
    description: 'Advance for the deposit',
    attachments: [],
    amount,
    currency: 'EUR',
    reason: 'Deposit for a room',
    period: '2026-11-H2',
    termsAccepted: true,
  });

  it('frees the salary period when staff reject the request', async () => {
    const applicant = await account('user');
    const first = await submit(await requestAs(applicant, presalary(200)));
    const taken = await httpsErrorOf(submit(await requestAs(applicant, presalary(150))));
    expect(taken.message).toBe('tickets.presalary.periodTaken');

    await change(manager, { ticketId: first.ticketId, status: 'rejected', reason: 'Advance limit reached' });
    const second = await submit(await requestAs(applicant, presalary(150)));
    expect(second.isDuplicate).toBe(false);
    expect(second.ticketId).not.toBe(first.ticketId);
    expect((await ticketData(second.ticketId))?.details).toMatchObject({ amount: 150, period: '2026-11-H2' });
  });

  it('keeps the period taken while the request is only in progress or paid', async () => {
    const applicant = await account('user');
    const first = await submit(await requestAs(applicant, presalary(200)));
    await change(manager, { ticketId: first.ticketId, status: 'inProgress' });
    await change(manager, {
      ticketId: first.ticketId,
      status: 'paid',
      paidAmount: 200,
      paidDate: '2026-11-24',
    });
    const taken = await httpsErrorOf(submit(await requestAs(applicant, presalary(150))));
    expect(taken.message).toBe('tickets.presalary.periodTaken');
  });
});

describe('changeTicketStatus: staff on their own tickets and the paid amount', () => {
  it('refuses a foreman moving, rejecting or paying their own ticket, but lets them archive it once resolved', async () => {
    const own = await seedTicket(foreman, 'presalary', { status: 'inProgress' });
    for (const data of [
      { status: 'resolved' },
      { status: 'rejected', reason: 'Not needed' },
      { status: 'paid', paidAmount: 100, paidDate: '2026-11-24' },
    ]) {
      const error = await httpsErrorOf(change(foreman, { ticketId: own, ...data }));
      expect(error.code).toBe('permission-denied');
    }
    expect((await ticketData(own))?.status).toBe('inProgress');
    // Another member of staff processes it; then the owner may archive it like any worker.
    await change(manager, { ticketId: own, status: 'resolved' });
    await expect(change(foreman, { ticketId: own, status: 'archived' })).resolves.toMatchObject({
      status: 'archived',
    });
  });

  it('refuses to pay a presalary more than was requested, with the field message', async () => {
    const ticketId = await seedTicket(worker, 'presalary', { status: 'inProgress' });
    const requested = (await ticketData(ticketId))?.details?.amount as number;
    const error = await httpsErrorOf(
      change(manager, { ticketId, status: 'paid', paidAmount: requested + 0.01, paidDate: '2026-11-24' }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ paidAmount: 'validation.paidAboveRequested' });
    expect((await ticketData(ticketId))?.status).toBe('inProgress');
    await expect(
      change(manager, { ticketId, status: 'paid', paidAmount: requested, paidDate: '2026-11-24' }),
    ).resolves.toMatchObject({ status: 'paid' });
  });
});

describe('changeTicketStatus: a rejected presalary and its salary period', () => {
  const lockOf = (owner: Account) => db.doc(`presalaryLocks/${owner.uid}_2026-11-H2`);

  it('refuses to reopen it while another request of the period counts, and reopens it once that one is rejected', async () => {
    const owner = await account('user');
    const rejected = await seedTicket(owner, 'presalary', {
      status: 'rejected',
      rejectionReason: 'Too early',
    });
    const current = await seedTicket(owner, 'presalary', { status: 'new' });
    await lockOf(owner).set({ uid: owner.uid, period: '2026-11-H2', ticketId: current });

    const error = await httpsErrorOf(change(manager, { ticketId: rejected, status: 'inProgress' }));
    expect([error.code, error.message]).toEqual(['failed-precondition', 'tickets.presalary.periodTaken']);
    expect((await ticketData(rejected))?.status).toBe('rejected');

    await change(manager, { ticketId: current, status: 'rejected', reason: 'Duplicate' });
    await expect(change(manager, { ticketId: rejected, status: 'inProgress' })).resolves.toMatchObject({
      status: 'inProgress',
    });
    expect((await lockOf(owner).get()).get('ticketId')).toBe(rejected);
  });
});
