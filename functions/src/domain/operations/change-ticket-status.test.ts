import { describe, expect, it } from 'vitest';
import { TICKET_PROCESSING_ERRORS } from '../ticket-workflow.js';
import type { ChangeStatusRequest } from '../ticket-workflow-schemas.js';
import {
  type ChangeTicketStatusState,
  type PeriodLock,
  decideChangeTicketStatus,
  needsPeriodLock,
} from './change-ticket-status.js';
import { DELETE_FIELD, type OperationCaller } from './decision.js';
import { storedTicketOf } from './ticket-state.js';
import { activityOf } from '../testing/notifications.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const at = new Date(NOW);
const staff: OperationCaller = { uid: 'staff-1', email: null, name: 'Sam Staff', role: 'manager' };
const owner: OperationCaller = { uid: 'worker-1', email: null, name: 'Wanda', role: 'user' };
const stranger: OperationCaller = { uid: 'worker-2', email: null, name: 'Walt', role: 'user' };
const ownerStaff: OperationCaller = { ...owner, role: 'foreman' };
const by = { uid: staff.uid, name: staff.name };

const presalary = { category: 'presalary', details: { amount: 200, period: '2026-11-H2' } };
const stored = (data: Record<string, unknown>) =>
  storedTicketOf('t1', { createdBy: 'worker-1', category: 'car', status: 'inProgress', ...data });
const state = (
  data: Record<string, unknown> = {},
  periodLock: PeriodLock | null = null,
): ChangeTicketStatusState => ({
  ticket: stored(data),
  periodLock,
});
const change = (status: ChangeStatusRequest['status'], extra: Partial<ChangeStatusRequest> = {}) => ({
  ticketId: 't1',
  status,
  ...extra,
});

type Case = [string, ChangeTicketStatusState, ChangeStatusRequest, OperationCaller];

const refusals: [...Case, string, string, Record<string, unknown>?][] = [
  [
    'a missing ticket',
    { ticket: null, periodLock: null },
    change('resolved'),
    staff,
    'not-found',
    TICKET_PROCESSING_ERRORS.notFound,
  ],
  [
    'a worker on someone else’s ticket',
    state(),
    change('resolved'),
    stranger,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.forbidden,
  ],
  [
    'the owner resolving',
    state(),
    change('resolved'),
    owner,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.forbidden,
  ],
  [
    'staff resolving their own ticket',
    state(),
    change('resolved'),
    ownerStaff,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.forbidden,
  ],
  [
    'staff paying their own presalary',
    state(presalary),
    change('paid', { paidAmount: 10, paidDate: '2026-11-25' }),
    ownerStaff,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.forbidden,
  ],
  [
    'the owner archiving an unresolved ticket',
    state({ status: 'rejected' }),
    change('archived'),
    owner,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.forbidden,
  ],
  [
    'a move the table has not',
    state({ status: 'new' }),
    change('resolved'),
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.illegalTransition,
    { from: 'new', to: 'resolved', allowed: ['inProgress', 'rejected', 'noted'] },
  ],
  [
    'paid for a car ticket',
    state(),
    change('paid'),
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.illegalTransition,
    { from: 'inProgress', to: 'paid', allowed: ['resolved', 'rejected', 'other'] },
  ],
  [
    'unarchiving to another status',
    state({ status: 'archived', archivedFrom: 'paid' }),
    change('inProgress'),
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.illegalTransition,
    { from: 'archived', to: 'inProgress', allowed: ['paid'] },
  ],
];

describe('decideChangeTicketStatus refuses', () => {
  it.each(refusals)('%s', (_, given, request, caller, code, message, details) => {
    expect(decideChangeTicketStatus(given, request, caller, NOW)).toEqual({
      isRefused: true,
      refusal: details ? { code, message, details } : { code, message },
    });
  });
});

const fieldRefusals: [...Case, Record<string, string>][] = [
  ['a rejection without a reason', state(), change('rejected'), staff, { reason: 'validation.required' }],
  [
    'a presalary paid without amount and day',
    state(presalary),
    change('paid'),
    staff,
    { paidAmount: 'validation.required', paidDate: 'validation.required' },
  ],
  [
    'a payment above the requested amount',
    state(presalary),
    change('paid', { paidAmount: 200.01, paidDate: '2026-11-25' }),
    staff,
    { paidAmount: 'validation.paidAboveRequested' },
  ],
];

describe('decideChangeTicketStatus asks for fields', () => {
  it.each(fieldRefusals)('%s', (_, given, request, caller, fields) => {
    expect(decideChangeTicketStatus(given, request, caller, NOW)).toEqual({
      isRefused: true,
      refusal: { code: 'invalid-argument', message: 'Invalid status change', fields },
    });
  });
});

