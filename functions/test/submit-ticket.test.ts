import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import { loadCaller } from '../src/callable/caller.js';
import { drawnTicketNumbers } from '../src/callable/tickets/ticket-numbers.js';
import { createTicketWriter, presalaryLockPath, ticketIdFor } from '../src/callable/tickets/ticket-writer.js';
import {
  ACCOUNT_NOT_SET_UP_KEY,
  type Role,
  type TicketSubmissionInput,
  selectablePresalaryPeriods,
  ticketSearchTokens,
  ticketSubmissionSchema,
} from '../src/domain/index.js';
import { adminDb } from '../src/firebase.js';
import { submitTicket } from '../src/index.js';
import {
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  createTestUser,
  fieldsOf,
  httpsErrorOf,
  newRequestId,
  recordingLogger,
} from '../testing/helpers.js';

/** The injected clock: 20 November 2026, so presalary may be asked for 2026-11-H2 and 2026-12-H1. */
const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const AT = Timestamp.fromMillis(NOW);
const run = randomUUID().slice(0, 6);
const TOOL_DRILL = `drill-${run}`;
const TOOL_TAPE = `tape-${run}`;

const db = adminDb();
const logger = recordingLogger();
const submit = createSubmitTicketHandler({ db, logger, now: () => NOW });

type Payload = Record<string, unknown>;

const base = (category: string, subcategory: string, extra: Payload = {}): Payload => ({
  requestId: newRequestId(),
  category,
  subcategory,
  description: `Test ticket ${run}: the heating in room 12 is broken`,
  attachments: [],
  ...extra,
});

const image = (name = 'photo.jpg', size = 1000) => ({ name, size, contentType: 'image/jpeg' });

const valid = {
  presalary: (extra: Payload = {}) =>
    base('presalary', 'advance', {
      amount: 150,
      currency: 'EUR',
      reason: 'Deposit for a room',
      period: '2026-11-H2',
      termsAccepted: true,
      ...extra,
    }),
  absences: (extra: Payload = {}) =>
    base('absences', 'vacation', {
      reason: 'Family visit',
      startDate: '2026-12-01',
      endDate: '2026-12-05',
      ...extra,
    }),
  clothes: (extra: Payload = {}) =>
    base('clothes', 'newWorkwear', {
      items: [
        { type: 'jacket', variant: 'winter', size: 'L', quantity: 1 },
        { type: 'beanie', size: 'M', quantity: 2 },
      ],
      ...extra,
    }),
  tools: (extra: Payload = {}) =>
    base('tools', 'order', {
      tools: [
        { toolId: TOOL_DRILL, quantity: 2 },
        { toolId: TOOL_TAPE, quantity: 5 },
      ],
      ...extra,
    }),
  receipts: (extra: Payload = {}) =>
    base('receipts', 'fuel', {
      amount: 812.5,
      currency: 'SEK',
      purchaseDate: '2026-11-18',
      attachments: [image('receipt.jpg')],
      ...extra,
    }),
  car: (extra: Payload = {}) => base('car', 'damage', { carPlate: 'po  5tx21', ...extra }),
  accommodation: (extra: Payload = {}) =>
    base('accommodation', 'repair', { address: 'Sickla Kanalgata 8, 131 34 Nacka', ...extra }),
  salary: (extra: Payload = {}) => base('salary', 'missingPayment', { period: '2026-10-H1', ...extra }),
  workhours: (extra: Payload = {}) =>
    base('workhours', 'missingHours', {
      startDate: '2026-11-10',
      endDate: '2026-11-11',
      hours: 10,
      ...extra,
    }),
} satisfies Record<TicketSubmissionInput['category'], (extra?: Payload) => Payload>;

async function submitAs(user: TestUser, data: unknown, handler = submit) {
  return handler(callableRequest(data, await callableAuth(user)));
}

