import { AUTH_RULES, ticketSearchTokens } from '@domain';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_PAGE_SIZE,
  canSeeAllTickets,
  extraSearchWords,
  historyQueryShape,
  matchesSearchWords,
  pageBounds,
} from './history-query';

const base = { uid: 'u-worker', canSeeAll: false, showArchived: false };
const filtersOf = (input: Parameters<typeof historyQueryShape>[0]) =>
  historyQueryShape(input).filters.map((filter) => [filter.field, filter.op, filter.value]);

describe('historyQueryShape', () => {
  it('limits a worker to their own, unarchived tickets, newest first, one page', () => {
    expect(historyQueryShape(base)).toEqual({
      filters: [
        { field: 'createdBy', op: '==', value: 'u-worker' },
        { field: 'archived', op: '==', value: false },
      ],
      orderBy: { field: 'createdAt', direction: 'desc' },
      limit: 20,
    });
    expect(HISTORY_PAGE_SIZE).toBe(20);
  });

  it('drops createdBy for staff and archived for "show archived"', () => {
    expect(filtersOf({ ...base, canSeeAll: true })).toEqual([['archived', '==', false]]);
    expect(filtersOf({ ...base, showArchived: true })).toEqual([['createdBy', '==', 'u-worker']]);
    expect(filtersOf({ ...base, canSeeAll: true, showArchived: true })).toEqual([]);
  });

  it('adds status, category, subcategory and the search token in that order', () => {
    expect(
      filtersOf({
        ...base,
        status: 'inProgress',
        category: 'absences',
        subcategory: 'vacation',
        search: 'Christmas holiday',
      }),
    ).toEqual([
      ['createdBy', '==', 'u-worker'],
      ['archived', '==', false],
      ['status', '==', 'inProgress'],
      ['category', '==', 'absences'],
      ['subcategory', '==', 'vacation'],
      ['searchTokens', 'array-contains', 'christmas'],
    ]);
  });

  it('ignores a subcategory without its category', () => {
    expect(filtersOf({ ...base, subcategory: 'vacation' })).toEqual([
      ['createdBy', '==', 'u-worker'],
      ['archived', '==', false],
    ]);
  });

  it('looks a ticket number up by its normalised token and ignores a blank search', () => {
    expect(filtersOf({ ...base, canSeeAll: true, search: ' t-7 ' })).toContainEqual([
      'searchTokens',
      'array-contains',
      't-0007',
    ]);
    expect(filtersOf({ ...base, search: '   ' })).toHaveLength(2);
    expect(filtersOf({ ...base, search: 'a' })).toHaveLength(2);
  });
});

describe('canSeeAllTickets', () => {
  it('is true with PROCESS_TICKETS or VIEW_ALL_USER_DATA, by role or assigned, unless revoked', () => {
    expect(canSeeAllTickets({ role: 'user' }, AUTH_RULES)).toBe(false);
    expect(canSeeAllTickets({ role: 'foreman' }, AUTH_RULES)).toBe(true);
    expect(canSeeAllTickets({ role: 'manager' }, AUTH_RULES)).toBe(true);
    expect(canSeeAllTickets({ role: 'foreman', revokedPermissions: ['PROCESS_TICKETS'] }, AUTH_RULES)).toBe(
      false,
    );
    // firestore.rules read the same lists: a worker given the permission by hand lists every ticket.
    expect(canSeeAllTickets({ role: 'user', assignedPermissions: ['VIEW_ALL_USER_DATA'] }, AUTH_RULES)).toBe(
      true,
    );
    expect(
      canSeeAllTickets(
        { role: 'manager', revokedPermissions: ['PROCESS_TICKETS', 'VIEW_ALL_USER_DATA'] },
        AUTH_RULES,
      ),
    ).toBe(false);
    expect(canSeeAllTickets({ role: 'admin' }, null)).toBe(false);
  });
});

describe('search across several words', () => {
  const tokens = ticketSearchTokens(
    'T-0001',
    'Winter is starting on the Hammarby site and my work trousers are torn at both knees.',
  );

  it('asks the query for the longest word and checks the others on the loaded tickets', () => {
    expect(filtersOf({ ...base, search: 'torn trousers' }).at(-1)).toEqual([
      'searchTokens',
      'array-contains',
      'trousers',
    ]);
    expect(extraSearchWords('torn trousers')).toEqual(['torn']);
    expect(matchesSearchWords(tokens, extraSearchWords('torn trousers'))).toBe(true);
  });

  it('drops a ticket that lacks one of the words', () => {
    expect(matchesSearchWords(tokens, extraSearchWords('trousers jacket'))).toBe(false);
  });

  it('matches the other words as prefixes, case-insensitively', () => {
    expect(matchesSearchWords(tokens, extraSearchWords('Hamm TROUSERS kne'))).toBe(true);
  });

  it('has nothing more to check for one word or a ticket number', () => {
    expect(extraSearchWords('trousers')).toEqual([]);
    expect(extraSearchWords('T-12')).toEqual([]);
    expect(extraSearchWords('')).toEqual([]);
    expect(matchesSearchWords(tokens, [])).toBe(true);
  });
});

describe('pageBounds', () => {
  it('is one page of pageSize from the top before anything more is loaded', () => {
    expect(pageBounds([], 20)).toEqual([{ startAfter: null, endAt: null, limit: 20 }]);
  });

  it('pins every loaded page between cursors and opens the next page after the last cursor', () => {
    expect(pageBounds(['a', 'b'], 20)).toEqual([
      { startAfter: null, endAt: 'a', limit: null },
      { startAfter: 'a', endAt: 'b', limit: null },
      { startAfter: 'b', endAt: null, limit: 20 },
    ]);
  });
});
