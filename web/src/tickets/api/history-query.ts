import {
  type AuthRules,
  PERMISSIONS,
  type PermissionSubject,
  type TicketStatus,
  findCategory,
  hasPermission,
  searchTokenOf,
  searchWordsOf,
} from '@domain';

/*
 * The ticket-history query, as data. ticket-reads.ts turns a shape into a Firestore query;
 * indexes.test.ts checks that firestore.indexes.json has an exact composite index for every shape
 * this module can produce. Pure: no Firebase here.
 */

/** Tickets per page of the history list. */
export const HISTORY_PAGE_SIZE = 20;

/** What the history screen asks for. */
export type HistoryQueryInput = {
  uid: string;
  /** Staff (VIEW_ALL_USER_DATA or PROCESS_TICKETS) see every ticket; others only their own. */
  canSeeAll: boolean;
  showArchived: boolean;
  status?: TicketStatus | undefined;
  category?: string | undefined;
  /** Used only together with `category`. */
  subcategory?: string | undefined;
  /** The search box entry: a ticket number or words of the description. */
  search?: string | undefined;
};

export type EqualityField = 'createdBy' | 'archived' | 'status' | 'category' | 'subcategory';

export type QueryFilterSpec =
  | { field: EqualityField; op: '=='; value: string | boolean }
  | { field: 'searchTokens'; op: 'array-contains'; value: string };

export type HistoryQueryShape = {
  /** In this order; the composite index lists the same fields in the same order. */
  filters: QueryFilterSpec[];
  orderBy: { field: 'createdAt'; direction: 'desc' };
  limit: number;
};

/**
 * Whether a user sees every ticket in the history: PROCESS_TICKETS or VIEW_ALL_USER_DATA, with the user's
 * assigned and revoked lists, which is what firestore.rules lets list every ticket.
 */
export function canSeeAllTickets(
  user: PermissionSubject | null | undefined,
  rules: AuthRules | null | undefined,
): boolean {
  return (
    hasPermission(user, PERMISSIONS.VIEW_ALL_USER_DATA, rules) ||
    hasPermission(user, PERMISSIONS.PROCESS_TICKETS, rules)
  );
}

/**
 * The query for one history request: equality filters (createdBy unless the user sees all,
 * archived == false unless archived tickets are shown, status, category, subcategory with its
 * category), the search token (array-contains), then newest first, one page.
 */
export function historyQueryShape(input: HistoryQueryInput): HistoryQueryShape {
  const filters: QueryFilterSpec[] = [];
  if (!input.canSeeAll) filters.push({ field: 'createdBy', op: '==', value: input.uid });
  if (!input.showArchived) filters.push({ field: 'archived', op: '==', value: false });
  if (input.status) filters.push({ field: 'status', op: '==', value: input.status });
  if (input.category) {
    filters.push({ field: 'category', op: '==', value: input.category });
    if (input.subcategory) filters.push({ field: 'subcategory', op: '==', value: input.subcategory });
  }
  const token = searchTokenOf(input.search ?? '');
  if (token) filters.push({ field: 'searchTokens', op: 'array-contains', value: token });
  return { filters, orderBy: { field: 'createdAt', direction: 'desc' }, limit: HISTORY_PAGE_SIZE };
}

/** A field of a composite index, as firestore.indexes.json writes it. */
export type IndexField =
  { fieldPath: string; order: 'ASCENDING' | 'DESCENDING' } | { fieldPath: string; arrayConfig: 'CONTAINS' };

/**
 * The composite index a shape needs, or null when it needs none (no filter at all: ordering by
 * createdAt alone uses the automatic single-field index).
 */
export function indexFieldsOf(shape: HistoryQueryShape): IndexField[] | null {
  if (shape.filters.length === 0) return null;
  return [
    ...shape.filters.map((filter): IndexField =>
      filter.op === 'array-contains'
        ? { fieldPath: filter.field, arrayConfig: 'CONTAINS' }
        : { fieldPath: filter.field, order: 'ASCENDING' },
    ),
    {
      fieldPath: shape.orderBy.field,
      order: shape.orderBy.direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
    },
  ];
}

/**
 * Every distinct shape historyQueryShape can produce, found by running it over each combination
 * of its inputs (the values do not matter to an index, only which filters are present).
 */
export function allHistoryQueryShapes(): HistoryQueryShape[] {
  const category = findCategory('absences');
  const subcategory = category?.subcategories[0];
  const categoryChoices: Pick<HistoryQueryInput, 'category' | 'subcategory'>[] = [
    {},
    { category: category?.id },
    { category: category?.id, subcategory },
    // A subcategory without its category is dropped: the same shape as no category.
    { subcategory },
  ];
  const shapes = new Map<string, HistoryQueryShape>();
  for (const canSeeAll of [false, true]) {
    for (const showArchived of [false, true]) {
      for (const status of [undefined, 'new'] as const) {
        for (const categoryChoice of categoryChoices) {
          for (const search of ['', 'T-12', 'winter jacket']) {
            const shape = historyQueryShape({
              uid: 'uid',
              canSeeAll,
              showArchived,
              status,
              search,
              ...categoryChoice,
            });
            shapes.set(shapeKey(shape), shape);
          }
        }
      }
    }
  }
  return [...shapes.values()];
}

/** The fields and operators of a shape, e.g. `createdBy== archived== searchTokens array-contains`. */
export function shapeKey(shape: HistoryQueryShape): string {
  return [
    ...shape.filters.map((filter) => `${filter.field} ${filter.op}`),
    `orderBy ${shape.orderBy.field} ${shape.orderBy.direction}`,
  ].join(', ');
}

/**
 * The words a loaded ticket must also match. The query looks up one token (searchTokenOf), so a
 * search of several words keeps only tickets whose tokens hold every other word as well (as a
 * prefix: "jack" matches "jacket"). A ticket-number search (whole or only its digits) has nothing
 * more to check.
 */
export function extraSearchWords(search: string | undefined): string[] {
  const token = searchTokenOf(search ?? '');
  if (!token || token.startsWith('t-') || /^\d+$/.test(token)) return [];
  return [...new Set(searchWordsOf(search ?? ''))].filter((word) => word !== token);
}

/** Whether a ticket's search tokens hold every one of `words` (each as a prefix of some token). */
export function matchesSearchWords(searchTokens: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => searchTokens.some((token) => token.startsWith(word)));
}

/**
 * Where each page of a live, cursor-paged list starts and ends. `cursors[i]` is the last document
 * of page i when page i + 1 was asked for. The first page runs from the top to its cursor (so a new
 * ticket joins it live and pushes nothing out), middle pages run between two cursors, and the last
 * page starts after the last cursor and takes `pageSize` documents. With no cursors there is one
 * page: the top `pageSize`.
 */
export type PageBounds<Cursor> = { startAfter: Cursor | null; endAt: Cursor | null; limit: number | null };

export function pageBounds<Cursor>(cursors: readonly Cursor[], pageSize: number): PageBounds<Cursor>[] {
  const pages: PageBounds<Cursor>[] = cursors.map((cursor, index) => ({
    startAfter: index === 0 ? null : (cursors[index - 1] ?? null),
    endAt: cursor,
    limit: null,
  }));
  pages.push({ startAfter: cursors.at(-1) ?? null, endAt: null, limit: pageSize });
  return pages;
}