const ticket = async (id: string) => (await db.doc(`tickets/${id}`).get()).data();
const activityOf = async (id: string) =>
  (await db.collection(`tickets/${id}/activity`).get()).docs.map((doc) => doc.data());
const ticketsOf = async (uid: string) =>
  (await db.collection('tickets').where('createdBy', '==', uid).get()).docs;
/** The claims of ticket numbers held by a ticket, as `{number: claim}`. */
const claimsOf = async (ticketId: string) =>
  Object.fromEntries(
    (await db.collection('ticketNumbers').where('ticketId', '==', ticketId).get()).docs.map((doc) => [
      doc.id,
      doc.data(),
    ]),
  );
/** A number drawn in November 2026, the injected clock's month. */
const DRAWN_NUMBER = /^T-2611-[1-9]\d{3,5}$/;

/**
 * A staff-made worker (createTestAccount), named in users/{uid} and in the directory worker it is
 * linked to, as the seed and the admin screens create them.
 */
async function worker(options: { role?: Role; name?: string; users?: Payload } = {}) {
  return createTestAccount(options.role ?? 'user', {
    name: options.name ?? 'Piotr Kowalczyk',
    ...options.users,
  });
}

beforeAll(async () => {
  await db.doc(`toolCatalog/${TOOL_DRILL}`).set({
    name: 'Cordless drill/driver 18 V with 2 batteries',
    unit: 'set',
    status: 'available',
  });
  await db
    .doc(`toolCatalog/${TOOL_TAPE}`)
    .set({ name: 'Tape measure 8 m', unit: 'pcs', status: 'available' });
});

/**
 * The day staff should first answer by, for a ticket filed on Friday 20 Nov 2026 under the default
 * service levels: 1 working day for sick leave (Monday), 2 for absences, salary, work hours and
 * presalary (Tuesday; a Tuesday is a processing day too), 3 for the rest (Wednesday).
 */
const ANSWER_DUE_DAYS: Record<string, string> = {
  'absences/sickLeave': '2026-11-23',
  'absences/vacation': '2026-11-24',
  'absences/unpaidLeave': '2026-11-24',
  'absences/personal': '2026-11-24',
  'presalary/advance': '2026-11-24',
};
const salaryOrHours = (category: unknown) => category === 'salary' || category === 'workhours';

