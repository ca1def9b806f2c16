import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from '../src/firebase.js';
import { fieldsOf, httpsErrorOf } from '../testing/helpers.js';
import {
  type Account,
  CLOTHES_ITEMS,
  account,
  anonymous,
  clock,
  entriesOf,
  expectEntries,
  fieldChange,
  handlers,
  requestAs,
  seedTicket,
  ticketData,
} from '../testing/ticket-processing-fixtures.js';

const assign = async (user: Account, data: Record<string, unknown>) =>
  handlers.assign(await requestAs(user, data));
const confirm = async (user: Account, data: Record<string, unknown>) =>
  handlers.confirmItem(await requestAs(user, data));

let foreman: Account;
let manager: Account;
let worker: Account;

beforeAll(async () => {
  [foreman, manager, worker] = await Promise.all([account('foreman'), account('manager'), account('user')]);
});

describe('assignTicket', () => {
  it('lets a foreman take a ticket: assignedTo, lastUpdate and one activity entry', async () => {
    const ticketId = await seedTicket(worker);
    const at = clock.tick();
    const result = await assign(foreman, { ticketId, assigneeUid: foreman.uid });
    const me = { uid: foreman.uid, name: foreman.name };
    expect(result).toEqual({ ticketId, assignedTo: me, isChanged: true });
    expect(await ticketData(ticketId)).toMatchObject({ assignedTo: me, lastUpdate: at, status: 'new' });
    await expectEntries(ticketId, [fieldChange(foreman, at, 'assignedTo', null, foreman.name)]);
  });

  it('hands a ticket to another staff member, then unassigns it', async () => {
    const ticketId = await seedTicket(worker);
    const t1 = clock.tick();
    await assign(foreman, { ticketId, assigneeUid: foreman.uid });
    const t2 = clock.tick();
    await assign(foreman, { ticketId, assigneeUid: manager.uid });
    expect((await ticketData(ticketId))?.assignedTo).toEqual({ uid: manager.uid, name: manager.name });
    const t3 = clock.tick();
    const result = await assign(manager, { ticketId, assigneeUid: null });
    expect(result).toEqual({ ticketId, assignedTo: null, isChanged: true });
    expect(await ticketData(ticketId)).toMatchObject({ assignedTo: null, lastUpdate: t3 });
    await expectEntries(ticketId, [
      fieldChange(foreman, t1, 'assignedTo', null, foreman.name),
      fieldChange(foreman, t2, 'assignedTo', foreman.name, manager.name),
      fieldChange(manager, t3, 'assignedTo', manager.name, null),
    ]);
  });

  it('answers assigning the current assignee again with success and writes nothing', async () => {
    const ticketId = await seedTicket(worker, 'accommodation', {
      assignedTo: { uid: manager.uid, name: manager.name },
    });
    const before = await ticketData(ticketId);
    clock.tick();
    const result = await assign(foreman, { ticketId, assigneeUid: manager.uid });
    expect(result.isChanged).toBe(false);
    const unassigned = await seedTicket(worker);
    expect((await assign(foreman, { ticketId: unassigned, assigneeUid: null })).isChanged).toBe(false);
    expect(await ticketData(ticketId)).toEqual(before);
    expect(await entriesOf(ticketId)).toEqual([]);
    expect(await entriesOf(unassigned)).toEqual([]);
  });

  it('takes a worker whose users document grants PROCESS_TICKETS as staff', async () => {
    const helper = await account('user', { assignedPermissions: ['PROCESS_TICKETS'] });
    const ticketId = await seedTicket(worker);
    await assign(foreman, { ticketId, assigneeUid: helper.uid });
    expect((await ticketData(ticketId))?.assignedTo).toEqual({ uid: helper.uid, name: helper.name });
  });

  it('refuses an assignee who is not staff', async () => {
    const revoked = await account('foreman', { revokedPermissions: ['PROCESS_TICKETS'] });
    const disabled = await account('manager');
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    const ticketId = await seedTicket(worker);
    const before = await ticketData(ticketId);
    for (const assigneeUid of [worker.uid, revoked.uid, disabled.uid, 'no-such-account']) {
      const error = await httpsErrorOf(assign(foreman, { ticketId, assigneeUid }));
      expect(error.code, assigneeUid).toBe('failed-precondition');
      expect(error.message).toBe('tickets.processing.errors.assigneeNotStaff');
    }
    expect(await ticketData(ticketId)).toEqual(before);
    expect(await entriesOf(ticketId)).toEqual([]);
  });

  it('refuses a worker, even on their own ticket', async () => {
    const ticketId = await seedTicket(worker);
    for (const assigneeUid of [worker.uid, foreman.uid, null]) {
      const error = await httpsErrorOf(assign(worker, { ticketId, assigneeUid }));
      expect(error.code).toBe('permission-denied');
      expect(error.message).toBe('tickets.processing.errors.forbidden');
    }
    expect(await entriesOf(ticketId)).toEqual([]);
  });

  it('refuses a caller who is not signed in, an unknown ticket and an archived one', async () => {
    const ticketId = await seedTicket(worker);
    expect((await httpsErrorOf(handlers.assign(anonymous({ ticketId, assigneeUid: null })))).code).toBe(
      'unauthenticated',
    );
    const missing = await httpsErrorOf(
      assign(foreman, { ticketId: 'tp-nothing-here', assigneeUid: foreman.uid }),
    );
    expect([missing.code, missing.message]).toEqual(['not-found', 'tickets.processing.errors.notFound']);
    const archived = await seedTicket(worker, 'accommodation', {
      status: 'archived',
      archived: true,
      archivedFrom: 'resolved',
    });
    const error = await httpsErrorOf(assign(foreman, { ticketId: archived, assigneeUid: foreman.uid }));
    expect([error.code, error.message]).toEqual([
      'failed-precondition',
      'tickets.processing.errors.archived',
    ]);
  });

  it.each([
    ['no assignee', { ticketId: 'tp-x' }, { assigneeUid: 'validation.required' }],
    ['an empty assignee', { ticketId: 'tp-x', assigneeUid: '' }, { assigneeUid: 'validation.invalid' }],
    ['no ticket', { assigneeUid: null }, { ticketId: 'validation.required' }],
  ])('refuses a payload with %s', async (_name, data, fields) => {
    const error = await httpsErrorOf(assign(foreman, data));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual(fields);
  });
});

