import { describe, expect, it } from 'vitest';
import { TICKET_PROCESSING_ERRORS } from '../ticket-workflow.js';
import { decideConfirmTicketItem } from './confirm-ticket-item.js';
import type { OperationCaller } from './decision.js';
import { storedTicketOf } from './ticket-state.js';
import { activityOf } from '../testing/notifications.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const at = new Date(NOW);
const staff: OperationCaller = { uid: 'staff-1', email: null, name: 'Sam Staff', role: 'foreman' };
const worker: OperationCaller = { uid: 'worker-2', email: null, name: 'Walt', role: 'user' };
const ownerStaff: OperationCaller = { uid: 'worker-1', email: null, name: 'Wanda', role: 'manager' };

const jacket = { name: 'Winter jacket, size L', quantity: 1, confirmed: false, size: 'L' };
const gloves = { name: 'Gloves', quantity: 2, confirmed: true };
const ticket = (data: Record<string, unknown> = {}) =>
  storedTicketOf('t1', {
    createdBy: 'worker-1',
    category: 'clothes',
    status: 'inProgress',
    items: [jacket, gloves],
    ...data,
  });

const refusals: [
  string,
  Record<string, unknown> | null,
  number,
  OperationCaller,
  string,
  string,
  Record<string, unknown>?,
][] = [
  ['a worker', {}, 0, worker, 'permission-denied', TICKET_PROCESSING_ERRORS.forbidden],
  ['a missing ticket', null, 0, staff, 'not-found', TICKET_PROCESSING_ERRORS.notFound],
  ['staff on their own order', {}, 0, ownerStaff, 'permission-denied', TICKET_PROCESSING_ERRORS.forbidden],
  [
    'an archived ticket',
    { status: 'archived' },
    0,
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.archived,
  ],
  [
    'a line past the end',
    {},
    2,
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.itemNotFound,
    { index: 2, count: 2 },
  ],
  [
    'a ticket without items',
    { items: 'odd' },
    0,
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.itemNotFound,
    { index: 0, count: 0 },
  ],
  [
    'a line that is no record',
    { items: ['jacket'] },
    0,
    staff,
    'failed-precondition',
    TICKET_PROCESSING_ERRORS.itemNotFound,
    { index: 0, count: 1 },
  ],
];

describe('decideConfirmTicketItem refuses', () => {
  it.each(refusals)('%s', (_, data, index, caller, code, message, details) => {
    const state = { ticket: data ? ticket(data) : null };
    expect(decideConfirmTicketItem(state, { ticketId: 't1', index, confirmed: true }, caller, NOW)).toEqual({
      isRefused: true,
      refusal: details ? { code, message, details } : { code, message },
    });
  });
});

const confirmations: [string, unknown[], number, boolean, unknown[] | null, string, string, string][] = [
  [
    'confirms a line, keeping its other fields',
    [jacket, gloves],
    0,
    true,
    [{ ...jacket, confirmed: true }, gloves],
    'items.Winter jacket, size L',
    'unconfirmed',
    'confirmed',
  ],
  [
    'unconfirms a line',
    [jacket, gloves],
    1,
    false,
    [jacket, { ...gloves, confirmed: false }],
    'items.Gloves',
    'confirmed',
    'unconfirmed',
  ],
  [
    'names a line without a name by its number',
    [jacket, { quantity: 1 }],
    1,
    true,
    [jacket, { quantity: 1, confirmed: true }],
    'items.#2',
    'unconfirmed',
    'confirmed',
  ],
  ['changes nothing for a confirmed line', [jacket, gloves], 1, true, null, '', '', ''],
  ['changes nothing for an unconfirmed line', [jacket, gloves], 0, false, null, '', '', ''],
];

describe('decideConfirmTicketItem', () => {
  it.each(confirmations)('%s', (_, items, index, confirmed, written, field, from, to) => {
    const decision = decideConfirmTicketItem(
      { ticket: ticket({ items }) },
      { ticketId: 't1', index, confirmed },
      staff,
      NOW,
    );
    expect(decision.isRefused).toBe(false);
    if (decision.isRefused) return;
    expect(decision.result).toEqual({ ticketId: 't1', index, confirmed, isChanged: written !== null });
    expect(decision.writes).toEqual(
      written ? [{ type: 'update', path: 'tickets/t1', data: { items: written, lastUpdate: at } }] : [],
    );
    expect(activityOf(decision).log).toEqual(
      written
        ? [
            {
              collection: 'tickets/t1/activity',
              data: {
                at,
                by: { uid: 'staff-1', name: 'Sam Staff' },
                change: { type: 'field', field, from, to },
              },
            },
          ]
        : [],
    );
  });
});