describe('submitTicket: a valid ticket of each category', () => {
  /**
   * The fields every new ticket has, whatever its category. The search tokens' exact content is
   * spelled out in the presalary test; here they only have to be the domain's.
   */
  function common(user: TestUser, number: string, data: Payload) {
    return {
      number,
      category: data.category,
      subcategory: data.subcategory,
      description: data.description,
      status: 'new',
      archived: false,
      createdAt: AT,
      createdBy: user.uid,
      submitter: { uid: user.uid, name: 'Piotr Kowalczyk', email: user.email },
      assignedTo: null,
      assigneeUid: '',
      site: null,
      lastUpdate: AT,
      attachments: [],
      declaredAttachments: 0,
      searchTokens: ticketSearchTokens(number, String(data.description)),
      firstResponseAt: null,
      // Friday 20 Nov 2026 plus the category's working days (no service levels stored: the defaults).
      answerDueDay:
        ANSWER_DUE_DAYS[`${String(data.category)}/${String(data.subcategory)}`] ??
        (salaryOrHours(data.category) ? '2026-11-24' : '2026-11-25'),
    };
  }

  it('presalary: stores the amount, the 5 % fee and the total in euro, and locks the period', async () => {
    const user = await worker();
    const data = valid.presalary({ amount: 315.5 });
    const result = await submitAs(user, data);
    expect(result).toEqual({
      ticketId: ticketIdFor(user.uid, data.requestId as string),
      number: expect.stringMatching(DRAWN_NUMBER),
      isDuplicate: false,
    });
    const stored = await ticket(result.ticketId);
    expect(stored).toEqual({
      ...common(user, result.number, data),
      details: {
        amount: 315.5,
        currency: 'EUR',
        fee: 15.78,
        total: 331.28,
        period: '2026-11-H2',
        reason: 'Deposit for a room',
        termsAccepted: true,
      },
      items: [],
      searchTokens: [
        result.number.toLowerCase(),
        result.number.split('-')[2],
        'test',
        'ticket',
        run,
        'the',
        'heating',
        'in',
        'room',
        '12',
        'is',
        'broken',
      ],
    });
    expect((await db.doc(presalaryLockPath(user.uid, '2026-11-H2')).get()).data()).toEqual({
      uid: user.uid,
      period: '2026-11-H2',
      ticketId: result.ticketId,
      at: AT,
    });
    expect(await claimsOf(result.ticketId)).toEqual({
      [result.number]: { ticketId: result.ticketId, at: AT },
    });
  });

  it('writes one "created" activity entry by the submitter, at the creation time', async () => {
    const user = await worker({ name: 'Anna Berg' });
    const result = await submitAs(user, valid.accommodation());
    expect(await activityOf(result.ticketId)).toEqual([
      { at: AT, by: { uid: user.uid, name: 'Anna Berg' }, change: { type: 'created' } },
    ]);
  });

  it('absences: the type is the subcategory; a sick leave with its certificate counts the declared file', async () => {
    const user = await worker();
    const data = valid.absences({
      subcategory: 'sickLeave',
      reason: 'Flu',
      hasMedicalCertificate: true,
      attachments: [image('certificate.pdf')],
    });
    const result = await submitAs(user, data);
    expect(await ticket(result.ticketId)).toEqual({
      ...common(user, result.number, data),
      declaredAttachments: 1,
      details: {
        type: 'sickLeave',
        reason: 'Flu',
        startDate: '2026-12-01',
        endDate: '2026-12-05',
        hasMedicalCertificate: true,
      },
      items: [],
    });
  });

  it('absences: a vacation without a certificate stores hasMedicalCertificate false', async () => {
    const user = await worker();
    const result = await submitAs(user, valid.absences());
    expect((await ticket(result.ticketId))?.details).toEqual({
      type: 'vacation',
      reason: 'Family visit',
      startDate: '2026-12-01',
      endDate: '2026-12-05',
      hasMedicalCertificate: false,
    });
  });

  it('clothes: one unconfirmed item per garment with an English name', async () => {
    const user = await worker();
    const data = valid.clothes();
    const result = await submitAs(user, data);
    expect(await ticket(result.ticketId)).toEqual({
      ...common(user, result.number, data),
      details: {},
      items: [
        {
          name: 'Winter jacket, size L',
          quantity: 1,
          confirmed: false,
          type: 'jacket',
          variant: 'winter',
          size: 'L',
        },
        { name: 'Beanie, size M', quantity: 2, confirmed: false, type: 'beanie', variant: null, size: 'M' },
      ],
    });
  });

  it('tools (foreman): items come from the tool catalogue, not from the client', async () => {
    const user = await worker({ role: 'foreman' });
    const data = valid.tools();
    const result = await submitAs(user, data);
    expect(await ticket(result.ticketId)).toEqual({
      ...common(user, result.number, data),
      details: {},
      items: [
        {
          name: 'Cordless drill/driver 18 V with 2 batteries',
          quantity: 2,
          confirmed: false,
          toolId: TOOL_DRILL,
          unit: 'set',
        },
        { name: 'Tape measure 8 m', quantity: 5, confirmed: false, toolId: TOOL_TAPE, unit: 'pcs' },
      ],
    });
  });

  it('tools (foreman): a repair may name no tool and has no items', async () => {
    const user = await worker({ role: 'foreman' });
    const result = await submitAs(user, valid.tools({ subcategory: 'repair', tools: [] }));
    expect((await ticket(result.ticketId))?.items).toEqual([]);
  });

  it('receipts: amount, currency and purchase date; no purchaseDate key when none was given', async () => {
    const user = await worker();
    const data = valid.receipts();
    const withDate = await submitAs(user, data);
    expect(await ticket(withDate.ticketId)).toEqual({
      ...common(user, withDate.number, data),
      declaredAttachments: 1,
      details: { amount: 812.5, currency: 'SEK', purchaseDate: '2026-11-18' },
      items: [],
    });
    const withoutDate = await submitAs(user, valid.receipts({ purchaseDate: undefined }));
    expect((await ticket(withoutDate.ticketId))?.details).toEqual({ amount: 812.5, currency: 'SEK' });
  });

  it('car (foreman): the plate in upper case with single spaces, at the top level, no address', async () => {
    const user = await worker({ role: 'foreman' });
    const data = valid.car();
    const result = await submitAs(user, data);
    expect(await ticket(result.ticketId)).toEqual({
      ...common(user, result.number, data),
      carPlate: 'PO 5TX21',
      details: {},
      items: [],
    });
  });

  it('accommodation: the address at the top level, no carPlate', async () => {
    const user = await worker();
    const data = valid.accommodation();
    const result = await submitAs(user, data);
    expect(await ticket(result.ticketId)).toEqual({
      ...common(user, result.number, data),
      address: 'Sickla Kanalgata 8, 131 34 Nacka',
      details: {},
      items: [],
    });
  });

  it('salary: the period in the details', async () => {
    const user = await worker();
    const data = valid.salary();
    const result = await submitAs(user, data);
    expect(await ticket(result.ticketId)).toEqual({
      ...common(user, result.number, data),
      details: { period: '2026-10-H1' },
      items: [],
    });
  });

  it('workhours: dates and hours; no hours key when none were given', async () => {
    const user = await worker();
    const data = valid.workhours();
    const result = await submitAs(user, data);
    expect(await ticket(result.ticketId)).toEqual({
      ...common(user, result.number, data),
      details: { startDate: '2026-11-10', endDate: '2026-11-11', hours: 10 },
      items: [],
    });
    const noHours = await submitAs(user, valid.workhours({ hours: undefined }));
    expect((await ticket(noHours.ticketId))?.details).toEqual({
      startDate: '2026-11-10',
      endDate: '2026-11-11',
    });
  });

  it('numbers each ticket T-YYMM-NNNN, claimed in ticketNumbers/{number}, and finds it by number', async () => {
    const user = await worker();
    const first = await submitAs(user, valid.salary());
    const second = await submitAs(user, valid.workhours());
    expect([first.number, second.number]).toEqual([
      expect.stringMatching(DRAWN_NUMBER),
      expect.stringMatching(DRAWN_NUMBER),
    ]);
    expect(first.number).not.toBe(second.number);
    expect(await claimsOf(second.ticketId)).toEqual({
      [second.number]: { ticketId: second.ticketId, at: AT },
    });
    expect((await ticket(second.ticketId))?.searchTokens).toEqual(
      expect.arrayContaining([second.number.toLowerCase(), second.number.split('-')[2]]),
    );
    expect((await db.doc('counters/tickets').get()).exists).toBe(false);
  });

  it('never gives a number twice: concurrent submissions drawing from a handful of numbers', async () => {
    // Six possible numbers per width (three widths), so 15 writers at once collide on almost every
    // draw; the transactions must still give each ticket its own number and its own claim.
    const few = () => Math.floor(Math.random() * 6) / 9000;
    const writer = createTicketWriter({ db, now: () => NOW, logger, numbering: drawnTicketNumbers(db, few) });
    const users = await Promise.all(Array.from({ length: 15 }, () => worker()));
    const callers = await Promise.all(users.map(async (user) => loadCaller(db, await callableAuth(user))));
    const results = await Promise.all(
      callers.map((caller) => writer.submit(caller, ticketSubmissionSchema.parse(valid.car()))),
    );
    const numbers = results.map((result) => result.number);
    expect(new Set(numbers).size).toBe(15);
    for (const result of results) {
      expect(await claimsOf(result.ticketId)).toEqual({
        [result.number]: { ticketId: result.ticketId, at: AT },
      });
      expect((await ticket(result.ticketId))?.number).toBe(result.number);
    }
  }, 60_000);

  it('refuses an account without users/{uid} (public sign-up), whatever its token says, and files nothing', async () => {
    const user = await createTestUser({ role: 'foreman', displayName: 'Ola Nordmann' });
    const error = await httpsErrorOf(submitAs(user, valid.accommodation()));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ACCOUNT_NOT_SET_UP_KEY);
    expect(await ticketsOf(user.uid)).toHaveLength(0);
  });

  it('works through the exported onCall function, as the runtime calls it', async () => {
    const user = await worker();
    const data = valid.accommodation();
    const result = await submitTicket.run(callableRequest(data, await callableAuth(user)));
    expect(result.ticketId).toBe(ticketIdFor(user.uid, data.requestId as string));
    expect(result.isDuplicate).toBe(false);
    expect(await ticket(result.ticketId)).toMatchObject({
      number: result.number,
      createdBy: user.uid,
      status: 'new',
    });
  });
});

