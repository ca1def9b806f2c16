import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { type Firestore, Timestamp, getFirestore } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssignTicketHandler } from '../src/callable/tickets/assign-ticket.js';
import { SITES_TTL_MS, createListTicketQueueHandler } from '../src/callable/tickets/list-ticket-queue.js';
import { createListTicketStaffHandler } from '../src/callable/tickets/list-ticket-staff.js';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import {
  ACCOUNT_NOT_SET_UP_KEY,
  type Role,
  TICKET_QUEUE_ERRORS,
  TICKET_STATUSES,
  type TicketQueueInput,
  type TicketStatus,
} from '../src/domain/index.js';
import { adminApp, adminAuth } from '../src/firebase.js';
import {
  type TestAccount,
  callableAuth,
  callableRequest,
  createTestAccount,
  fieldsOf,
  httpsErrorOf,
  newRequestId,
  recordingLogger,
} from '../testing/helpers.js';

/*
 * listTicketQueue and listTicketStaff against the Auth emulator and the Firestore emulator, in
 * databases of their own: the queue lists every ticket, so other files' tickets must not be in
 * it. `queueDb` holds a fixed set of tickets for the filters; `flowDb` the tickets that the
 * submission and assignment tests create.
 */

const isolated = (name: string) =>
  getFirestore(adminApp(), `ticket-queue-${name}-${randomUUID().slice(0, 8)}`);
const queueDb = isolated('filters');
const flowDb = isolated('flow');

let nowMillis = Date.parse('2026-11-25T09:00:00.000Z');
const clock = {
  now: () => nowMillis,
  advance: (millis: number) => {
    nowMillis += millis;
  },
};

const logger = recordingLogger();
const queueOf = (db: Firestore) => createListTicketQueueHandler({ db, logger, now: () => clock.now() });
const staffOf = (db: Firestore, auth: Pick<Auth, 'listUsers'> = adminAuth()) =>
  createListTicketStaffHandler({ db, auth, logger });
const handlers = {
  queue: queueOf(queueDb),
  flowQueue: queueOf(flowDb),
  staff: staffOf(queueDb),
  submit: createSubmitTicketHandler({ db: flowDb, logger, now: () => clock.now() }),
  assign: createAssignTicketHandler({ db: flowDb, logger, now: () => clock.now(), auth: adminAuth() }),
};

/** An Auth account with its users document in both test databases. */
async function account(role: Role, users: Record<string, unknown> = {}): Promise<TestAccount> {
  const created = await createTestAccount(role, users, queueDb);
  await flowDb
    .doc(`users/${created.uid}`)
    .set((await queueDb.doc(`users/${created.uid}`).get()).data() ?? {});
  return created;
}

const auths = new Map<string, NonNullable<CallableRequest['auth']>>();

/** A callable request of this signed-in user (a real ID token, fetched once per user). */
async function as(user: TestAccount, data?: unknown): Promise<CallableRequest<unknown>> {
  let auth = auths.get(user.uid);
  if (!auth) {
    auth = await callableAuth(user);
    auths.set(user.uid, auth);
  }
  return callableRequest(data, auth);
}

const list = async (user: TestAccount, data: TicketQueueInput = {}, handler = handlers.queue) =>
  handler(await as(user, data));
const idsOf = (answer: { tickets: { id: string }[] }) => answer.tickets.map((ticket) => ticket.id);

const T0 = Date.parse('2026-11-01T08:00:00.000Z');
const HOUR = 3_600_000;
const SITE_NORTH = 'Brf Sjöbris, Hammarby Sjöstad (block C)';
const SITE_SOUTH = 'Arenastaden Office Park, building 4';

