import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  filterableStatuses,
  hasActiveFilters,
  readFilters,
  writeFilters,
} from './history-filters';

describe('history filters in the URL', () => {
  it('round-trips every filter', () => {
    const filters = {
      search: 'torn trousers',
      status: 'inProgress' as const,
      category: 'clothes',
      subcategory: 'replacement',
      showArchived: true,
    };
    const params = writeFilters(filters);
    expect(params.toString()).toBe(
      'q=torn+trousers&status=inProgress&category=clothes&subcategory=replacement&archived=1',
    );
    expect(readFilters(params)).toEqual(filters);
  });

  it('ignores unknown statuses and categories and a subcategory of another category', () => {
    expect(
      readFilters(new URLSearchParams('status=closed&category=pets&subcategory=advance&archived=yes')),
    ).toEqual(EMPTY_FILTERS);
    expect(readFilters(new URLSearchParams('category=car&subcategory=vacation'))).toMatchObject({
      category: 'car',
      subcategory: undefined,
    });
  });

  it('writes nothing for empty filters and drops a subcategory without its category', () => {
    expect(writeFilters(EMPTY_FILTERS).toString()).toBe('');
    expect(writeFilters({ ...EMPTY_FILTERS, subcategory: 'damage', search: '  ' }).toString()).toBe('');
  });

  it('counts search, status and category as narrowing the list, not "show archived"', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, showArchived: true })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, status: 'new' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, category: 'car' })).toBe(true);
  });

  it('offers "archived" as a status only while archived tickets are shown, and never "unknown"', () => {
    expect(filterableStatuses(false)).not.toContain('archived');
    expect(filterableStatuses(true)).toContain('archived');
    expect(filterableStatuses(true)).not.toContain('unknown');
  });
});