describe('submitTicket: invalid payloads', () => {
  const sixMegabytes = 6 * 1024 * 1024;
  it.each<[string, Payload | null, Record<string, string>]>([
    [
      'a missing description',
      valid.accommodation({ description: undefined }),
      { description: 'validation.required' },
    ],
    [
      'a blank description',
      valid.accommodation({ description: '   ' }),
      { description: 'validation.required' },
    ],
    [
      'a description of zero-width spaces',
      valid.accommodation({ description: '\u200B\u200B\u2060' }),
      { description: 'validation.required' },
    ],
    [
      'an absence from 1999',
      valid.absences({ startDate: '1999-12-01', endDate: '1999-12-03' }),
      { startDate: 'validation.dateRange', endDate: 'validation.dateRange' },
    ],
    [
      'an absence more than two years ahead',
      valid.absences({ startDate: '2026-12-01', endDate: '2028-11-21' }),
      { endDate: 'validation.dateRange' },
    ],
    ['presalary of 99 EUR', valid.presalary({ amount: 99 }), { amount: 'validation.presalaryMin' }],
    ['presalary of 501 EUR', valid.presalary({ amount: 501 }), { amount: 'validation.presalaryMax' }],
    [
      'presalary terms not accepted',
      valid.presalary({ termsAccepted: false }),
      { termsAccepted: 'validation.required' },
    ],
    [
      'an absence ending before it starts',
      valid.absences({ startDate: '2026-12-05', endDate: '2026-12-01' }),
      { endDate: 'validation.endBeforeStart' },
    ],
    [
      'workhours ending before they start',
      valid.workhours({ startDate: '2026-11-12', endDate: '2026-11-11' }),
      { endDate: 'validation.endBeforeStart' },
    ],
    [
      'a sick leave without a file',
      valid.absences({ subcategory: 'sickLeave' }),
      { attachments: 'validation.sickLeaveFile' },
    ],
    ['clothes with no items', valid.clothes({ items: [] }), { items: 'validation.selectItem' }],
    [
      'a clothes item without a size',
      valid.clothes({ items: [{ type: 'shoes', variant: 'summer', size: '', quantity: 1 }] }),
      { items: 'validation.selectSize' },
    ],
    ['a tools order without tools', valid.tools({ tools: [] }), { tools: 'validation.addTool' }],
    [
      'receipts without a file',
      valid.receipts({ attachments: [] }),
      { attachments: 'validation.receiptFile' },
    ],
    ['a car without a plate', valid.car({ carPlate: undefined }), { carPlate: 'validation.required' }],
    [
      'accommodation without an address',
      valid.accommodation({ address: '' }),
      { address: 'validation.required' },
    ],
    [
      'six files',
      valid.accommodation({ attachments: Array.from({ length: 6 }, (_, i) => image(`p${i}.jpg`)) }),
      { attachments: 'validation.maxFiles' },
    ],
    [
      'a 6 MB file',
      valid.accommodation({ attachments: [image('big.jpg', sixMegabytes)] }),
      { 'attachments.0.size': 'validation.fileTooLarge' },
    ],
    [
      'an .exe file',
      valid.accommodation({
        attachments: [{ name: 'setup.exe', size: 1000, contentType: 'application/x-msdownload' }],
      }),
      { 'attachments.0.contentType': 'validation.fileType' },
    ],
    ['an unknown category', base('lottery', 'jackpot'), { category: 'validation.invalid' }],
    [
      'a subcategory of another category',
      valid.car({ subcategory: 'repair' }),
      { subcategory: 'validation.required' },
    ],
    ['a malformed requestId', valid.salary({ requestId: 'x' }), { requestId: 'validation.requestId' }],
    ['no payload at all', null, { _: 'validation.invalid' }],
  ])('refuses %s with invalid-argument and the field keys', async (_name, data, fields) => {
    const user = await worker({ role: 'foreman' });
    const error = await httpsErrorOf(submitAs(user, data));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid ticket');
    expect(fieldsOf(error)).toEqual(fields);
    expect(await ticketsOf(user.uid)).toHaveLength(0);
  });

  it('refuses a tool that is not in the catalogue with validation.unknownTool', async () => {
    const user = await worker({ role: 'foreman' });
    const error = await httpsErrorOf(
      submitAs(
        user,
        valid.tools({
          tools: [
            { toolId: TOOL_DRILL, quantity: 1 },
            { toolId: `nope-${run}`, quantity: 1 },
          ],
        }),
      ),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid ticket');
    expect(fieldsOf(error)).toEqual({ tools: 'validation.unknownTool' });
    expect(await ticketsOf(user.uid)).toHaveLength(0);
  });

  it('answers invalid-argument through the exported onCall function too', async () => {
    const user = await worker();
    const error = await httpsErrorOf(
      submitTicket.run(callableRequest(valid.presalary({ amount: 501 }), await callableAuth(user))),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ amount: 'validation.presalaryMax' });
  });
});