/** A ticket written straight into Firestore in the shape domain/ticket-document.ts gives it. */
async function storeTicket(
  db: Firestore,
  owner: TestAccount,
  fields: {
    hours: number;
    status: string;
    category: string;
    assignee?: TestAccount | null;
    site?: string | null;
    [field: string]: unknown;
  },
): Promise<string> {
  const { hours, assignee = null, site = null, ...rest } = fields;
  const id = `tq-${randomUUID().slice(0, 12)}`;
  const at = Timestamp.fromMillis(T0 + hours * HOUR);
  await db.doc(`tickets/${id}`).set({
    number: `T-${id.slice(3, 9)}`,
    subcategory: 'other',
    description: `Queue test ticket created at hour ${hours}`,
    archived: rest.status === 'archived',
    createdAt: at,
    createdBy: owner.uid,
    submitter: { uid: owner.uid, name: owner.name, email: owner.email },
    assignedTo: assignee ? { uid: assignee.uid, name: assignee.name } : null,
    assigneeUid: assignee?.uid ?? '',
    site,
    lastUpdate: at,
    items: [],
    attachments: [],
    declaredAttachments: 0,
    searchTokens: [],
    ...rest,
  });
  return id;
}

/** Counts with every status at zero but the ones given. */
const countsWith = (counts: Partial<Record<TicketStatus, number>>) => ({
  ...(Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<TicketStatus, number>),
  ...counts,
});

let foreman: TestAccount;
let manager: TestAccount;
let managerPl: TestAccount;
let admin: TestAccount;
let worker: TestAccount;
let helper: TestAccount;
let revoked: TestAccount;
let disabled: TestAccount;

/** The fixed tickets of queueDb, by letter; the comment gives status, assignee, category, site, hour. */
const t: Record<string, string> = {};

beforeAll(async () => {
  [foreman, manager, managerPl, admin, worker, helper, revoked, disabled] = await Promise.all([
    account('foreman'),
    account('manager'),
    account('manager_pl'),
    account('admin'),
    account('user'),
    account('user', { assignedPermissions: ['PROCESS_TICKETS'] }),
    account('foreman', { revokedPermissions: ['PROCESS_TICKETS'] }),
    account('manager'),
  ]);
  await adminAuth().updateUser(disabled.uid, { disabled: true });

  const entries: [string, Parameters<typeof storeTicket>[2]][] = [
    ['A', { status: 'new', category: 'clothes', site: SITE_NORTH, hours: 5 }],
    ['B', { status: 'inProgress', assignee: foreman, category: 'tools', site: SITE_SOUTH, hours: 1 }],
    ['C', { status: 'new', assignee: manager, category: 'clothes', site: SITE_SOUTH, hours: 3 }],
    ['D', { status: 'resolved', assignee: foreman, category: 'clothes', site: SITE_NORTH, hours: 2 }],
    ['E', { status: 'archived', assignee: manager, category: 'car', hours: 0 }],
    ['F', { status: 'legacyClosed', category: 'car', site: SITE_NORTH, hours: 4 }],
    ['G', { status: 'inProgress', category: 'accommodation', hours: 6 }],
  ];
  for (const [letter, fields] of entries) t[letter] = await storeTicket(queueDb, worker, fields);

  for (const siteName of [
    SITE_NORTH,
    `  ${SITE_SOUTH} `,
    SITE_NORTH,
    '',
    '   ',
    'Östermalm depot',
    'alby depot',
  ]) {
    await queueDb.collection('workers').add({ name: 'Jan Kowalski', siteName });
  }
  await queueDb.collection('workers').add({ name: 'No site at all' });
});

const ids = (...letters: string[]) => letters.map((letter) => t[letter]);

