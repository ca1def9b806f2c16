import { TICKET_STATUSES, type TicketStatus, findCategory } from '@domain';

/*
 * The history filters live in the URL (?q=&status=&category=&subcategory=&archived=1), so back,
 * forward and reload keep them and a filtered list can be shared as a link. Values that are not
 * a known status, category or subcategory of that category are ignored.
 */

export type HistoryFilters = {
  search: string;
  status: TicketStatus | undefined;
  category: string | undefined;
  subcategory: string | undefined;
  showArchived: boolean;
};

export const EMPTY_FILTERS: HistoryFilters = {
  search: '',
  status: undefined,
  category: undefined,
  subcategory: undefined,
  showArchived: false,
};

const isStatus = (value: string | null): value is TicketStatus =>
  value !== null && (TICKET_STATUSES as readonly string[]).includes(value);

export function readFilters(params: URLSearchParams): HistoryFilters {
  const status = params.get('status');
  const category = findCategory(params.get('category') ?? '');
  const subcategory = params.get('subcategory');
  return {
    search: params.get('q')?.trim() ?? '',
    status: isStatus(status) ? status : undefined,
    category: category?.id,
    subcategory:
      category && subcategory && category.subcategories.includes(subcategory) ? subcategory : undefined,
    showArchived: params.get('archived') === '1',
  };
}

export function writeFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.category) {
    params.set('category', filters.category);
    if (filters.subcategory) params.set('subcategory', filters.subcategory);
  }
  if (filters.showArchived) params.set('archived', '1');
  return params;
}

/** Whether anything narrows the list (show-archived widens it, so it does not count). */
export function hasActiveFilters(filters: HistoryFilters): boolean {
  return !!(filters.search || filters.status || filters.category);
}

/**
 * The statuses the status filter offers: not `unknown` (it stands for any value outside the list,
 * which no equality filter can find) and `archived` only while archived tickets are shown.
 */
export function filterableStatuses(showArchived: boolean): TicketStatus[] {
  return TICKET_STATUSES.filter((status) => status !== 'unknown' && (showArchived || status !== 'archived'));
}
