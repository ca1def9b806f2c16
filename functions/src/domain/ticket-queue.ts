import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketStatus } from './tickets.js';
import { OPEN_STATUSES, TARGET_STATUSES } from './ticket-workflow.js';

/*
 * The staff ticket queue (PROCESS_TICKETS): the filters and rows of the listTicketQueue and
 * listTicketStaff callables (their contracts: contracts/list-ticket-queue.ts and
 * contracts/list-ticket-staff.ts), and the Firestore query each queue request runs, as data (so a
 * test can check firestore.indexes.json has an index for every shape). Pure: no Firebase here.
 */

/** Tickets per page of the queue; "show more" asks for the next page on top of the loaded ones. */
export const QUEUE_PAGE_SIZE = 25;
/** At most this many tickets in one answer (pages x size). */
export const QUEUE_MAX_LIMIT = 200;

/**
 * The statuses the queue treats as waiting for staff. `unknown` is not a stored value (any value
 * outside the list reads as unknown), so it cannot be asked for.
 */
export const QUEUE_OPEN_STATUSES = OPEN_STATUSES.filter(
  (status): status is Exclude<(typeof OPEN_STATUSES)[number], 'unknown'> => status !== 'unknown',
);

/** Status quick filter: open (new and inProgress, the default), every ticket, or one status. */
export const QUEUE_STATUS_FILTERS = ['open', 'all', ...TARGET_STATUSES] as const;
export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];

/** Assignee quick filter: anyone, nobody yet, or the caller. */
export const QUEUE_ASSIGNEE_FILTERS = ['any', 'unassigned', 'mine'] as const;
export type QueueAssigneeFilter = (typeof QUEUE_ASSIGNEE_FILTERS)[number];

export const QUEUE_CATEGORY_IDS = TICKET_CATEGORIES.map((category) => category.id) as [string, ...string[]];

/**
 * listTicketQueue, as ticketQueueRequestSchema (contracts/list-ticket-queue.ts) reads it: the
 * quick filters and how many tickets (a multiple of QUEUE_PAGE_SIZE).
 */
export type TicketQueueRequest = {
  status: QueueStatusFilter;
  /** Only the tickets past their answer day that staff have not answered yet (status filter ignored). */
  overdue?: boolean | undefined;
  assignee: QueueAssigneeFilter;
  category?: string | undefined;
  /** A site name as listed in `sites` of the answer. */
  site?: string | undefined;
  limit: number;
};

/** One row of the queue: what a member of staff needs to pick a ticket. Dates are ISO strings. */
export type QueueTicket = {
  id: string;
  number: string;
  category: string;
  subcategory: string;
  status: TicketStatus;
  /** The first QUEUE_DESCRIPTION_CHARS characters of the description. */
  description: string;
  createdAt: string | null;
  lastUpdate: string | null;
  submitter: { uid: string; name: string } | null;
  assignedTo: { uid: string; name: string } | null;
  /** The submitter's site (worker directory `siteName`) when the ticket was filed. */
  site: string | null;
  /** The day staff should first answer by (`YYYY-MM-DD`), null when the ticket has none. */
  answerDueDay: string | null;
  /** Calendar days past that day while nobody on staff has answered; 0 when not overdue. */
  overdueDays: number;
};

export const QUEUE_DESCRIPTION_CHARS = 140;

export type { TicketQueueResponse } from './contracts/list-ticket-queue.js';

/** listTicketStaff: who a ticket may be assigned to (active accounts holding PROCESS_TICKETS). */
export type TicketStaffMember = { uid: string; name: string; email: string | null; role: string };
export type { TicketStaffResponse } from './contracts/list-ticket-staff.js';

/** Translation keys of the queue callables' errors (besides field keys and `unauthenticated`). */
export const TICKET_QUEUE_ERRORS = {
  forbidden: 'tickets.queue.errors.forbidden',
  loadFailed: 'tickets.queue.errors.loadFailed',
  staffFailed: 'tickets.queue.errors.staffFailed',
} as const;

// --- the query ------------------------------------------------------------------------------

