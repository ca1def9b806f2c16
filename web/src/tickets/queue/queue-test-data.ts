import { COUNTED_STATUSES, type QueueTicket, type TicketQueueResponse, type TicketStatus } from '@domain';

/*
 * Queue answers for the component tests (only test files import this module). Ages count back
 * from the real clock, so "3 days" stays true whenever the tests run.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

export function makeQueueTicket(overrides: Partial<QueueTicket> = {}): QueueTicket {
  return {
    id: 't-0003',
    number: 'T-0003',
    category: 'clothes',
    subcategory: 'newWorkwear',
    status: 'new',
    description: 'Winter is starting and my work trousers are torn at both knees.',
    createdAt: daysAgo(3),
    lastUpdate: null,
    submitter: { uid: 'u-worker', name: 'Piotr Kowalczyk' },
    assignedTo: null,
    site: 'Kiruna Mine Extension',
    answerDueDay: null,
    overdueDays: 0,
    ...overrides,
  };
}

export function counts(values: Partial<Record<TicketStatus, number>> = {}): Record<TicketStatus, number> {
  return Object.fromEntries(COUNTED_STATUSES.map((status) => [status, values[status] ?? 0])) as Record<
    TicketStatus,
    number
  >;
}

export function queueAnswer(overrides: Partial<TicketQueueResponse> = {}): TicketQueueResponse {
  return {
    tickets: [makeQueueTicket()],
    hasMore: false,
    counts: counts({ new: 1 }),
    overdueCounts: {},
    myRatings: { up: 0, down: 0 },
    sites: ['Gothenburg Harbour', 'Kiruna Mine Extension'],
    ...overrides,
  };
}
