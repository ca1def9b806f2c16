import {
  AUTH_RULES,
  type AdminUserRow,
  PERMISSIONS,
  ROLES,
  hasPermission,
  type listUsersSchema,
} from '../../domain/index.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { type IndexedUser, loadUserIndex, normaliseForSearch } from './user-index.js';
import { defineCallable } from '../define-callable.js';

type ListQuery = ReturnType<typeof listUsersSchema.parse>;

/** The rows of the tab that match the search and filters, in index order (name, then e-mail). */
export function filterUsers(
  index: readonly IndexedUser[],
  query: ListQuery,
  canSeeStatus: boolean,
): IndexedUser[] {
  const needle = normaliseForSearch(query.search.trim());
  return index.filter(
    (user) =>
      (query.tab === 'all' || user.hasWorker) &&
      (needle === '' || user.searchText.includes(needle)) &&
      (query.role === undefined || user.row.role === query.role) &&
      (!canSeeStatus || query.status === undefined || user.row.status === query.status),
  );
}

/**
 * The listUsers callable (at least manager, VIEW_ALL_USER_DATA): one page of the joined user
 * index. Tab `all` = every account plus directory workers without one; tab `workers` = directory
 * workers, with their account's fields when they have one. Search matches any part of the name
 * or e-mail, ignoring case and diacritics. Without VIEW_USER_ACCOUNT_STATUS every status is null
 * and the status filter is ignored, so the answer cannot leak it either.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields`; `internal` 'admin.errors.loadUsersFailed'.
 */
export function createListUsersHandler(deps: AdminDeps) {
  return defineCallable('listUsers', deps, {
    access: adminAccess(PERMISSIONS.VIEW_ALL_USER_DATA, ROLES.MANAGER),
    run: async ({ caller, input: query }) => {
      const canSeeStatus = hasPermission(caller, PERMISSIONS.VIEW_USER_ACCOUNT_STATUS, AUTH_RULES);
      const matches = filterUsers(await loadUserIndex(deps), query, canSeeStatus);
      const start = query.page * query.pageSize;
      const rows: AdminUserRow[] = matches
        .slice(start, start + query.pageSize)
        .map(({ row }) => (canSeeStatus ? { ...row } : { ...row, status: null }));
      return { rows, total: matches.length, page: query.page, pageSize: query.pageSize };
    },
  });
}
