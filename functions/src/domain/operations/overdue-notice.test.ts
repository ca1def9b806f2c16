import { describe, expect, it } from 'vitest';
import { type OverdueNoticeState, decideOverdueNotice } from './overdue-notice.js';

/** Wednesday 25 Nov 2026, 10:00 in Warsaw. */
const NOW = Date.UTC(2026, 10, 25, 9, 0);
const STAFF = ['u-foreman', 'u-manager', 'u-owner'];

const state = (patch: Partial<NonNullable<OverdueNoticeState['ticket']>> = {}): OverdueNoticeState => ({
  ticket: {
    id: 't1',
    number: 'T-2611-0001',
    status: 'new',
    createdBy: 'u-owner',
    assigneeUid: null,
    answerDueDay: '2026-11-23',
    firstResponseAt: null,
    overdueNotifiedAt: null,
    ...patch,
  },
});

const recipientsOf = (decision: ReturnType<typeof decideOverdueNotice>) =>
  decision.isRefused ? null : decision.log.map((entry) => entry.data.recipient);

describe('decideOverdueNotice', () => {
  it('tells the staff of an unassigned ticket once, never its owner, and marks it', () => {
    const decision = decideOverdueNotice(state(), STAFF, NOW);
    if (decision.isRefused) throw new Error('refused');
    expect(decision.result).toEqual({ told: 2 });
    expect(recipientsOf(decision)).toEqual(['u-foreman', 'u-manager']);
    expect(decision.log[0]?.data).toMatchObject({
      kind: 'ticketOverdue',
      ticketId: 't1',
      values: { number: 'T-2611-0001', dueDay: '2026-11-23' },
    });
    expect(decision.writes).toEqual([
      { type: 'update', path: 'tickets/t1', data: { overdueNotifiedAt: new Date(NOW) } },
    ]);
  });

  it('tells only the assignee of an assigned ticket', () => {
    expect(recipientsOf(decideOverdueNotice(state({ assigneeUid: 'u-anna' }), STAFF, NOW))).toEqual([
      'u-anna',
    ]);
  });

  it.each<[string, OverdueNoticeState]>([
    ['a ticket gone', { ticket: null }],
    ['a ticket already told of', state({ overdueNotifiedAt: new Date(NOW - 3_600_000) })],
    ['a ticket answered meanwhile', state({ firstResponseAt: new Date(NOW - 60_000) })],
    ['a ticket closed meanwhile', state({ status: 'resolved' })],
    ['a ticket not yet past its day', state({ answerDueDay: '2026-11-25' })],
    ['a ticket without an answer day', state({ answerDueDay: null })],
  ])('does nothing for %s', (_, given) => {
    expect(decideOverdueNotice(given, STAFF, NOW)).toMatchObject({
      isRefused: false,
      result: null,
      writes: [],
      log: [],
    });
  });
});
