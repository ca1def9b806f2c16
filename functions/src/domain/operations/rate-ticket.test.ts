import { describe, expect, it } from 'vitest';
import type { RateTicketRequest } from '../contracts/rate-ticket.js';
import type { OperationCaller } from './decision.js';
import { type RateTicketState, THUMBS_DOWN_TEXT, decideRateTicket } from './rate-ticket.js';
import { storedTicketOf } from './ticket-state.js';

const NOW = Date.UTC(2026, 10, 26, 8, 0);
const at = new Date(NOW);
const owner: OperationCaller = { uid: 'worker-1', email: null, name: 'Wanda', role: 'user' };
const staff: OperationCaller = { uid: 'staff-1', email: null, name: 'Sam Staff', role: 'manager' };
const by = { uid: owner.uid, name: owner.name };

const state = (data: Record<string, unknown> = {}): RateTicketState => ({
  ticket: storedTicketOf('t1', {
    number: 'T-2611-0001',
    createdBy: owner.uid,
    category: 'tools',
    status: 'resolved',
    assignedTo: { uid: staff.uid, name: staff.name },
    assigneeUid: staff.uid,
    ...data,
  }),
  updateId: 'u1',
});
const rate = (rating: 'up' | 'down', comment = ''): RateTicketRequest => ({
  requestId: 'req-1',
  ticketId: 't1',
  rating,
  comment,
});

describe('decideRateTicket', () => {
  it.each(['resolved', 'paid', 'sent'])('takes a 👍 on a %s ticket and keeps its status', (status) => {
    const decision = decideRateTicket(state({ status }), rate('up', 'Thanks!'), owner, NOW);
    expect(decision).toMatchObject({
      isRefused: false,
      result: { ticketId: 't1', status, isDuplicate: false },
      writes: [
        {
          type: 'update',
          path: 'tickets/t1',
          data: { rating: { value: 'up', comment: 'Thanks!', at, requestId: 'req-1', status } },
        },
      ],
      log: [{ data: { at, by, change: { type: 'field', field: 'rating', from: null, to: 'up' } } }],
    });
  });

  it('takes a 👎 back to staff: in progress, the comment as an update, the assignee told', () => {
    const decision = decideRateTicket(state(), rate('down', 'Still broken'), owner, NOW);
    if (decision.isRefused) throw new Error('refused');
    expect(decision.result).toEqual({ ticketId: 't1', status: 'inProgress', isDuplicate: false });
    expect(decision.writes).toEqual([
      {
        type: 'create',
        path: 'tickets/t1/updates/u1',
        data: { text: 'Still broken', by, at, attachments: [] },
      },
      {
        type: 'update',
        path: 'tickets/t1',
        data: {
          rating: { value: 'down', comment: 'Still broken', at, requestId: 'req-1', status: 'resolved' },
          status: 'inProgress',
          lastUpdate: at,
        },
      },
    ]);
    const changes = decision.log.map((entry) => entry.data.change ?? entry.data.kind);
    expect(changes).toEqual([
      { type: 'field', field: 'rating', from: null, to: 'down' },
      { type: 'field', field: 'status', from: 'resolved', to: 'inProgress' },
      { type: 'field', field: 'update', from: null, to: 'Still broken' },
      'ratedDown',
    ]);
    expect(decision.log[3]?.data).toMatchObject({
      recipient: staff.uid,
      ticketId: 't1',
      values: { number: 'T-2611-0001', by: 'Wanda' },
    });
  });

  it('writes 👎 as the update when no comment was given, and tells nobody when nobody is assigned', () => {
    const decision = decideRateTicket(state({ assignedTo: null, assigneeUid: '' }), rate('down'), owner, NOW);
    if (decision.isRefused) throw new Error('refused');
    expect(decision.writes[0]).toMatchObject({ data: { text: THUMBS_DOWN_TEXT } });
    expect(decision.log.some((entry) => entry.data.kind === 'ratedDown')).toBe(false);
  });

  it('answers a retry with its first rating, writing nothing', () => {
    const rated = state({ status: 'inProgress', rating: { value: 'down', requestId: 'req-1' } });
    expect(decideRateTicket(rated, rate('down'), owner, NOW)).toMatchObject({
      isRefused: false,
      result: { ticketId: 't1', status: 'inProgress', isDuplicate: true },
      writes: [],
      log: [],
    });
  });

  it.each<[string, RateTicketState, OperationCaller, string, string]>([
    [
      'a missing ticket',
      { ticket: null, updateId: 'u1' },
      owner,
      'not-found',
      'tickets.processing.errors.notFound',
    ],
    [
      'someone else’s ticket, staff included',
      state(),
      staff,
      'permission-denied',
      'tickets.processing.errors.forbidden',
    ],
    [
      'a ticket already rated',
      state({ rating: { value: 'up', requestId: 'req-0' } }),
      owner,
      'failed-precondition',
      'tickets.rating.errors.alreadyRated',
    ],
    [
      'a ticket still in progress',
      state({ status: 'inProgress' }),
      owner,
      'failed-precondition',
      'tickets.rating.errors.notRateable',
    ],
    [
      'a rejected ticket',
      state({ status: 'rejected' }),
      owner,
      'failed-precondition',
      'tickets.rating.errors.notRateable',
    ],
    [
      'an archived ticket',
      state({ status: 'archived', archivedFrom: 'resolved' }),
      owner,
      'failed-precondition',
      'tickets.rating.errors.notRateable',
    ],
  ])('refuses %s', (_, given, caller, code, message) => {
    expect(decideRateTicket(given, rate('up'), caller, NOW)).toMatchObject({
      isRefused: true,
      refusal: { code, message },
    });
  });
});