describe('assignTicket on one’s own ticket', () => {
  it('refuses a foreman taking, handing on or unassigning his own ticket, and writes nothing', async () => {
    const own = await seedTicket(foreman, 'clothes', { status: 'inProgress' });
    const before = await ticketData(own);
    for (const assigneeUid of [foreman.uid, manager.uid, null]) {
      const error = await httpsErrorOf(assign(foreman, { ticketId: own, assigneeUid }));
      expect([error.code, error.message], String(assigneeUid)).toEqual([
        'permission-denied',
        'tickets.processing.errors.ownTicket',
      ]);
    }
    expect(await ticketData(own)).toEqual(before);
    expect(await entriesOf(own)).toEqual([]);
  });

  it('refuses anyone making the ticket’s owner its assignee; another member of staff may take it', async () => {
    const own = await seedTicket(foreman, 'clothes', { status: 'inProgress' });
    const error = await httpsErrorOf(assign(manager, { ticketId: own, assigneeUid: foreman.uid }));
    expect([error.code, error.message]).toEqual([
      'failed-precondition',
      'tickets.processing.errors.assigneeIsOwner',
    ]);
    expect((await ticketData(own))?.assignedTo).toBeNull();
    const result = await assign(manager, { ticketId: own, assigneeUid: manager.uid });
    expect(result.assignedTo).toEqual({ uid: manager.uid, name: manager.name });
  });
});

