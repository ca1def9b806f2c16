import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../notifications.js';
import { decideAddTicketUpdate } from './add-ticket-update.js';
import { type AssigneeAccount, decideAssignTicket } from './assign-ticket.js';
import { decideChangeTicketStatus } from './change-ticket-status.js';
import { decideConfirmTicketItem } from './confirm-ticket-item.js';
import type { Decision, OperationCaller } from './decision.js';
import { notificationsOf } from '../testing/notifications.js';
import { storedTicketOf } from './ticket-state.js';

// Who hears of what: the owner of a ticket of every change someone else makes
// to it, staff of a ticket assigned to them; nobody of what they did themselves.

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const at = new Date(NOW);
const staff: OperationCaller = { uid: 'staff-1', email: null, name: 'Sam Staff', role: 'foreman' };
const owner: OperationCaller = { uid: 'worker-1', email: null, name: 'Wanda', role: 'user' };
const max: AssigneeAccount = { uid: 'staff-2', name: 'Max Manager', role: 'manager', disabled: false };

const ticket = (data: Record<string, unknown> = {}) =>
  storedTicketOf('t1', {
    number: 'T-0001',
    createdBy: owner.uid,
    category: 'clothes',
    status: 'inProgress',
    assigneeUid: '',
    items: [{ name: 'Gloves', quantity: 2, confirmed: false }],
    ...data,
  });

/** Who a decision notifies: [recipient, kind, values]. */
type Told = [string, NotificationKind, Record<string, string>];

function toldBy(decision: Decision<unknown>): Told[] {
  expect(decision.isRefused).toBe(false);
  if (decision.isRefused) return [];
  return notificationsOf(decision.log).map(({ data }) => [
    data.recipient as string,
    data.kind as NotificationKind,
    data.values as Record<string, string>,
  ]);
}

const status = (to: 'inProgress' | 'archived', caller: OperationCaller, data: Record<string, unknown> = {}) =>
  decideChangeTicketStatus(
    { ticket: ticket(data), periodLock: null },
    { ticketId: 't1', status: to },
    caller,
    NOW,
  );
const update = (caller: OperationCaller, hasEarlierUpdate = false) =>
  decideAddTicketUpdate(
    { ticket: ticket(), updateId: 'u1', hasEarlierUpdate },
    { requestId: 'req-00000001', ticketId: 't1', text: 'Ordered', attachments: [] },
    caller,
    NOW,
  );
const assign = (assigneeUid: string | null, data: Record<string, unknown> = {}, caller = staff) =>
  decideAssignTicket({ ticket: ticket(data), assignee: max }, { ticketId: 't1', assigneeUid }, caller, NOW);
const confirm = (confirmed: boolean, items?: unknown[]) =>
  decideConfirmTicketItem(
    { ticket: ticket(items ? { items } : {}) },
    { ticketId: 't1', index: 0, confirmed },
    staff,
    NOW,
  );

const number = 'T-0001';

const cases: [string, () => Decision<unknown>, Told[]][] = [
  // changeTicketStatus
  [
    'staff change the status of a worker’s ticket: the owner',
    () => status('inProgress', staff, { status: 'new' }),
    [[owner.uid, 'statusChanged', { number, status: 'inProgress' }]],
  ],
  [
    'staff archive a resolved ticket: the owner',
    () => status('archived', staff, { status: 'resolved' }),
    [[owner.uid, 'statusChanged', { number, status: 'archived' }]],
  ],
  [
    'the owner archives their own resolved ticket: nobody',
    () => status('archived', owner, { status: 'resolved' }),
    [],
  ],
  ['staff ask for the current status: nobody', () => status('inProgress', staff), []],

  // addTicketUpdate
  [
    'staff add an update: the owner',
    () => update(staff),
    [[owner.uid, 'updateAdded', { number, by: staff.name }]],
  ],
  ['the owner adds an update to their own ticket: nobody', () => update(owner), []],
  ['a retry of an update already written: nobody', () => update(staff, true), []],

  // assignTicket
  [
    'staff assign a colleague: the owner and the colleague',
    () => assign('staff-2'),
    [
      [owner.uid, 'assigned', { number, name: 'Max Manager' }],
      ['staff-2', 'assignedToYou', { number, by: staff.name }],
    ],
  ],
  [
    'staff take the ticket themselves: only the owner',
    () => assign('staff-1'),
    [[owner.uid, 'assigned', { number, name: staff.name }]],
  ],
  // Assigning a ticket to its owner, or one's own ticket at all, is refused (assign-ticket.test.ts).
  [
    'staff unassign: nobody',
    () => assign(null, { assignedTo: { uid: 'staff-2', name: 'Max Manager' }, assigneeUid: 'staff-2' }),
    [],
  ],
  [
    'staff assign the current assignee again: nobody',
    () => assign('staff-2', { assignedTo: { uid: 'staff-2', name: 'Max Manager' }, assigneeUid: 'staff-2' }),
    [],
  ],

  // confirmTicketItem
  [
    'staff confirm an item: the owner',
    () => confirm(true),
    [[owner.uid, 'itemConfirmed', { number, item: 'Gloves' }]],
  ],
  [
    'staff take a confirmation back: nobody',
    () => confirm(false, [{ name: 'Gloves', quantity: 2, confirmed: true }]),
    [],
  ],
  [
    'staff confirm an item already confirmed: nobody',
    () => confirm(true, [{ name: 'Gloves', quantity: 2, confirmed: true }]),
    [],
  ],
];

describe('who is notified', () => {
  it.each(cases)('%s', (_, decide, told) => {
    expect(toldBy(decide())).toEqual(told);
  });

  it('never notifies the caller', () => {
    for (const [, decide] of cases) {
      const decision = decide();
      if (decision.isRefused) continue;
      const recipients = toldBy(decision).map(([recipient]) => recipient);
      expect(recipients).not.toContain(staff.uid);
    }
  });
});

describe('the notification document', () => {
  it('holds the recipient, the ticket, the kind, its key and values, the time, read: false and its expiry', () => {
    const decision = status('inProgress', staff, { status: 'new' });
    expect(decision.isRefused ? [] : notificationsOf(decision.log)).toEqual([
      {
        collection: 'notifications',
        data: {
          recipient: owner.uid,
          ticketId: 't1',
          ticketNumber: number,
          kind: 'statusChanged',
          key: 'notifications.kinds.statusChanged',
          values: { number, status: 'inProgress' },
          createdAt: at,
          read: false,
          // Kept a year, then Firestore's TTL policy deletes it.
          expireAt: new Date(at.getTime() + 365 * 24 * 60 * 60 * 1000),
        },
      },
    ]);
  });

  it('is written in the same decision as the change, after its activity entries', () => {
    const decision = update(staff);
    expect(decision.isRefused ? [] : decision.log.map((entry) => entry.collection)).toEqual([
      'tickets/t1/activity',
      'notifications',
    ]);
  });
});