describe('listTicketQueue: who may ask', () => {
  it('refuses a caller who is not signed in', async () => {
    const error = await httpsErrorOf(handlers.queue(callableRequest({})));
    expect([error.code, error.message]).toEqual(['unauthenticated', 'auth.errors.sessionFailed']);
  });

  it('refuses a worker and a foreman whose PROCESS_TICKETS is revoked, whatever they send', async () => {
    for (const user of [worker, revoked]) {
      for (const data of [{}, { status: 'nonsense' }]) {
        const error = await httpsErrorOf(list(user, data as TicketQueueInput));
        expect([error.code, error.message], user.role).toEqual([
          'permission-denied',
          TICKET_QUEUE_ERRORS.forbidden,
        ]);
      }
    }
  });

  it('lets every staff role in, and a worker granted PROCESS_TICKETS', async () => {
    for (const user of [foreman, manager, managerPl, admin, helper]) {
      expect(idsOf(await list(user)), user.role).toEqual(ids('B', 'C', 'A', 'G'));
    }
  });

  it.each([
    ['an unknown status', { status: 'closed' }, { status: 'validation.invalid' }],
    ['the unknown status', { status: 'unknown' }, { status: 'validation.invalid' }],
    ['an assignee uid', { assignee: 'u-foreman' }, { assignee: 'validation.invalid' }],
    ['an unknown category', { category: 'food' }, { category: 'validation.invalid' }],
    ['an empty site', { site: ' ' }, { site: 'validation.invalid' }],
    ['a limit over 200', { limit: 201 }, { limit: 'validation.invalid' }],
    [
      'a limit of zero and a numeric site',
      { limit: 0, site: 5 },
      { limit: 'validation.invalid', site: 'validation.invalid' },
    ],
  ])('answers %s with invalid-argument and the field keys', async (_name, data, fields) => {
    const error = await httpsErrorOf(list(foreman, data as TicketQueueInput));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual(fields);
  });
});

describe('listTicketQueue: the tickets', () => {
  it('lists the open tickets (new, inProgress) oldest first by default, even without a payload', async () => {
    // B hour 1, C hour 3, A hour 5, G hour 6; D, E, F are closed, archived or of an unknown status.
    expect(idsOf(await list(foreman))).toEqual(ids('B', 'C', 'A', 'G'));
    expect(idsOf(await handlers.queue(await as(foreman, undefined)))).toEqual(ids('B', 'C', 'A', 'G'));
    expect(idsOf(await handlers.queue(await as(foreman, null)))).toEqual(ids('B', 'C', 'A', 'G'));
  });

  it('lists every ticket with status all, the archived and unknown ones too', async () => {
    expect(idsOf(await list(foreman, { status: 'all' }))).toEqual(ids('E', 'B', 'D', 'C', 'F', 'A', 'G'));
  });

  it.each([
    ['unassigned open', { assignee: 'unassigned' }, ['A', 'G']],
    ['unassigned of any status', { assignee: 'unassigned', status: 'all' }, ['F', 'A', 'G']],
    ['mine open (the foreman)', { assignee: 'mine' }, ['B']],
    ['mine of any status (the foreman)', { assignee: 'mine', status: 'all' }, ['B', 'D']],
    ['one status: new', { status: 'new' }, ['C', 'A']],
    ['one status: resolved', { status: 'resolved' }, ['D']],
    ['one status: archived', { status: 'archived' }, ['E']],
    ['one status nobody has', { status: 'paid' }, []],
    ['a category (open)', { category: 'clothes' }, ['C', 'A']],
    ['a category of any status', { category: 'clothes', status: 'all' }, ['D', 'C', 'A']],
    ['a site (open)', { site: SITE_NORTH }, ['A']],
    ['a site of any status', { site: SITE_NORTH, status: 'all' }, ['D', 'F', 'A']],
    ['a site given with spaces around it', { site: `  ${SITE_SOUTH}  `, status: 'all' }, ['B', 'C']],
    [
      'all of them at once',
      { assignee: 'mine', category: 'tools', site: SITE_SOUTH, status: 'inProgress' },
      ['B'],
    ],
  ] satisfies [string, TicketQueueInput, string[]][])('filters: %s', async (_name, data, letters) => {
    expect(idsOf(await list(foreman, data))).toEqual(ids(...letters));
  });

  it('reads "mine" as the caller: the manager gets their own tickets', async () => {
    expect(idsOf(await list(manager, { assignee: 'mine', status: 'all' }))).toEqual(ids('E', 'C'));
    expect(idsOf(await list(admin, { assignee: 'mine', status: 'all' }))).toEqual([]);
  });

  it('answers at most `limit` tickets and says whether more match', async () => {
    const two = await list(foreman, { limit: 2 });
    expect([idsOf(two), two.hasMore]).toEqual([ids('B', 'C'), true]);
    const four = await list(foreman, { limit: 4 });
    expect([idsOf(four), four.hasMore]).toEqual([ids('B', 'C', 'A', 'G'), false]);
    const one = await list(foreman, { status: 'all', limit: 6 });
    expect([idsOf(one).length, one.hasMore]).toEqual([6, true]);
    const all = await list(foreman, { status: 'all', limit: 7 });
    expect([idsOf(all).length, all.hasMore]).toEqual([7, false]);
  });

  it('answers each row with what staff need, dates as ISO strings', async () => {
    const [row] = (await list(foreman, { status: 'inProgress', category: 'tools' })).tickets;
    expect(row).toEqual({
      id: t.B,
      number: `T-${t.B?.slice(3, 9)}`,
      category: 'tools',
      subcategory: 'other',
      status: 'inProgress',
      description: 'Queue test ticket created at hour 1',
      createdAt: '2026-11-01T09:00:00.000Z',
      lastUpdate: '2026-11-01T09:00:00.000Z',
      submitter: { uid: worker.uid, name: worker.name },
      assignedTo: { uid: foreman.uid, name: foreman.name },
      site: SITE_SOUTH,
      answerDueDay: null,
      overdueDays: 0,
    });
  });

  it('reads odd stored data leniently: unknown status, numeric number, missing names, long text', async () => {
    const db = isolated('odd');
    const caller = await createTestAccount('foreman', {}, db);
    const long = `${'Ż'.repeat(139)}👍🏽 and more text after the cut`;
    const id = await storeTicket(db, worker, { status: 'legacyClosed', category: 'car', hours: 1 });
    await db.doc(`tickets/${id}`).update({
      number: 42,
      description: long,
      lastUpdate: 'yesterday',
      submitter: { uid: worker.uid, email: worker.email },
      assignedTo: { uid: foreman.uid },
      site: '',
      subcategory: 7,
    });
    const answer = await queueOf(db)(callableRequest({ status: 'all' }, await callableAuth(caller)));
    expect(answer.tickets).toEqual([
      {
        id,
        number: '42',
        category: 'car',
        subcategory: '',
        status: 'unknown',
        description: `${'Ż'.repeat(139)}👍🏽`,
        createdAt: '2026-11-01T09:00:00.000Z',
        lastUpdate: null,
        submitter: { uid: worker.uid, name: worker.email },
        assignedTo: { uid: foreman.uid, name: foreman.uid },
        site: null,
        answerDueDay: null,
        overdueDays: 0,
      },
    ]);
    expect(answer.counts).toEqual(countsWith({ unknown: 1 }));
  });
});

