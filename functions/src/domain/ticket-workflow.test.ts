import { describe, expect, it } from 'vitest';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketStatus } from './tickets.js';
import { fieldMessages } from './ticket-schemas.js';
import {
  TICKET_PROCESSING_ERRORS,
  actsAsStaffOn,
  allowedTransitions,
  canTransition,
  isOpenStatus,
  itemActivityField,
  itemConfirmationValue,
  needsPaymentDetails,
  needsReason,
  ownerMayAttachFiles,
  statusChangeErrors,
  ticketUpdateFilesFolder,
  updateFileFolders,
  updateSummary,
  workerMayAddUpdate,
  workerMayArchive,
} from './ticket-workflow.js';
import {
  addTicketUpdateSchema,
  assignTicketSchema,
  changeStatusSchema,
  changeStatusSchemaFor,
  confirmItemSchema,
} from './ticket-workflow-schemas.js';

/*
 * The expected transition matrix, written out from the text rather than from the module:
 * from -> to -> the categories for which the move is allowed (ANY: every category, even a stored
 * value outside the catalogue). A pair that is not listed is refused for every category.
 */
const ANY = 'any';
const EVERY = [
  'presalary',
  'absences',
  'clothes',
  'tools',
  'receipts',
  'car',
  'accommodation',
  'salary',
  'workhours',
] as const;
const CLOSED_MOVES = { archived: ANY, inProgress: ANY } as const;
const EXPECTED: Record<TicketStatus, Partial<Record<TicketStatus, typeof ANY | readonly string[]>>> = {
  new: { inProgress: ANY, rejected: ANY, noted: ANY },
  inProgress: {
    resolved: ANY,
    rejected: ANY,
    paid: ['presalary', 'salary', 'receipts'],
    sent: ['clothes', 'tools'],
    other: ANY,
  },
  resolved: CLOSED_MOVES,
  rejected: CLOSED_MOVES,
  paid: CLOSED_MOVES,
  sent: CLOSED_MOVES,
  noted: CLOSED_MOVES,
  other: CLOSED_MOVES,
  // An archived ticket goes back to the status it had: checked separately below.
  archived: {},
  unknown: { inProgress: ANY },
};
const STATUSES: readonly TicketStatus[] = [
  'new',
  'inProgress',
  'resolved',
  'archived',
  'rejected',
  'paid',
  'sent',
  'noted',
  'other',
  'unknown',
];
/** Categories the table is checked for: the catalogue's, plus a stored value outside it. */
const CATEGORIES = [...EVERY, 'nonsense'];

function isExpected(from: TicketStatus, to: TicketStatus, category: string): boolean {
  const categories = EXPECTED[from][to];
  return categories === ANY || (categories ?? []).includes(category);
}

