import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  type ListUsersInput,
  type Role,
  USER_LIST_PAGE_SIZE,
  USER_LIST_TABS,
  type UserListTab,
  isRole,
} from '@domain';

/*
 * The user list's state lives in the URL (?tab=&q=&role=&status=&page=), so back, forward and
 * reload keep it and a filtered list can be shared as a link. Unknown values are ignored; the
 * page is 1-based for people, 0-based for the callable.
 */

export type UserListQuery = {
  tab: UserListTab;
  search: string;
  role: Role | undefined;
  status: AccountStatus | undefined;
  /** 1-based. */
  page: number;
};

export const DEFAULT_QUERY: UserListQuery = {
  tab: 'all',
  search: '',
  role: undefined,
  status: undefined,
  page: 1,
};

const isTab = (value: string | null): value is UserListTab =>
  value !== null && (USER_LIST_TABS as readonly string[]).includes(value);
const isStatus = (value: string | null): value is AccountStatus =>
  value !== null && (ACCOUNT_STATUSES as readonly string[]).includes(value);

/** The query in `params`; the status filter only for a caller who may see account status. */
export function readUserListQuery(params: URLSearchParams, canFilterStatus: boolean): UserListQuery {
  const tab = params.get('tab');
  const role = params.get('role');
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    tab: isTab(tab) ? tab : 'all',
    search: params.get('q')?.trim() ?? '',
    role: isRole(role) ? role : undefined,
    status: canFilterStatus && isStatus(status) ? status : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL form of a query; defaults are left out so a plain list has a plain address. */
export function writeUserListQuery(query: UserListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tab !== 'all') params.set('tab', query.tab);
  if (query.search.trim()) params.set('q', query.search.trim());
  if (query.role) params.set('role', query.role);
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/**
 * A change of the tab, search or a filter starts again at page 1; a page change keeps the rest.
 */
export function patchUserListQuery(query: UserListQuery, patch: Partial<UserListQuery>): UserListQuery {
  const isPageOnly = Object.keys(patch).every((key) => key === 'page');
  return { ...query, ...(isPageOnly ? {} : { page: 1 }), ...patch };
}

/** Whether anything narrows the list (the tab does not: it is a view). */
export function isFiltered(query: UserListQuery): boolean {
  return !!(query.search || query.role || query.status);
}

/**
 * The listUsers request. Absent filters are left out rather than sent as undefined: the callable
 * SDK would send them as null, which the schema refuses.
 */
export function toListUsersRequest(query: UserListQuery): ListUsersInput {
  return {
    tab: query.tab,
    search: query.search,
    ...(query.role ? { role: query.role } : {}),
    ...(query.status ? { status: query.status } : {}),
    page: query.page - 1,
    pageSize: USER_LIST_PAGE_SIZE,
  };
}
