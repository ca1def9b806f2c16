import {
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_MAX_LIMIT,
  QUEUE_PAGE_SIZE,
  QUEUE_STATUS_FILTERS,
  type QueueAssigneeFilter,
  type QueueStatusFilter,
  type TicketQueueInput,
  findCategory,
} from '@domain';

/*
 * The queue's filters live in the URL (?status=&assignee=&category=&site=&limit=), so a reload,
 * back / forward and a shared link keep them. Defaults (open tickets, any assignee, one page) are
 * left out, so the plain queue has a plain address; values the queue does not know are ignored.
 */

export type QueueFilters = {
  status: QueueStatusFilter;
  /** Only tickets past their answer day that staff have not answered (`?overdue=1`). */
  overdue: boolean;
  assignee: QueueAssigneeFilter;
  category: string | undefined;
  site: string | undefined;
  /** How many tickets are shown: a multiple of QUEUE_PAGE_SIZE ("show more" adds a page). */
  limit: number;
};

export const DEFAULT_QUEUE_FILTERS: QueueFilters = {
  status: 'open',
  overdue: false,
  assignee: 'any',
  category: undefined,
  site: undefined,
  limit: QUEUE_PAGE_SIZE,
};

/** The longest site name the callable accepts. */
const SITE_MAX_CHARS = 120;

const isStatusFilter = (value: string | null): value is QueueStatusFilter =>
  value !== null && (QUEUE_STATUS_FILTERS as readonly string[]).includes(value);
const isAssigneeFilter = (value: string | null): value is QueueAssigneeFilter =>
  value !== null && (QUEUE_ASSIGNEE_FILTERS as readonly string[]).includes(value);

function readLimit(value: string | null): number {
  const limit = Number(value);
  const isValid =
    Number.isInteger(limit) &&
    limit >= QUEUE_PAGE_SIZE &&
    limit <= QUEUE_MAX_LIMIT &&
    limit % QUEUE_PAGE_SIZE === 0;
  return isValid ? limit : QUEUE_PAGE_SIZE;
}

export function readQueueFilters(params: URLSearchParams): QueueFilters {
  const status = params.get('status');
  const assignee = params.get('assignee');
  const site = params.get('site')?.trim() ?? '';
  return {
    status: isStatusFilter(status) ? status : 'open',
    overdue: params.get('overdue') === '1',
    assignee: isAssigneeFilter(assignee) ? assignee : 'any',
    category: findCategory(params.get('category') ?? '')?.id,
    site: site !== '' && site.length <= SITE_MAX_CHARS ? site : undefined,
    limit: readLimit(params.get('limit')),
  };
}

export function writeQueueFilters(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'open') params.set('status', filters.status);
  if (filters.overdue) params.set('overdue', '1');
  if (filters.assignee !== 'any') params.set('assignee', filters.assignee);
  if (filters.category) params.set('category', filters.category);
  if (filters.site) params.set('site', filters.site);
  if (filters.limit > QUEUE_PAGE_SIZE) params.set('limit', String(filters.limit));
  return params;
}

/** A change of a filter starts again at one page; "show more" changes only the limit. */
export function patchQueueFilters(filters: QueueFilters, patch: Partial<QueueFilters>): QueueFilters {
  const isLimitOnly = Object.keys(patch).every((key) => key === 'limit');
  return { ...filters, ...(isLimitOnly ? {} : { limit: QUEUE_PAGE_SIZE }), ...patch };
}

/** The next page on top of the shown ones, never above what one answer may hold. */
export function nextLimit(limit: number): number {
  return Math.min(limit + QUEUE_PAGE_SIZE, QUEUE_MAX_LIMIT);
}

/** Whether anything narrows the queue beyond its default (open tickets of anyone). */
export function hasNarrowingFilters(filters: QueueFilters): boolean {
  return (
    filters.status !== 'open' ||
    filters.overdue ||
    filters.assignee !== 'any' ||
    !!filters.category ||
    !!filters.site
  );
}

/**
 * The listTicketQueue request. Absent filters are left out rather than sent as undefined: the
 * callable SDK would send them as null, which the schema refuses.
 */
export function toQueueRequest(filters: QueueFilters): TicketQueueInput {
  return {
    status: filters.status,
    ...(filters.overdue ? { overdue: true } : {}),
    assignee: filters.assignee,
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.site ? { site: filters.site } : {}),
    limit: filters.limit,
  };
}