/**
 * Ticket fields the queue filters on. `assigneeUid` is the assigned uid, '' when nobody is
 * assigned (kept beside `assignedTo` so "unassigned" and "mine" are plain equality filters on a
 * top-level field); `site` is the submitter's site name.
 */
export type QueueFilterField = 'status' | 'assigneeUid' | 'category' | 'site';

export type QueueFilterSpec =
  { field: QueueFilterField; op: '=='; value: string } | { field: 'status'; op: 'in'; value: string[] };

export type QueueQueryShape = {
  /** In this order; the composite index lists the same fields in the same order. */
  filters: QueueFilterSpec[];
  orderBy: { field: 'createdAt'; direction: 'asc' };
  limit: number;
};

/**
 * The Firestore query of one queue request: status (open -> `in` new, inProgress; one status ->
 * `==`; all -> none), assignee (unassigned -> assigneeUid == ''; mine -> == caller), category,
 * site; oldest first; one more than asked so the answer knows whether there is more.
 */
export function queueQueryShape(request: TicketQueueRequest, callerUid: string): QueueQueryShape {
  const filters: QueueFilterSpec[] = [];
  if (request.status === 'open') filters.push({ field: 'status', op: 'in', value: [...QUEUE_OPEN_STATUSES] });
  else if (request.status !== 'all') filters.push({ field: 'status', op: '==', value: request.status });
  if (request.assignee === 'unassigned') filters.push({ field: 'assigneeUid', op: '==', value: '' });
  if (request.assignee === 'mine') filters.push({ field: 'assigneeUid', op: '==', value: callerUid });
  if (request.category) filters.push({ field: 'category', op: '==', value: request.category });
  if (request.site) filters.push({ field: 'site', op: '==', value: request.site });
  return { filters, orderBy: { field: 'createdAt', direction: 'asc' }, limit: request.limit + 1 };
}

/** Every status a count is kept for (the stored ones; `unknown` counts what is left). */
export const COUNTED_STATUSES = TICKET_STATUSES;

/**
 * The filters of the count queries of one request: its assignee, category and site filters (the
 * counts are per status, so the status filter is left out). Equality filters only and no
 * ordering, so Firestore serves them by merging single-field indexes, without a composite one.
 */
export function queueCountFilters(request: TicketQueueRequest, callerUid: string): QueueFilterSpec[] {
  return queueQueryShape({ ...request, status: 'all' }, callerUid).filters;
}

/** The statuses a count query is run for: every stored one (`unknown` is what is left). */
export const QUEUE_COUNT_QUERY_STATUSES = COUNTED_STATUSES.filter(
  (status): status is Exclude<TicketStatus, 'unknown'> => status !== 'unknown',
);

/**
 * The answer's `counts` from the count of each stored status and the count of every ticket under
 * the same filters: `unknown` is what the known statuses leave (a stored value outside the list,
 * or none at all), never below zero.
 */
export function queueCounts(
  perStatus: Partial<Record<TicketStatus, number>>,
  total: number,
): Record<TicketStatus, number> {
  const counts = Object.fromEntries(COUNTED_STATUSES.map((status) => [status, 0])) as Record<
    TicketStatus,
    number
  >;
  let known = 0;
  for (const status of QUEUE_COUNT_QUERY_STATUSES) {
    counts[status] = perStatus[status] ?? 0;
    known += counts[status];
  }
  counts.unknown = Math.max(0, total - known);
  return counts;
}

const graphemes = (text: string): string[] =>
  typeof Intl.Segmenter === 'function'
    ? Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (part) => part.segment)
    : Array.from(text);

/**
 * The description as a queue row shows it: the first QUEUE_DESCRIPTION_CHARS characters, never
 * cutting one in two (an emoji or a letter with its accent counts as one).
 */
export function queueDescription(text: string): string {
  if (text.length <= QUEUE_DESCRIPTION_CHARS) return text;
  return graphemes(text).slice(0, QUEUE_DESCRIPTION_CHARS).join('');
}

// --- overdue -------------------------------------------------------------------------------