describe('the transition table', () => {
  it('is checked against every status and category the domain knows', () => {
    expect([...TICKET_STATUSES]).toEqual(STATUSES);
    expect(TICKET_CATEGORIES.map((category) => category.id)).toEqual([...EVERY]);
  });

  it('allows exactly the expected moves for every from x to x category (archived aside)', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const from of STATUSES.filter((status) => status !== 'archived')) {
      for (const to of STATUSES) {
        for (const category of CATEGORIES) {
          checked += 1;
          const expected = isExpected(from, to, category);
          if (canTransition(from, to, category) !== expected) {
            mismatches.push(`${from} -> ${to} (${category}): expected ${expected}`);
          }
          if (allowedTransitions(from, category).includes(to) !== expected) {
            mismatches.push(`allowedTransitions ${from} (${category}) and ${to}: expected ${expected}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(9 * 10 * 10);
  });

  it('returns the allowed targets in table order', () => {
    expect(allowedTransitions('new', 'car')).toEqual(['inProgress', 'rejected', 'noted']);
    expect(allowedTransitions('inProgress', 'presalary')).toEqual(['resolved', 'rejected', 'paid', 'other']);
    expect(allowedTransitions('inProgress', 'tools')).toEqual(['resolved', 'rejected', 'sent', 'other']);
    expect(allowedTransitions('inProgress', 'absences')).toEqual(['resolved', 'rejected', 'other']);
    expect(allowedTransitions('paid', 'salary')).toEqual(['archived', 'inProgress']);
    expect(allowedTransitions('unknown', 'car')).toEqual(['inProgress']);
  });

  it('sends an archived ticket back to the status it was archived from, for every category', () => {
    const mismatches: string[] = [];
    const closed: readonly TicketStatus[] = ['resolved', 'rejected', 'paid', 'sent', 'noted', 'other'];
    for (const archivedFrom of [...STATUSES, null, undefined]) {
      // A closed status comes back; anything else (missing, open, odd) can only be reopened.
      const back: TicketStatus = archivedFrom && closed.includes(archivedFrom) ? archivedFrom : 'inProgress';
      for (const category of CATEGORIES) {
        if (
          JSON.stringify(allowedTransitions('archived', category, archivedFrom)) !== JSON.stringify([back])
        ) {
          mismatches.push(`archived from ${String(archivedFrom)} (${category})`);
        }
        for (const to of STATUSES) {
          if (canTransition('archived', to, category, archivedFrom) !== (to === back)) {
            mismatches.push(`archived from ${String(archivedFrom)} -> ${to} (${category})`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('ignores archivedFrom for tickets that are not archived', () => {
    expect(allowedTransitions('new', 'car', 'paid')).toEqual(['inProgress', 'rejected', 'noted']);
    expect(canTransition('resolved', 'paid', 'presalary', 'paid')).toBe(false);
  });
});

describe('what a change needs', () => {
  it('needs a reason only for a rejection, unless an archived ticket goes back to rejected', () => {
    expect(STATUSES.filter((to) => needsReason(to))).toEqual(['rejected']);
    for (const from of STATUSES) expect(needsReason('rejected', from)).toBe(from !== 'archived');
  });

  it('needs the payment details only when a presalary is marked paid', () => {
    const needing = STATUSES.flatMap((to) =>
      CATEGORIES.filter((category) => needsPaymentDetails(to, category)).map(
        (category) => `${to}/${category}`,
      ),
    );
    expect(needing).toEqual(['paid/presalary']);
    expect(needsPaymentDetails('paid', 'presalary', 'inProgress')).toBe(true);
    expect(needsPaymentDetails('paid', 'presalary', 'archived')).toBe(false);
  });

  const presalary = { category: 'presalary', status: 'inProgress' } as const;

  it('lists the missing fields of a change', () => {
    expect(statusChangeErrors(presalary, { status: 'paid' })).toEqual({
      paidAmount: 'validation.required',
      paidDate: 'validation.required',
    });
    expect(statusChangeErrors(presalary, { status: 'paid', paidAmount: 300 })).toEqual({
      paidDate: 'validation.required',
    });
    expect(
      statusChangeErrors(presalary, { status: 'paid', paidAmount: 300, paidDate: '2026-11-25' }),
    ).toEqual({});
    expect(statusChangeErrors({ category: 'salary', status: 'inProgress' }, { status: 'paid' })).toEqual({});
    expect(statusChangeErrors(presalary, { status: 'rejected' })).toEqual({ reason: 'validation.required' });
    expect(statusChangeErrors(presalary, { status: 'rejected', reason: 'Paid in cash' })).toEqual({});
    expect(statusChangeErrors({ category: 'car', status: 'new' }, { status: 'rejected' })).toEqual({
      reason: 'validation.required',
    });
  });

  it('asks nothing when an archived ticket goes back to rejected or paid', () => {
    const archived = { category: 'presalary', status: 'archived' } as const;
    expect(statusChangeErrors(archived, { status: 'rejected' })).toEqual({});
    expect(statusChangeErrors(archived, { status: 'paid' })).toEqual({});
  });
});

describe('the worker rules', () => {
  const own = (status: TicketStatus, archived = false) => ({ createdBy: 'w1', status, archived });

  it('lets the owner archive only a resolved ticket', () => {
    expect(STATUSES.filter((status) => workerMayArchive(own(status), 'w1'))).toEqual(['resolved']);
    expect(workerMayArchive(own('resolved'), 'w2')).toBe(false);
    expect(workerMayArchive(own('resolved', true), 'w1')).toBe(false);
    expect(workerMayArchive({ createdBy: '', status: 'resolved' }, '')).toBe(false);
  });

  it('lets the owner add updates only to an open ticket', () => {
    expect(STATUSES.filter(isOpenStatus)).toEqual(['new', 'inProgress', 'unknown']);
    expect(STATUSES.filter((status) => workerMayAddUpdate(own(status), 'w1'))).toEqual([
      'new',
      'inProgress',
      'unknown',
    ]);
    expect(workerMayAddUpdate(own('new'), 'w2')).toBe(false);
    expect(workerMayAddUpdate(own('inProgress', true), 'w1')).toBe(false);
  });

  it('lets the owner attach files until the ticket is paid, rejected or archived', () => {
    expect(STATUSES.filter((status) => !ownerMayAttachFiles(own(status), 'w1'))).toEqual([
      'archived',
      'rejected',
      'paid',
    ]);
    expect(ownerMayAttachFiles(own('resolved', true), 'w1')).toBe(false);
    expect(ownerMayAttachFiles(own('new'), 'w2')).toBe(false);
    expect(ownerMayAttachFiles({ createdBy: '', status: 'new' }, '')).toBe(false);
  });
});

describe('nobody processes their own ticket', () => {
  it.each<[string, string, boolean, boolean]>([
    ['staff on someone else’s ticket', 's1', true, true],
    ['staff on their own ticket', 'w1', true, false],
    ['a worker on someone else’s ticket', 's1', false, false],
    ['a worker on their own ticket', 'w1', false, false],
  ])('%s', (_, uid, holdsProcessTickets, expected) => {
    expect(actsAsStaffOn({ createdBy: 'w1' }, uid, holdsProcessTickets)).toBe(expected);
  });
});

describe('activity and storage helpers', () => {
  it('repeats the first 80 characters of an update, whole characters only', () => {
    expect(updateSummary('Short text')).toBe('Short text');
    expect(updateSummary('x'.repeat(100))).toBe('x'.repeat(80));
    const emoji = '🙂'.repeat(81);
    expect(Array.from(updateSummary(emoji))).toHaveLength(80);
    expect(updateSummary(emoji)).toBe('🙂'.repeat(80));
  });

  it('names item fields and values', () => {
    expect(itemActivityField('Winter jacket, size L')).toBe('items.Winter jacket, size L');
    expect(itemConfirmationValue(true)).toBe('confirmed');
    expect(itemConfirmationValue(false)).toBe('unconfirmed');
  });

  it('allows update files from the folders storage.rules let each writer use', () => {
    expect(ticketUpdateFilesFolder('w1', 't1')).toBe('ticket-updates/w1/t1/');
    const base = { ownerUid: 'w1', ticketId: 't1' };
    expect(updateFileFolders({ ...base, isStaff: true, isOwner: false })).toEqual(['ticket-updates/w1/t1/']);
    expect(updateFileFolders({ ...base, isStaff: false, isOwner: true })).toEqual(['tickets/w1/t1/']);
    expect(updateFileFolders({ ...base, isStaff: true, isOwner: true })).toEqual([
      'ticket-updates/w1/t1/',
      'tickets/w1/t1/',
    ]);
    expect(updateFileFolders({ ...base, isStaff: false, isOwner: false })).toEqual([]);
  });
});

/** The field keys a schema reports for a payload, or {} when it parses. */
function errorsOf(
  schema: { safeParse: (data: unknown) => { success: boolean; error?: unknown } },
  data: unknown,
) {
  const result = schema.safeParse(data);
  if (result.success) return {};
  return fieldMessages(result.error as Parameters<typeof fieldMessages>[0]);
}

describe('changeStatusSchema', () => {
  it('accepts a plain change and trims the reason', () => {
    expect(changeStatusSchema.parse({ ticketId: 't-0001', status: 'inProgress' })).toEqual({
      ticketId: 't-0001',
      status: 'inProgress',
    });
    expect(
      changeStatusSchema.parse({ ticketId: 't1', status: 'rejected', reason: '  Period already paid  ' })
        .reason,
    ).toBe('Period already paid');
  });

  it.each([
    ['no ticket id', { status: 'new' }, { ticketId: 'validation.required' }],
    ['a ticket id with a slash', { ticketId: 'a/b', status: 'new' }, { ticketId: 'validation.invalid' }],
    ['no status', { ticketId: 't1' }, { status: 'validation.required' }],
    ['an unknown status', { ticketId: 't1', status: 'closed' }, { status: 'validation.invalid' }],
    ['the status unknown', { ticketId: 't1', status: 'unknown' }, { status: 'validation.invalid' }],
    [
      'a reason over 1000 characters',
      { ticketId: 't1', status: 'rejected', reason: 'x'.repeat(1001) },
      { reason: 'validation.maxChars:1000' },
    ],
    [
      'a zero paid amount',
      { ticketId: 't1', status: 'paid', paidAmount: 0, paidDate: '2026-11-25' },
      { paidAmount: 'validation.amountGreaterThanZero' },
    ],
    [
      'a paid amount as text',
      { ticketId: 't1', status: 'paid', paidAmount: '300', paidDate: '2026-11-25' },
      { paidAmount: 'validation.number' },
    ],
    [
      'a day that does not exist',
      { ticketId: 't1', status: 'paid', paidAmount: 300, paidDate: '2026-02-30' },
      { paidDate: 'validation.date' },
    ],
  ])('refuses %s', (_name, data, fields) => {
    expect(errorsOf(changeStatusSchema, data)).toEqual(fields);
  });

  it('accepts a reason of exactly 1000 characters', () => {
    expect(
      errorsOf(changeStatusSchema, { ticketId: 't1', status: 'rejected', reason: 'x'.repeat(1000) }),
    ).toEqual({});
  });

  it('asks the form of a ticket for what its change needs', () => {
    const presalary = { category: 'presalary', status: 'inProgress' } as const;
    const paid = { ticketId: 't1', status: 'paid' };
    expect(errorsOf(changeStatusSchemaFor(presalary), paid)).toEqual({
      paidAmount: 'validation.required',
      paidDate: 'validation.required',
    });
    expect(errorsOf(changeStatusSchemaFor({ category: 'salary', status: 'inProgress' }), paid)).toEqual({});
    expect(
      errorsOf(changeStatusSchemaFor(presalary), { ...paid, paidAmount: 315.5, paidDate: '2026-11-25' }),
    ).toEqual({});
    expect(
      errorsOf(changeStatusSchemaFor(presalary), { ticketId: 't1', status: 'rejected', reason: '  ' }),
    ).toEqual({
      reason: 'validation.required',
    });
  });
});

describe('assignTicketSchema', () => {
  it('takes a uid or null', () => {
    expect(assignTicketSchema.parse({ ticketId: 't1', assigneeUid: 'u-foreman' }).assigneeUid).toBe(
      'u-foreman',
    );
    expect(assignTicketSchema.parse({ ticketId: 't1', assigneeUid: null }).assigneeUid).toBeNull();
  });

  it.each([
    ['a missing assignee', { ticketId: 't1' }, { assigneeUid: 'validation.required' }],
    ['an empty uid', { ticketId: 't1', assigneeUid: '' }, { assigneeUid: 'validation.invalid' }],
    ['a uid with a slash', { ticketId: 't1', assigneeUid: 'a/b' }, { assigneeUid: 'validation.invalid' }],
    ['a number', { ticketId: 't1', assigneeUid: 5 }, { assigneeUid: 'validation.invalid' }],
  ])('refuses %s', (_name, data, fields) => {
    expect(errorsOf(assignTicketSchema, data)).toEqual(fields);
  });
});

describe('addTicketUpdateSchema', () => {
  const valid = { requestId: 'req-12345678', ticketId: 't1', text: 'Ordered today' };
  const file = (index: number) => ({
    name: `f${index}.jpg`,
    size: 1000,
    contentType: 'image/jpeg',
    path: `ticket-updates/w1/t1/f${index}.jpg`,
  });

  it('defaults to no attachments and trims the text', () => {
    expect(addTicketUpdateSchema.parse({ ...valid, text: '  Ordered today ' })).toEqual({
      ...valid,
      attachments: [],
    });
  });

  it.each([
    ['no text', { ...valid, text: '' }, { text: 'validation.required' }],
    ['blank text', { ...valid, text: '   ' }, { text: 'validation.required' }],
    ['text over 2000 characters', { ...valid, text: 'x'.repeat(2001) }, { text: 'validation.maxChars:2000' }],
    ['a bad request id', { ...valid, requestId: 'short' }, { requestId: 'validation.requestId' }],
    [
      'six files',
      { ...valid, attachments: [0, 1, 2, 3, 4, 5].map(file) },
      { attachments: 'validation.maxFiles' },
    ],
    [
      'a file over 5 MB',
      { ...valid, attachments: [{ ...file(0), size: 5 * 1024 * 1024 + 1 }] },
      { 'attachments.0.size': 'validation.fileTooLarge' },
    ],
    [
      'a text file',
      { ...valid, attachments: [{ ...file(0), contentType: 'text/plain' }] },
      { 'attachments.0.contentType': 'validation.fileType' },
    ],
  ])('refuses %s', (_name, data, fields) => {
    expect(errorsOf(addTicketUpdateSchema, data)).toEqual(fields);
  });

  it('accepts five files and 2000 characters', () => {
    expect(
      errorsOf(addTicketUpdateSchema, {
        ...valid,
        text: 'x'.repeat(2000),
        attachments: [0, 1, 2, 3, 4].map(file),
      }),
    ).toEqual({});
  });
});

describe('confirmItemSchema', () => {
  it('takes an index and a flag', () => {
    expect(confirmItemSchema.parse({ ticketId: 't1', index: 0, confirmed: true })).toEqual({
      ticketId: 't1',
      index: 0,
      confirmed: true,
    });
  });

  it.each([
    ['a negative index', { ticketId: 't1', index: -1, confirmed: true }, { index: 'validation.number' }],
    ['a fractional index', { ticketId: 't1', index: 1.5, confirmed: true }, { index: 'validation.number' }],
    ['a missing index', { ticketId: 't1', confirmed: true }, { index: 'validation.required' }],
    ['a missing flag', { ticketId: 't1', index: 0 }, { confirmed: 'validation.required' }],
    ['a flag as text', { ticketId: 't1', index: 0, confirmed: 'yes' }, { confirmed: 'validation.invalid' }],
  ])('refuses %s', (_name, data, fields) => {
    expect(errorsOf(confirmItemSchema, data)).toEqual(fields);
  });
});

describe('error keys', () => {
  it('are all under tickets.processing.errors', () => {
    for (const key of Object.values(TICKET_PROCESSING_ERRORS)) {
      expect(key).toMatch(/^tickets\.processing\.errors\.[a-zA-Z]+$/);
    }
  });
});

describe('statusChangeErrors: the paid amount of a presalary', () => {
  const presalary = { category: 'presalary', status: 'inProgress' as const, requestedAmount: 300 };
  const paid = (paidAmount: number) => ({ status: 'paid' as const, paidAmount, paidDate: '2026-11-24' });

  it('takes up to the requested amount and refuses more', () => {
    expect(statusChangeErrors(presalary, paid(300))).toEqual({});
    expect(statusChangeErrors(presalary, paid(120.5))).toEqual({});
    expect(statusChangeErrors(presalary, paid(300.01))).toEqual({
      paidAmount: 'validation.paidAboveRequested',
    });
  });

  it('bounds nothing else where the requested amount is unknown (the schema caps any payment)', () => {
    expect(statusChangeErrors({ category: 'salary', status: 'inProgress' }, paid(5000))).toEqual({});
  });
});
