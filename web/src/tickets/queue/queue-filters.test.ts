import { QUEUE_MAX_LIMIT, QUEUE_PAGE_SIZE } from '@domain';
import { describe, expect, it } from 'vitest';
import { ageParts, formatAge } from './queue-format';
import {
  DEFAULT_QUEUE_FILTERS,
  hasNarrowingFilters,
  nextLimit,
  patchQueueFilters,
  readQueueFilters,
  toQueueRequest,
  writeQueueFilters,
} from './queue-filters';

const read = (search: string) => readQueueFilters(new URLSearchParams(search));

describe('queue filters in the URL', () => {
  it('reads every filter and writes it back the same', () => {
    const search = 'status=inProgress&overdue=1&assignee=unassigned&category=car&site=Kiruna+Mine&limit=75';
    const filters = read(search);
    expect(filters).toStrictEqual({
      status: 'inProgress',
      overdue: true,
      assignee: 'unassigned',
      category: 'car',
      site: 'Kiruna Mine',
      limit: 75,
    });
    expect(writeQueueFilters(filters).toString()).toBe(search);
  });

  it('reads an empty or unknown address as the default queue, written as a plain address', () => {
    expect(read('')).toStrictEqual(DEFAULT_QUEUE_FILTERS);
    expect(
      read(`status=unknown&assignee=boss&category=cake&site=%20%20&limit=${QUEUE_PAGE_SIZE + 1}`),
    ).toStrictEqual(DEFAULT_QUEUE_FILTERS);
    expect(read(`limit=${QUEUE_MAX_LIMIT + QUEUE_PAGE_SIZE}`).limit).toBe(QUEUE_PAGE_SIZE);
    expect(read(`site=${'x'.repeat(121)}`).site).toBeUndefined();
    expect(writeQueueFilters(DEFAULT_QUEUE_FILTERS).toString()).toBe('');
  });

  it('starts again at one page when a filter changes, not when more is shown', () => {
    const twoPages = { ...DEFAULT_QUEUE_FILTERS, limit: 2 * QUEUE_PAGE_SIZE };
    expect(patchQueueFilters(twoPages, { assignee: 'mine' }).limit).toBe(QUEUE_PAGE_SIZE);
    expect(patchQueueFilters(twoPages, { limit: nextLimit(twoPages.limit) }).limit).toBe(3 * QUEUE_PAGE_SIZE);
    expect(nextLimit(QUEUE_MAX_LIMIT)).toBe(QUEUE_MAX_LIMIT);
  });

  it('leaves absent filters out of the request', () => {
    expect(toQueueRequest(DEFAULT_QUEUE_FILTERS)).toStrictEqual({
      status: 'open',
      assignee: 'any',
      limit: QUEUE_PAGE_SIZE,
    });
    expect(toQueueRequest(read('category=tools&site=Gothenburg'))).toStrictEqual({
      status: 'open',
      assignee: 'any',
      category: 'tools',
      site: 'Gothenburg',
      limit: QUEUE_PAGE_SIZE,
    });
  });

  it('counts only what narrows the queue as a filter', () => {
    expect(hasNarrowingFilters(DEFAULT_QUEUE_FILTERS)).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_QUEUE_FILTERS, limit: 50 })).toBe(false);
    expect(hasNarrowingFilters(read('status=all'))).toBe(true);
    expect(hasNarrowingFilters(read('site=Kiruna'))).toBe(true);
  });
});

describe('ticket age', () => {
  const now = Date.parse('2026-03-14T12:00:00.000Z');

  it('uses minutes under an hour, hours under a day, then days', () => {
    expect(ageParts(10_000)).toStrictEqual({ value: 1, unit: 'minute' });
    expect(ageParts(59 * 60_000)).toStrictEqual({ value: 59, unit: 'minute' });
    expect(ageParts(5 * 3_600_000)).toStrictEqual({ value: 5, unit: 'hour' });
    expect(ageParts(49 * 3_600_000)).toStrictEqual({ value: 2, unit: 'day' });
    // A clock a little behind the server's is not a negative age.
    expect(ageParts(-5_000)).toStrictEqual({ value: 1, unit: 'minute' });
  });

  it('reads as a duration in the language of the screen', () => {
    expect(formatAge('2026-03-11T09:00:00.000Z', now, 'en')).toBe('3 days');
    expect(formatAge('2026-03-11T09:00:00.000Z', now, 'pl')).toBe('3 dni');
    expect(formatAge('2026-03-11T09:00:00.000Z', now, 'ru')).toBe('3 дня');
    expect(formatAge('2026-03-14T11:00:00.000Z', now, 'en')).toBe('1 hour');
    expect(formatAge(null, now, 'en')).toBeNull();
    expect(formatAge('not a date', now, 'en')).toBeNull();
  });
});