/**
 * Tickets past their answer day are few (each one is a failure to answer), so the queue and the
 * overdue notifier read them with one query, at most this many, and filter and count them in
 * memory: open (new, in progress), not answered yet (`firstResponseAt` null: new tickets store it
 * so), answer day before today. One composite index serves it: status, firstResponseAt, answerDueDay.
 */
export const OVERDUE_SCAN_LIMIT = 1000;
export const OVERDUE_INDEX_FIELDS: QueueIndexField[] = [
  { fieldPath: 'status', order: 'ASCENDING' },
  { fieldPath: 'firstResponseAt', order: 'ASCENDING' },
  { fieldPath: 'answerDueDay', order: 'ASCENDING' },
];

/** Whether a queue row passes the request's assignee, category and site filters. */
export function matchesQueueFilters(
  ticket: Pick<QueueTicket, 'assignedTo' | 'category' | 'site'>,
  request: TicketQueueRequest,
  callerUid: string,
): boolean {
  const assignee = ticket.assignedTo?.uid ?? '';
  if (request.assignee === 'unassigned' && assignee !== '') return false;
  if (request.assignee === 'mine' && assignee !== callerUid) return false;
  if (request.category && ticket.category !== request.category) return false;
  if (request.site && ticket.site !== request.site) return false;
  return true;
}

/** Overdue tickets per status (the queue's counts beside the totals). */
export function overdueCounts(
  tickets: readonly Pick<QueueTicket, 'status'>[],
): Partial<Record<TicketStatus, number>> {
  const counts: Partial<Record<TicketStatus, number>> = {};
  for (const ticket of tickets) counts[ticket.status] = (counts[ticket.status] ?? 0) + 1;
  return counts;
}

/** Most overdue first (earliest answer day), then oldest. */
export const compareOverdue = (a: QueueTicket, b: QueueTicket) =>
  (a.answerDueDay ?? '').localeCompare(b.answerDueDay ?? '') ||
  (a.createdAt ?? '').localeCompare(b.createdAt ?? '');

// --- indexes --------------------------------------------------------------------------------

/** A field of a composite index, as firestore.indexes.json writes it. */
export type QueueIndexField = { fieldPath: string; order: 'ASCENDING' | 'DESCENDING' };

/**
 * The composite index a queue shape needs, or null when it needs none (no filter: ordering by
 * createdAt alone uses the automatic single-field index). An `in` filter is indexed like an
 * equality (ascending); createdAt comes last, ascending. Even one filter needs a composite index,
 * because the query orders by another field.
 */
export function queueIndexFieldsOf(shape: QueueQueryShape): QueueIndexField[] | null {
  if (shape.filters.length === 0) return null;
  return [
    ...shape.filters.map((filter): QueueIndexField => ({ fieldPath: filter.field, order: 'ASCENDING' })),
    {
      fieldPath: shape.orderBy.field,
      order: shape.orderBy.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
    },
  ];
}

/** The fields and operators of a shape, e.g. `status in, assigneeUid ==, orderBy createdAt asc`. */
export function queueShapeKey(shape: QueueQueryShape): string {
  return [
    ...shape.filters.map((filter) => `${filter.field} ${filter.op}`),
    `orderBy ${shape.orderBy.field} ${shape.orderBy.direction}`,
  ].join(', ');
}

/**
 * Every distinct shape queueQueryShape can produce, found by running it over each combination of
 * its inputs (the values do not matter to an index, only which filters are present and how).
 */
export function allQueueQueryShapes(): QueueQueryShape[] {
  const shapes = new Map<string, QueueQueryShape>();
  for (const status of QUEUE_STATUS_FILTERS) {
    for (const assignee of QUEUE_ASSIGNEE_FILTERS) {
      for (const category of [undefined, QUEUE_CATEGORY_IDS[0]]) {
        for (const site of [undefined, 'Site']) {
          const request: TicketQueueRequest = { status, assignee, category, site, limit: QUEUE_PAGE_SIZE };
          const shape = queueQueryShape(request, 'uid');
          shapes.set(queueShapeKey(shape), shape);
        }
      }
    }
  }
  return [...shapes.values()];
}
