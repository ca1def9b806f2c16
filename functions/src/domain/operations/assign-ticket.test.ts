import { describe, expect, it } from 'vitest';
import { TICKET_PROCESSING_ERRORS } from '../ticket-workflow.js';
import { type AssigneeAccount, type AssignTicketState, decideAssignTicket } from './assign-ticket.js';
import type { OperationCaller } from './decision.js';
import { storedTicketOf } from './ticket-state.js';
import { activityOf } from '../testing/notifications.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const staff: OperationCaller = { uid: 'staff-1', email: 's@example.com', name: 'Sam Staff', role: 'foreman' };
const worker: OperationCaller = { uid: 'worker-1', email: 'w@example.com', name: 'Wanda', role: 'user' };
const granted: OperationCaller = { ...worker, assignedPermissions: ['PROCESS_TICKETS'] };
const revoked: OperationCaller = { ...staff, revokedPermissions: ['PROCESS_TICKETS'] };

const account = (overrides: Partial<AssigneeAccount> = {}): AssigneeAccount => ({
  uid: 'staff-2',
  name: 'Max Manager',
  role: 'manager',
  disabled: false,
  ...overrides,
});

const ticket = (data: Record<string, unknown> = {}) =>
  storedTicketOf('t1', { createdBy: 'worker-1', category: 'car', status: 'new', assigneeUid: '', ...data });

const state = (overrides: Partial<AssignTicketState> = {}): AssignTicketState => ({
  ticket: ticket(),
  assignee: account(),
  ...overrides,
});