describe('confirmTicketItem', () => {
  it('confirms one line, keeps the others and every field of the line, and logs it', async () => {
    const ticketId = await seedTicket(worker, 'clothes', { status: 'inProgress' });
    const at = clock.tick();
    const result = await confirm(foreman, { ticketId, index: 1, confirmed: true });
    expect(result).toEqual({ ticketId, index: 1, confirmed: true, isChanged: true });
    const ticket = await ticketData(ticketId);
    expect(ticket?.items).toEqual(
      CLOTHES_ITEMS.map((item, index) => (index === 1 ? { ...item, confirmed: true } : item)),
    );
    expect(ticket?.lastUpdate).toEqual(at);
    await expectEntries(ticketId, [
      fieldChange(foreman, at, 'items.Winter work trousers, size 52', 'unconfirmed', 'confirmed'),
    ]);

    const later = clock.tick();
    await confirm(manager, { ticketId, index: 1, confirmed: false });
    expect(((await ticketData(ticketId))?.items as { confirmed: boolean }[])[1]?.confirmed).toBe(false);
    await expectEntries(ticketId, [
      fieldChange(foreman, at, 'items.Winter work trousers, size 52', 'unconfirmed', 'confirmed'),
      fieldChange(manager, later, 'items.Winter work trousers, size 52', 'confirmed', 'unconfirmed'),
    ]);
  });

  it('confirms a tool order line', async () => {
    const ticketId = await seedTicket(worker, 'tools', { status: 'inProgress' });
    const at = clock.tick();
    await confirm(foreman, { ticketId, index: 0, confirmed: true });
    expect((await ticketData(ticketId))?.items).toEqual([
      { name: 'Drill', quantity: 1, confirmed: true, toolId: 'drill', unit: 'pcs' },
    ]);
    await expectEntries(ticketId, [fieldChange(foreman, at, 'items.Drill', 'unconfirmed', 'confirmed')]);
  });

  it('answers setting the value a line already has with success and writes nothing', async () => {
    const ticketId = await seedTicket(worker, 'clothes');
    const before = await ticketData(ticketId);
    clock.tick();
    expect((await confirm(foreman, { ticketId, index: 0, confirmed: false })).isChanged).toBe(false);
    expect(await ticketData(ticketId)).toEqual(before);
    expect(await entriesOf(ticketId)).toEqual([]);
  });

  it('refuses a line that does not exist, and a ticket without items', async () => {
    const clothes = await seedTicket(worker, 'clothes');
    const error = await httpsErrorOf(confirm(foreman, { ticketId: clothes, index: 5, confirmed: true }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('tickets.processing.errors.itemNotFound');
    expect(error.details).toEqual({ index: 5, count: 5 });
    const accommodation = await seedTicket(worker);
    const none = await httpsErrorOf(confirm(foreman, { ticketId: accommodation, index: 0, confirmed: true }));
    expect(none.message).toBe('tickets.processing.errors.itemNotFound');
    expect(await entriesOf(clothes)).toEqual([]);
  });

  it('refuses a worker (even on their own ticket), a caller not signed in, unknown and archived tickets', async () => {
    const ticketId = await seedTicket(worker, 'clothes');
    const denied = await httpsErrorOf(confirm(worker, { ticketId, index: 0, confirmed: true }));
    expect([denied.code, denied.message]).toEqual([
      'permission-denied',
      'tickets.processing.errors.forbidden',
    ]);
    const anon = await httpsErrorOf(handlers.confirmItem(anonymous({ ticketId, index: 0, confirmed: true })));
    expect(anon.code).toBe('unauthenticated');
    const missing = await httpsErrorOf(confirm(foreman, { ticketId: 'tp-gone', index: 0, confirmed: true }));
    expect(missing.code).toBe('not-found');
    const archived = await seedTicket(worker, 'clothes', {
      status: 'archived',
      archived: true,
      archivedFrom: 'sent',
    });
    const frozen = await httpsErrorOf(confirm(foreman, { ticketId: archived, index: 0, confirmed: true }));
    expect(frozen.message).toBe('tickets.processing.errors.archived');
    expect(await entriesOf(ticketId)).toEqual([]);
  });

  it.each([
    ['a negative index', { index: -1, confirmed: true }, { index: 'validation.number' }],
    ['a missing flag', { index: 0 }, { confirmed: 'validation.required' }],
  ])('refuses a payload with %s', async (_name, data, fields) => {
    const error = await httpsErrorOf(confirm(foreman, { ticketId: 'tp-x', ...data }));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual(fields);
  });
});

describe('confirmTicketItem on one’s own order', () => {
  it('refuses a foreman confirming the items of their own clothes order; another foreman may', async () => {
    const own = await seedTicket(foreman, 'clothes', { status: 'inProgress' });
    const error = await httpsErrorOf(confirm(foreman, { ticketId: own, index: 0, confirmed: true }));
    expect([error.code, error.message]).toEqual(['permission-denied', 'tickets.processing.errors.forbidden']);
    expect(((await ticketData(own))?.items as { confirmed: boolean }[])[0]?.confirmed).toBe(false);
    await expect(confirm(manager, { ticketId: own, index: 0, confirmed: true })).resolves.toBeDefined();
  });
});