const entry = (field: string, from: unknown, to: unknown, person = by) => ({
  collection: 'tickets/t1/activity',
  data: { at, by: person, change: { type: 'field', field, from, to } },
});
const update = (data: Record<string, unknown>) => ({ type: 'update', path: 'tickets/t1', data });
const lockWrite = {
  type: 'set',
  path: 'presalaryLocks/worker-1_2026-11-H2',
  data: { uid: 'worker-1', period: '2026-11-H2', ticketId: 't1', at },
};
const paid = { amount: 150, date: '2026-11-25', by };

const changes: [...Case, unknown[], unknown[]][] = [
  [
    'resolves',
    state(),
    change('resolved'),
    staff,
    [update({ status: 'resolved', archived: false, lastUpdate: at })],
    [entry('status', 'inProgress', 'resolved')],
  ],
  [
    'rejects with the reason',
    state(),
    change('rejected', { reason: 'No' }),
    staff,
    [update({ status: 'rejected', archived: false, lastUpdate: at, rejectionReason: 'No' })],
    [entry('status', 'inProgress', 'rejected'), entry('rejectionReason', null, 'No')],
  ],
  [
    'keeps no reason sent with another move',
    state(),
    change('resolved', { reason: 'x', paidAmount: 3, paidDate: '2026-11-25' }),
    staff,
    [update({ status: 'resolved', archived: false, lastUpdate: at })],
    [entry('status', 'inProgress', 'resolved')],
  ],
  [
    'marks a presalary paid',
    state(presalary),
    change('paid', { paidAmount: 150, paidDate: '2026-11-25' }),
    staff,
    [update({ status: 'paid', archived: false, lastUpdate: at, paid })],
    [
      entry('status', 'inProgress', 'paid'),
      entry('paidAmount', null, 150),
      entry('paidDate', null, '2026-11-25'),
    ],
  ],
  [
    'marks a presalary paid its whole amount',
    state(presalary),
    change('paid', { paidAmount: 200, paidDate: '2026-11-25' }),
    staff,
    [update({ status: 'paid', archived: false, lastUpdate: at, paid: { ...paid, amount: 200 } })],
    [
      entry('status', 'inProgress', 'paid'),
      entry('paidAmount', null, 200),
      entry('paidDate', null, '2026-11-25'),
    ],
  ],
  [
    'marks a salary ticket paid without details',
    state({ category: 'salary' }),
    change('paid'),
    staff,
    [update({ status: 'paid', archived: false, lastUpdate: at })],
    [entry('status', 'inProgress', 'paid')],
  ],
  [
    'archives, remembering the status',
    state({ status: 'rejected', rejectionReason: 'No' }),
    change('archived'),
    staff,
    [update({ status: 'archived', archived: true, lastUpdate: at, archivedFrom: 'rejected' })],
    [entry('status', 'rejected', 'archived')],
  ],
  [
    'lets the owner archive their resolved ticket',
    state({ status: 'resolved' }),
    change('archived'),
    owner,
    [update({ status: 'archived', archived: true, lastUpdate: at, archivedFrom: 'resolved' })],
    [entry('status', 'resolved', 'archived', { uid: owner.uid, name: owner.name })],
  ],
  [
    'unarchives to rejected, keeping the reason',
    state({ status: 'archived', archivedFrom: 'rejected', rejectionReason: 'No' }),
    change('rejected'),
    staff,
    [update({ status: 'rejected', archived: false, lastUpdate: at, archivedFrom: DELETE_FIELD })],
    [entry('status', 'archived', 'rejected')],
  ],
  [
    'unarchives to paid, keeping the payment',
    state({ ...presalary, status: 'archived', archivedFrom: 'paid', paid }),
    change('paid'),
    staff,
    [update({ status: 'paid', archived: false, lastUpdate: at, archivedFrom: DELETE_FIELD })],
    [entry('status', 'archived', 'paid')],
  ],
  [
    'reopens without its reason and payment',
    state({ status: 'paid', rejectionReason: 'old', paid }),
    change('inProgress'),
    staff,
    [
      update({
        status: 'inProgress',
        archived: false,
        lastUpdate: at,
        rejectionReason: DELETE_FIELD,
        paid: DELETE_FIELD,
      }),
    ],
    [entry('status', 'paid', 'inProgress')],
  ],
  [
    'reopens an archived ticket with no known status',
    state({ status: 'archived' }),
    change('inProgress'),
    staff,
    [update({ status: 'inProgress', archived: false, lastUpdate: at, archivedFrom: DELETE_FIELD })],
    [entry('status', 'archived', 'inProgress')],
  ],
  [
    'repairs an unknown status',
    state({ status: 'odd' }),
    change('inProgress'),
    staff,
    [update({ status: 'inProgress', archived: false, lastUpdate: at })],
    [entry('status', 'unknown', 'inProgress')],
  ],
  [
    'reopens a rejected presalary, taking its free period',
    state({ ...presalary, status: 'rejected' }, { ticketId: null, holder: null }),
    change('inProgress'),
    staff,
    [lockWrite, update({ status: 'inProgress', archived: false, lastUpdate: at })],
    [entry('status', 'rejected', 'inProgress')],
  ],
  [
    'reopens it while its own lock holds the period',
    state({ ...presalary, status: 'rejected' }, { ticketId: 't1', holder: null }),
    change('inProgress'),
    staff,
    [lockWrite, update({ status: 'inProgress', archived: false, lastUpdate: at })],
    [entry('status', 'rejected', 'inProgress')],
  ],
  [
    'reopens it when the period’s other request was rejected',
    state({ ...presalary, status: 'rejected' }, { ticketId: 't2', holder: { status: 'rejected' } }),
    change('inProgress'),
    staff,
    [lockWrite, update({ status: 'inProgress', archived: false, lastUpdate: at })],
    [entry('status', 'rejected', 'inProgress')],
  ],
  [
    'reopens it when the lock names a deleted ticket',
    state({ ...presalary, status: 'rejected' }, { ticketId: 't2', holder: null }),
    change('inProgress'),
    staff,
    [lockWrite, update({ status: 'inProgress', archived: false, lastUpdate: at })],
    [entry('status', 'rejected', 'inProgress')],
  ],
  [
    'archives a rejected presalary without its period',
    state({ ...presalary, status: 'rejected' }, { ticketId: 't2', holder: { status: 'new' } }),
    change('archived'),
    staff,
    [update({ status: 'archived', archived: true, lastUpdate: at, archivedFrom: 'rejected' })],
    [entry('status', 'rejected', 'archived')],
  ],
];