describe('submitTicket: who may submit', () => {
  it('refuses a call without auth with unauthenticated', async () => {
    const error = await httpsErrorOf(submitTicket.run(callableRequest(valid.accommodation())));
    expect(error.code).toBe('unauthenticated');
  });

  it('refuses presalary when users/{uid} revokes SUBMIT_PRESALARY_TICKETS, and allows other categories', async () => {
    const user = await worker({ users: { revokedPermissions: ['SUBMIT_PRESALARY_TICKETS'] } });
    const error = await httpsErrorOf(submitAs(user, valid.presalary()));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('tickets.errors.forbidden');
    expect(await ticketsOf(user.uid)).toHaveLength(0);
    expect((await submitAs(user, valid.salary())).isDuplicate).toBe(false);
  });

  it.each(['tools', 'car'] as const)('refuses %s (a special category) for a plain user', async (category) => {
    const user = await worker();
    const error = await httpsErrorOf(submitAs(user, valid[category]()));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('tickets.errors.forbidden');
    expect(await ticketsOf(user.uid)).toHaveLength(0);
  });

  it.each(['tools', 'car'] as const)('allows %s for a foreman', async (category) => {
    const user = await worker({ role: 'foreman' });
    const result = await submitAs(user, valid[category]());
    expect((await ticket(result.ticketId))?.category).toBe(category);
  });

  it('allows a special category for a plain user with ACCESS_SPECIAL_CATEGORIES assigned', async () => {
    const user = await worker({ users: { assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'] } });
    const result = await submitAs(user, valid.car());
    expect((await ticket(result.ticketId))?.category).toBe('car');
  });

  it('refuses a special category for a foreman whose ACCESS_SPECIAL_CATEGORIES is revoked', async () => {
    const user = await worker({
      role: 'foreman',
      users: { revokedPermissions: ['ACCESS_SPECIAL_CATEGORIES'] },
    });
    const error = await httpsErrorOf(submitAs(user, valid.tools()));
    expect(error.code).toBe('permission-denied');
  });

  it('ignores a role the client puts in the payload', async () => {
    const user = await worker();
    const error = await httpsErrorOf(submitAs(user, { ...valid.car(), role: 'admin' }));
    expect(error.code).toBe('permission-denied');
  });
});

describe('submitTicket: one ticket per requestId', () => {
  it('returns the first ticket with isDuplicate true when the same request comes again', async () => {
    const user = await worker();
    const data = valid.salary();
    const first = await submitAs(user, data);
    const again = await submitAs(user, data);
    expect(again).toEqual({ ...first, isDuplicate: true });
    expect(await ticketsOf(user.uid)).toHaveLength(1);
    expect(await activityOf(first.ticketId)).toHaveLength(1);
    expect(Object.keys(await claimsOf(first.ticketId))).toEqual([first.number]);
  });

  it('creates exactly one ticket for concurrent calls with the same requestId', async () => {
    const user = await worker();
    const data = valid.receipts();
    const auth = await callableAuth(user);
    // Several at once, so that some of them pass the existence checks before the first commits
    // and only create() stops them.
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(callableRequest(data, auth))));
    const [first] = results;
    expect(results.map((r) => r.ticketId)).toEqual(Array(6).fill(first?.ticketId));
    expect(results.map((r) => r.number)).toEqual(Array(6).fill(first?.number));
    expect(results.filter((r) => !r.isDuplicate)).toHaveLength(1);
    expect((await ticketsOf(user.uid)).map((doc) => doc.id)).toEqual([first?.ticketId]);
    expect(await activityOf(first?.ticketId ?? '')).toHaveLength(1);
    expect(Object.keys(await claimsOf(first?.ticketId ?? ''))).toEqual([first?.number]);
  });

  it('keeps requestIds of different users apart', async () => {
    const [anna, ben] = await Promise.all([worker(), worker()]);
    const data = valid.salary();
    const a = await submitAs(anna, data);
    const b = await submitAs(ben, data);
    expect(a.ticketId).not.toBe(b.ticketId);
    expect(b.isDuplicate).toBe(false);
  });
});

describe('submitTicket: one presalary per salary period', () => {
  it('refuses a second presalary for the same period with failed-precondition', async () => {
    const user = await worker();
    await submitAs(user, valid.presalary());
    const error = await httpsErrorOf(submitAs(user, valid.presalary({ amount: 100 })));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('tickets.presalary.periodTaken');
    expect(await ticketsOf(user.uid)).toHaveLength(1);
  });

  it('returns the existing ticket for a retry of the same presalary request', async () => {
    const user = await worker();
    const data = valid.presalary();
    const first = await submitAs(user, data);
    expect(await submitAs(user, data)).toEqual({ ...first, isDuplicate: true });
  });

  it('lets a new request through once the earlier one for the period was rejected', async () => {
    const user = await worker();
    const first = await submitAs(user, valid.presalary());
    await db.doc(`tickets/${first.ticketId}`).update({ status: 'rejected' });
    const second = await submitAs(user, valid.presalary({ amount: 120 }));
    expect(second.isDuplicate).toBe(false);
    expect((await ticket(second.ticketId))?.details).toMatchObject({ amount: 120, period: '2026-11-H2' });
    expect((await db.doc(presalaryLockPath(user.uid, '2026-11-H2')).get()).get('ticketId')).toBe(
      second.ticketId,
    );
    // The new request holds the period again.
    const third = await httpsErrorOf(submitAs(user, valid.presalary({ amount: 130 })));
    expect(third.message).toBe('tickets.presalary.periodTaken');
  });

  it('allows the next period while the current one is taken', async () => {
    const user = await worker();
    await submitAs(user, valid.presalary({ period: '2026-11-H2' }));
    const next = await submitAs(user, valid.presalary({ period: '2026-12-H1' }));
    expect((await ticket(next.ticketId))?.details).toMatchObject({ period: '2026-12-H1' });
    expect(await ticketsOf(user.uid)).toHaveLength(2);
  });

  it('does not count another user’s presalary', async () => {
    const [anna, ben] = await Promise.all([worker(), worker()]);
    await submitAs(anna, valid.presalary());
    expect((await submitAs(ben, valid.presalary())).isDuplicate).toBe(false);
  });

  it('creates one ticket when two different presalary requests for a period race', async () => {
    const user = await worker();
    const auth = await callableAuth(user);
    const outcomes = await Promise.allSettled([
      submit(callableRequest(valid.presalary({ amount: 200 }), auth)),
      submit(callableRequest(valid.presalary({ amount: 300 }), auth)),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({
      code: 'failed-precondition',
      message: 'tickets.presalary.periodTaken',
    });
    expect(await ticketsOf(user.uid)).toHaveLength(1);
  });

  it.each(['2026-11-H1', '2027-01-H1', '2025-11-H2'])(
    'refuses the period %s, which is not selectable on 2026-11-20',
    async (period) => {
      expect(selectablePresalaryPeriods('2026-11-20')).not.toContain(period);
      const user = await worker();
      const error = await httpsErrorOf(submitAs(user, valid.presalary({ period })));
      expect(error.code).toBe('invalid-argument');
      expect(error.message).toBe('Invalid ticket');
      expect(fieldsOf(error)).toEqual({ period: 'validation.periodNotAllowed' });
      expect(await ticketsOf(user.uid)).toHaveLength(0);
    },
  );

  it("accepts the periods of the worker's own day near midnight (Warsaw is ahead of UTC)", async () => {
    // 23:30 UTC on the 15th is 00:30 on the 16th in Warsaw: the form there offers 11-H2 and 12-H1.
    const nearMidnight = createSubmitTicketHandler({
      db,
      logger,
      now: () => Date.parse('2026-11-15T23:30:00Z'),
    });
    const user = await worker();
    const result = await submitAs(user, valid.presalary({ period: '2026-12-H1' }), nearMidnight);
    expect((await ticket(result.ticketId))?.details).toMatchObject({ period: '2026-12-H1' });
    const error = await httpsErrorOf(submitAs(user, valid.presalary({ period: '2027-01-H1' }), nearMidnight));
    expect(fieldsOf(error)).toEqual({ period: 'validation.periodNotAllowed' });
  });

  it('takes today from the clock: on 31 December the next period is in January', async () => {
    const user = await worker();
    const newYearsEve = createSubmitTicketHandler({
      db,
      logger,
      now: () => Date.parse('2026-12-31T23:30:00Z'),
    });
    const result = await submitAs(user, valid.presalary({ period: '2027-01-H1' }), newYearsEve);
    expect((await ticket(result.ticketId))?.details).toMatchObject({ period: '2027-01-H1' });
  });
});

describe('submitTicket: unexpected failures', () => {
  it('answers internal with a fixed key, logs the detail and writes nothing', async () => {
    const user = await worker();
    const logged = recordingLogger();
    const failing = createSubmitTicketHandler({
      db,
      logger: logged,
      now: () => {
        throw new Error('clock exploded: secret-detail');
      },
    });
    const error = await httpsErrorOf(submitAs(user, valid.accommodation(), failing));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('tickets.errors.submitFailed');
    expect(JSON.stringify(error.toJSON())).not.toContain('secret-detail');
    expect(logged.entries).toEqual([
      expect.objectContaining({ level: 'error', message: 'submitTicket failed' }) as unknown,
    ]);
    expect(JSON.stringify(logged.entries)).toContain('secret-detail');
    expect(await ticketsOf(user.uid)).toHaveLength(0);
  });
});