const refusals: [string, AssignTicketState, string | null, OperationCaller, string, string][] = [
  ['a worker', state(), 'staff-2', worker, 'permission-denied', TICKET_PROCESSING_ERRORS.forbidden],
  [
    'staff whose PROCESS_TICKETS is revoked',
    state(),
    'staff-2',
    revoked,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.forbidden,
  ],
  [
    'an assignee without an account',
    state({ assignee: null }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.assigneeNotStaff,
  ],
  [
    'a disabled assignee',
    state({ assignee: account({ disabled: true }) }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.assigneeNotStaff,
  ],
  [
    'a worker as assignee',
    state({ assignee: account({ role: 'user' }) }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.assigneeNotStaff,
  ],
  [
    'an assignee whose PROCESS_TICKETS is revoked',
    state({ assignee: account({ revokedPermissions: ['PROCESS_TICKETS'] }) }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.assigneeNotStaff,
  ],
  [
    'the account of someone else',
    state({ assignee: account({ uid: 'other' }) }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.assigneeNotStaff,
  ],
  [
    'a bad assignee before a missing ticket',
    state({ ticket: null, assignee: null }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.assigneeNotStaff,
  ],
  [
    'a missing ticket',
    state({ ticket: null }),
    'staff-2',
    staff,
    'not-found',
    TICKET_PROCESSING_ERRORS.notFound,
  ],
  [
    'an archived ticket',
    state({ ticket: ticket({ status: 'archived' }) }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.archived,
  ],
  [
    'an archived flag',
    state({ ticket: ticket({ status: 'resolved', archived: true }) }),
    null,
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.archived,
  ],
  [
    'staff taking their own ticket',
    state({ ticket: ticket({ createdBy: 'staff-1' }) }),
    'staff-1',
    staff,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.ownTicket,
  ],
  [
    'staff handing their own ticket to a colleague',
    state({ ticket: ticket({ createdBy: 'staff-1' }) }),
    'staff-2',
    staff,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.ownTicket,
  ],
  [
    'staff unassigning their own ticket',
    state({ ticket: ticket({ createdBy: 'staff-1', assignedTo: { uid: 'staff-2', name: 'Max' } }) }),
    null,
    staff,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.ownTicket,
  ],
  [
    'a worker granted PROCESS_TICKETS taking their own ticket',
    state(),
    'worker-1',
    granted,
    'permission-denied',
    TICKET_PROCESSING_ERRORS.ownTicket,
  ],
  [
    'staff giving a colleague’s ticket to that colleague',
    state({ ticket: ticket({ createdBy: 'staff-2' }) }),
    'staff-2',
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.assigneeIsOwner,
  ],
];

describe('decideAssignTicket refuses', () => {
  it.each(refusals)('%s', (_, given, assigneeUid, caller, code, message) => {
    const decision = decideAssignTicket(given, { ticketId: 't1', assigneeUid }, caller, NOW);
    expect(decision).toEqual({ isRefused: true, refusal: { code, message } });
  });
});

const at = new Date(NOW);
const assigned = (uid: string, name: string) => ({ assignedTo: { uid, name }, assigneeUid: uid });

const changes: [
  string,
  AssignTicketState,
  string | null,
  OperationCaller,
  unknown,
  unknown,
  [string | null, string | null] | null,
][] = [
  [
    'assigns a staff member',
    state(),
    'staff-2',
    staff,
    { uid: 'staff-2', name: 'Max Manager' },
    { ...assigned('staff-2', 'Max Manager'), lastUpdate: at },
    [null, 'Max Manager'],
  ],
  [
    'assigns the caller without their account',
    state({ assignee: null }),
    'staff-1',
    staff,
    { uid: 'staff-1', name: 'Sam Staff' },
    { ...assigned('staff-1', 'Sam Staff'), lastUpdate: at },
    [null, 'Sam Staff'],
  ],
  [
    'assigns a worker granted PROCESS_TICKETS',
    state({
      ticket: ticket({ createdBy: 'worker-9' }),
      assignee: account({ role: 'user', assignedPermissions: ['PROCESS_TICKETS'] }),
    }),
    'staff-2',
    granted,
    { uid: 'staff-2', name: 'Max Manager' },
    { ...assigned('staff-2', 'Max Manager'), lastUpdate: at },
    [null, 'Max Manager'],
  ],
  [
    'reassigns',
    state({ ticket: ticket({ assignedTo: { uid: 'staff-9', name: 'Old' }, assigneeUid: 'staff-9' }) }),
    'staff-2',
    staff,
    { uid: 'staff-2', name: 'Max Manager' },
    { ...assigned('staff-2', 'Max Manager'), lastUpdate: at },
    ['Old', 'Max Manager'],
  ],
  [
    'unassigns',
    state({ ticket: ticket({ assignedTo: { uid: 'staff-9', name: 'Old' }, assigneeUid: 'staff-9' }) }),
    null,
    staff,
    null,
    { assignedTo: null, assigneeUid: '', lastUpdate: at },
    ['Old', null],
  ],
  [
    'names a stored assignee without a name by uid',
    state({ ticket: ticket({ assignedTo: { uid: 'staff-9' } }) }),
    null,
    staff,
    null,
    { assignedTo: null, assigneeUid: '', lastUpdate: at },
    ['staff-9', null],
  ],
  [
    'leaves the current assignee',
    state({ ticket: ticket({ assignedTo: { uid: 'staff-2', name: 'Max' }, assigneeUid: 'staff-2' }) }),
    'staff-2',
    staff,
    { uid: 'staff-2', name: 'Max Manager' },
    null,
    null,
  ],
  ['leaves nobody unassigned', state(), null, staff, null, null, null],
  [
    'only brings a missing assigneeUid in line',
    state({ ticket: ticket({ assignedTo: { uid: 'staff-2', name: 'Max' }, assigneeUid: undefined }) }),
    'staff-2',
    staff,
    { uid: 'staff-2', name: 'Max Manager' },
    { assigneeUid: 'staff-2' },
    null,
  ],
  [
    'only fills assigneeUid of an unassigned old ticket',
    state({ ticket: ticket({ assigneeUid: undefined }) }),
    null,
    staff,
    null,
    { assigneeUid: '' },
    null,
  ],
];

describe('decideAssignTicket', () => {
  it.each(changes)('%s', (_, given, assigneeUid, caller, assignedTo, update, logged) => {
    const decision = decideAssignTicket(given, { ticketId: 't1', assigneeUid }, caller, NOW);
    expect(decision.isRefused).toBe(false);
    if (decision.isRefused) return;
    expect(decision.result).toEqual({ ticketId: 't1', assignedTo, isChanged: logged !== null });
    expect(decision.writes).toEqual(update ? [{ type: 'update', path: 'tickets/t1', data: update }] : []);
    expect(activityOf(decision).log).toEqual(
      logged
        ? [
            {
              collection: 'tickets/t1/activity',
              data: {
                at,
                by: { uid: caller.uid, name: caller.name },
                change: { type: 'field', field: 'assignedTo', from: logged[0], to: logged[1] },
              },
            },
          ]
        : [],
    );
    expect(decision.accountChanges).toEqual([]);
  });
});