describe('decideChangeTicketStatus', () => {
  it.each<[string, ChangeTicketStatusState, OperationCaller, Record<string, unknown>]>([
    ['staff’s first change', state({ status: 'new' }), staff, { firstResponseAt: at, firstResponseBy: by }],
    ['a later change by staff', state({ status: 'new', firstResponseAt: at }), staff, {}],
    ['the owner archiving their own ticket', state({ status: 'resolved' }), owner, {}],
  ])('records staff’s first answer only once: %s', (_, given, caller, expected) => {
    const to = given.ticket?.status === 'resolved' ? 'archived' : 'inProgress';
    const decision = decideChangeTicketStatus(given, change(to), caller, NOW);
    if (decision.isRefused) throw new Error('refused');
    const patch = decision.writes.find((write) => write.path === 'tickets/t1');
    const data = patch?.type === 'update' ? patch.data : {};
    expect({ firstResponseAt: data.firstResponseAt, firstResponseBy: data.firstResponseBy }).toEqual({
      firstResponseAt: undefined,
      firstResponseBy: undefined,
      ...expected,
    });
  });

  it.each(changes)('%s', (_, given, request, caller, writes, log) => {
    const decision = decideChangeTicketStatus(given, request, caller, NOW);
    expect(activityOf(decision)).toMatchObject({ isRefused: false, writes, log, accountChanges: [] });
    if (!decision.isRefused)
      expect(decision.result).toMatchObject({ status: request.status, isChanged: true });
  });

  it.each<Case>([
    ['the current status', state({ status: 'resolved' }), change('resolved'), staff],
    ['the owner repeating a done change', state({ status: 'archived' }), change('archived'), owner],
  ])('changes nothing for %s', (_, given, request, caller) => {
    const decision = decideChangeTicketStatus(given, request, caller, NOW);
    expect(decision).toMatchObject({ isRefused: false, writes: [], log: [] });
    if (!decision.isRefused)
      expect(decision.result).toEqual({
        ticketId: 't1',
        status: request.status,
        from: request.status,
        isChanged: false,
      });
  });

  it('refuses to reopen a rejected presalary whose period another request holds', () => {
    const given = state(
      { ...presalary, status: 'rejected' },
      { ticketId: 't2', holder: { status: 'inProgress' } },
    );
    expect(decideChangeTicketStatus(given, change('inProgress'), staff, NOW)).toEqual({
      isRefused: true,
      refusal: { code: 'failed-precondition', message: 'tickets.presalary.periodTaken' },
    });
  });

  it.each([
    ['rejected', 'inProgress', true],
    ['rejected', 'archived', false],
    ['rejected', 'rejected', false],
    ['inProgress', 'resolved', false],
  ] as const)('needs the period lock from %s to %s: %s', (status, to, expected) => {
    const ticket = stored({ ...presalary, status });
    expect(ticket && needsPeriodLock(ticket, to)).toBe(expected);
    const car = stored({ status });
    expect(car && needsPeriodLock(car, to)).toBe(false);
  });
});