describe('listTicketQueue: counts and sites', () => {
  it('counts every status, a stored value outside the list as unknown', async () => {
    const answer = await list(foreman);
    expect(answer.counts).toEqual(
      countsWith({ new: 2, inProgress: 2, resolved: 1, archived: 1, unknown: 1 }),
    );
  });

  it('counts under the assignee, category and site filters but not the status filter', async () => {
    expect((await list(foreman, { site: SITE_NORTH })).counts).toEqual(
      countsWith({ new: 1, resolved: 1, unknown: 1 }),
    );
    expect((await list(foreman, { assignee: 'mine', status: 'resolved' })).counts).toEqual(
      countsWith({ inProgress: 1, resolved: 1 }),
    );
    expect((await list(foreman, { assignee: 'unassigned', status: 'paid' })).counts).toEqual(
      countsWith({ new: 1, inProgress: 1, unknown: 1 }),
    );
    expect((await list(foreman, { category: 'clothes', site: SITE_SOUTH })).counts).toEqual(
      countsWith({ new: 1 }),
    );
  });

  it('lists the distinct site names of the directory, trimmed and sorted, none empty', async () => {
    clock.advance(SITES_TTL_MS);
    // Locale order, not code units: 'alby' before 'Arenastaden', 'Östermalm' among the O's.
    expect((await list(foreman)).sites).toEqual(['alby depot', SITE_SOUTH, SITE_NORTH, 'Östermalm depot']);
  });

  it('keeps the site names for a minute, then reads them again', async () => {
    clock.advance(SITES_TTL_MS);
    const before = (await list(foreman)).sites;
    const workerRef = await queueDb
      .collection('workers')
      .add({ name: 'Ewa Nowak', siteName: 'Centrum tower' });
    clock.advance(SITES_TTL_MS - 1);
    expect((await list(foreman)).sites).toEqual(before);
    clock.advance(1);
    expect((await list(foreman)).sites).toContain('Centrum tower');
    await workerRef.delete();
  });

  it('answers internal loadFailed, logging the cause, when a read fails, and recovers on the next call', async () => {
    let isBroken = true;
    const flaky = new Proxy(queueDb, {
      get(target, property) {
        if (property === 'collection') {
          return (path: string) => {
            if (isBroken && path === 'workers') throw new Error('directory offline');
            return target.collection(path);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const handler = queueOf(flaky);
    const error = await httpsErrorOf(list(foreman, {}, handler));
    expect([error.code, error.message]).toEqual(['internal', TICKET_QUEUE_ERRORS.loadFailed]);
    expect(logger.entries.at(-1)).toMatchObject({ level: 'error', message: 'listTicketQueue failed' });
    isBroken = false;
    expect(idsOf(await list(foreman, {}, handler))).toEqual(ids('B', 'C', 'A', 'G'));
  });
});

describe('listTicketQueue: tickets past their answer day', () => {
  it('marks, lists and counts the open tickets staff have not answered by their day, most overdue first', async () => {
    const db = isolated('overdue');
    const caller = await createTestAccount('foreman', {}, db);
    const unanswered = { firstResponseAt: null };
    const late = await storeTicket(db, worker, {
      hours: 1,
      status: 'new',
      category: 'car',
      answerDueDay: '2026-11-20',
      ...unanswered,
    });
    const mine = await storeTicket(db, worker, {
      hours: 2,
      status: 'inProgress',
      category: 'tools',
      assignee: caller,
      answerDueDay: '2026-11-24',
      ...unanswered,
    });
    const notYet = await storeTicket(db, worker, {
      hours: 3,
      status: 'new',
      category: 'car',
      answerDueDay: '2026-11-25',
      ...unanswered,
    });
    const answered = await storeTicket(db, worker, {
      hours: 4,
      status: 'inProgress',
      category: 'car',
      answerDueDay: '2026-11-20',
      firstResponseAt: Timestamp.fromMillis(T0),
    });
    await storeTicket(db, worker, {
      hours: 5,
      status: 'resolved',
      category: 'car',
      answerDueDay: '2026-11-20',
      ...unanswered,
    });
    const queue = queueOf(db);
    const auth = await callableAuth(caller);

    // Wednesday 25 Nov 2026, 10:00 in Warsaw.
    const overdue = await queue(callableRequest({ overdue: true }, auth));
    expect(overdue.tickets.map((ticket) => [ticket.id, ticket.answerDueDay, ticket.overdueDays])).toEqual([
      [late, '2026-11-20', 5],
      [mine, '2026-11-24', 1],
    ]);
    expect(overdue.hasMore).toBe(false);
    expect(overdue.overdueCounts).toEqual({ new: 1, inProgress: 1 });

    const open = await queue(callableRequest({ status: 'open' }, auth));
    expect(open.tickets.map((ticket) => [ticket.id, ticket.overdueDays])).toEqual([
      [late, 5],
      [mine, 1],
      [notYet, 0],
      [answered, 0],
    ]);
    expect(open.overdueCounts).toEqual({ new: 1, inProgress: 1 });

    const assignedToMe = await queue(callableRequest({ overdue: true, assignee: 'mine' }, auth));
    expect(assignedToMe.tickets.map((ticket) => ticket.id)).toEqual([mine]);
    expect(assignedToMe.overdueCounts).toEqual({ inProgress: 1 });
  });

  it('tells each member of staff the 👍 and 👎 on the tickets assigned to them, and only those', async () => {
    const db = isolated('ratings');
    const [me, colleague] = await Promise.all([
      createTestAccount('foreman', {}, db),
      createTestAccount('manager', {}, db),
    ]);
    const rated = (assignee: TestAccount, value: string, hours: number) =>
      storeTicket(db, worker, {
        hours,
        status: value === 'up' ? 'resolved' : 'inProgress',
        category: 'car',
        assignee,
        rating: { value, comment: '', requestId: randomUUID() },
      });
    await Promise.all([
      rated(me, 'up', 1),
      rated(me, 'up', 2),
      rated(me, 'down', 3),
      rated(colleague, 'down', 4),
    ]);
    const queue = queueOf(db);
    expect((await queue(callableRequest({}, await callableAuth(me)))).myRatings).toEqual({ up: 2, down: 1 });
    expect((await queue(callableRequest({}, await callableAuth(colleague)))).myRatings).toEqual({
      up: 0,
      down: 1,
    });
  });
});

describe('the queue fields of a ticket', () => {
  const accommodation = (site: string) => ({
    requestId: newRequestId(),
    category: 'accommodation',
    subcategory: 'repair',
    description: 'The shower drain in room 4 is blocked again',
    attachments: [],
    address: site,
  });

  it('stores the submitter site (trimmed) and nobody assigned on a submitted ticket', async () => {
    const workerId = `w-${randomUUID().slice(0, 8)}`;
    const site = `Flow site ${randomUUID().slice(0, 6)}`;
    await flowDb.doc(`workers/${workerId}`).set({ name: 'Jan', siteName: `  ${site} ` });
    const submitter = await account('user', { workerId });
    const { ticketId } = await handlers.submit(await as(submitter, accommodation('Sickla 8')));
    expect((await flowDb.doc(`tickets/${ticketId}`).get()).data()).toMatchObject({
      assignedTo: null,
      assigneeUid: '',
      site,
    });
    const queue = await list(foreman, { site, assignee: 'unassigned' }, handlers.flowQueue);
    expect(idsOf(queue)).toEqual([ticketId]);
    expect(queue.tickets[0]).toMatchObject({ site, status: 'new', assignedTo: null });
  });

  it('stores a null site for a submitter whose directory worker is missing or has no site', async () => {
    const siteless = `w-${randomUUID().slice(0, 8)}`;
    await flowDb.doc(`workers/${siteless}`).set({ name: 'Jan' });
    for (const users of [{ workerId: 'w-does-not-exist' }, { workerId: siteless }]) {
      const submitter = await account('user', users);
      const { ticketId } = await handlers.submit(await as(submitter, accommodation('Sickla 8')));
      const stored = (await flowDb.doc(`tickets/${ticketId}`).get()).data();
      expect([stored?.site, stored?.assigneeUid], JSON.stringify(users)).toEqual([null, '']);
    }
  });

  it('refuses a submitter whose record names no usable directory worker: no staff-made account', async () => {
    for (const users of [{ workerId: null }, { workerId: 'a/b' }, { workerId: '  ' }]) {
      const submitter = await account('user', users);
      const error = await httpsErrorOf(handlers.submit(await as(submitter, accommodation('Sickla 8'))));
      expect([error.code, error.message], JSON.stringify(users)).toEqual([
        'permission-denied',
        ACCOUNT_NOT_SET_UP_KEY,
      ]);
    }
  });

  it('sets assigneeUid with assignedTo and clears it on unassigning, so mine and unassigned follow', async () => {
    const site = `Flow site ${randomUUID().slice(0, 6)}`;
    const ticketId = await storeTicket(flowDb, worker, { status: 'new', category: 'car', site, hours: 2 });
    const queue = (user: TestAccount, assignee: 'mine' | 'unassigned') =>
      list(user, { site, assignee }, handlers.flowQueue).then(idsOf);

    await handlers.assign(await as(foreman, { ticketId, assigneeUid: manager.uid }));
    expect((await flowDb.doc(`tickets/${ticketId}`).get()).data()).toMatchObject({
      assignedTo: { uid: manager.uid, name: manager.name },
      assigneeUid: manager.uid,
    });
    expect([
      await queue(manager, 'mine'),
      await queue(foreman, 'mine'),
      await queue(foreman, 'unassigned'),
    ]).toEqual([[ticketId], [], []]);

    await handlers.assign(await as(foreman, { ticketId, assigneeUid: null }));
    expect((await flowDb.doc(`tickets/${ticketId}`).get()).data()).toMatchObject({
      assignedTo: null,
      assigneeUid: '',
    });
    expect([await queue(manager, 'mine'), await queue(foreman, 'unassigned')]).toEqual([[], [ticketId]]);
    const entries = await flowDb.collection(`tickets/${ticketId}/activity`).get();
    // Two assignments, two entries: assigneeUid is never logged on its own.
    expect(entries.docs.map((doc) => (doc.get('change') as { field: string }).field).sort()).toEqual([
      'assignedTo',
      'assignedTo',
    ]);
  });

  it('brings a ticket filed before assigneeUid existed in line when its assignee is assigned again', async () => {
    const ticketId = await storeTicket(flowDb, worker, {
      status: 'new',
      category: 'car',
      hours: 3,
      assignee: foreman,
    });
    await flowDb.doc(`tickets/${ticketId}`).update({ assigneeUid: 'stale' });
    const before = (await flowDb.doc(`tickets/${ticketId}`).get()).data();
    const result = await handlers.assign(await as(foreman, { ticketId, assigneeUid: foreman.uid }));
    expect(result.isChanged).toBe(false);
    expect((await flowDb.doc(`tickets/${ticketId}`).get()).data()).toEqual({
      ...before,
      assigneeUid: foreman.uid,
    });
    expect((await flowDb.collection(`tickets/${ticketId}/activity`).get()).size).toBe(0);
  });
});

describe('listTicketStaff', () => {
  it('refuses a caller who is not signed in, a worker and a revoked foreman', async () => {
    const anonymous = await httpsErrorOf(handlers.staff(callableRequest(undefined)));
    expect(anonymous.code).toBe('unauthenticated');
    for (const user of [worker, revoked]) {
      const error = await httpsErrorOf(handlers.staff(await as(user)));
      expect([error.code, error.message], user.role).toEqual([
        'permission-denied',
        TICKET_QUEUE_ERRORS.forbidden,
      ]);
    }
  });

  it('lists foreman, manager, manager_pl, admin and a worker granted PROCESS_TICKETS, sorted by name', async () => {
    const { staff } = await handlers.staff(await as(foreman));
    const byUid = new Map(staff.map((member) => [member.uid, member]));
    for (const member of [foreman, manager, managerPl, admin, helper]) {
      expect(byUid.get(member.uid), member.role).toEqual({
        uid: member.uid,
        name: member.name,
        email: member.email,
        role: member.role,
      });
    }
    for (const outsider of [worker, revoked, disabled])
      expect(byUid.has(outsider.uid), outsider.role).toBe(false);
    const collator = new Intl.Collator('pl', { sensitivity: 'base' });
    for (let index = 1; index < staff.length; index += 1) {
      const previous = staff[index - 1]?.name ?? '';
      const current = staff[index]?.name ?? '';
      expect(collator.compare(previous, current), `${previous} before ${current}`).toBeLessThanOrEqual(0);
    }
  });

  it('offers exactly the accounts assignTicket accepts', async () => {
    const { staff } = await staffOf(flowDb)(await as(manager));
    const offered = new Set(staff.map((member) => member.uid));
    const ticketId = await storeTicket(flowDb, worker, { status: 'new', category: 'car', hours: 4 });
    for (const candidate of [foreman, manager, managerPl, admin, helper, worker, revoked, disabled]) {
      const outcome = await handlers.assign(await as(manager, { ticketId, assigneeUid: candidate.uid })).then(
        () => 'accepted',
        (error: { message: string }) => error.message,
      );
      expect(outcome, candidate.role).toBe(
        offered.has(candidate.uid) ? 'accepted' : 'tickets.processing.errors.assigneeNotStaff',
      );
    }
  });

  it('answers internal staffFailed when the accounts cannot be listed', async () => {
    const broken: Pick<Auth, 'listUsers'> = { listUsers: () => Promise.reject(new Error('auth offline')) };
    const error = await httpsErrorOf(staffOf(queueDb, broken)(await as(foreman)));
    expect([error.code, error.message]).toEqual(['internal', TICKET_QUEUE_ERRORS.staffFailed]);
    expect(logger.entries.at(-1)).toMatchObject({ level: 'error', message: 'listTicketStaff failed' });
  });
});
