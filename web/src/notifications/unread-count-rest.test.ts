import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollUnreadCount } from './api';
import { UNREAD_POLL_MS, fetchUnreadCount, parseUnreadCount, unreadCountRequest } from './unread-count-rest';

describe('unreadCountRequest', () => {
  it('counts the reader’s own unread notifications, up to the cap, on the emulator or on Google', () => {
    const local = unreadCountRequest('u-worker', 'demo-tickets', '127.0.0.1');
    expect(local.url).toBe(
      'http://127.0.0.1:8080/v1/projects/demo-tickets/databases/(default)/documents:runAggregationQuery',
    );
    expect(unreadCountRequest('u-worker', 'prod', null).url).toMatch(
      /^https:\/\/firestore\.googleapis\.com\/v1\/projects\/prod\//,
    );
    const query = JSON.parse(local.body) as {
      structuredAggregationQuery: {
        structuredQuery: { from: unknown; where: { compositeFilter: { filters: unknown[] } } };
        aggregations: unknown[];
      };
    };
    expect(query.structuredAggregationQuery.structuredQuery.from).toEqual([
      { collectionId: 'notifications' },
    ]);
    expect(query.structuredAggregationQuery.structuredQuery.where.compositeFilter.filters).toEqual([
      { fieldFilter: { field: { fieldPath: 'recipient' }, op: 'EQUAL', value: { stringValue: 'u-worker' } } },
      { fieldFilter: { field: { fieldPath: 'read' }, op: 'EQUAL', value: { booleanValue: false } } },
    ]);
    expect(query.structuredAggregationQuery.aggregations).toEqual([
      { alias: 'unread', count: { upTo: '100' } },
    ]);
  });
});

describe('parseUnreadCount', () => {
  it.each([
    [[{ result: { aggregateFields: { unread: { integerValue: '3' } } }, readTime: 'x' }], 3],
    [[{ result: { aggregateFields: { unread: { integerValue: '0' } } } }], 0],
    [[{ result: { aggregateFields: { unread: { integerValue: '250' } } } }], 100],
    [[{ readTime: 'x' }], null],
    [{ error: { code: 403 } }, null],
    [[{ result: { aggregateFields: { unread: { integerValue: '-1' } } } }], null],
  ])('reads %j as %s', (answer, expected) => {
    expect(parseUnreadCount(answer)).toBe(expected);
  });
});

describe('fetchUnreadCount', () => {
  const answer = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('sends the ID token and reads the count', async () => {
    const fetch = vi.fn(() =>
      answer(200, [{ result: { aggregateFields: { unread: { integerValue: '2' } } } }]),
    );
    const count = await fetchUnreadCount('u-worker', {
      fetch,
      idToken: () => Promise.resolve('token-1'),
      projectId: 'demo-tickets',
      emulator: null,
    });
    expect(count).toBe(2);
    expect(fetch).toHaveBeenCalledWith(
      expect.stringContaining(':runAggregationQuery'),
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ Authorization: 'Bearer token-1' }),
      }),
    );
  });

  it('knows nothing when signed out or refused', async () => {
    const fetch = vi.fn(() => answer(403, { error: { status: 'PERMISSION_DENIED' } }));
    const deps = { fetch, projectId: 'p', emulator: null };
    expect(await fetchUnreadCount('u', { ...deps, idToken: () => Promise.resolve(null) })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(await fetchUnreadCount('u', { ...deps, idToken: () => Promise.resolve('t') })).toBeNull();
  });
});

describe('pollUnreadCount', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks at once and every UNREAD_POLL_MS, again when the connection returns, and stops when told', async () => {
    vi.useFakeTimers();
    let unread = 0;
    const fetchCount = vi.fn(() => Promise.resolve(unread));
    const seen: number[] = [];
    const stop = pollUnreadCount('u-worker', (count) => seen.push(count), fetchCount);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([0]);
    unread = 1;
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(seen).toEqual([0, 1]);
    unread = 2;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([0, 1, 2]);
    stop();
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3);
    expect(fetchCount).toHaveBeenCalledTimes(3);
  });

  it('does not ask while offline, and keeps the last count when a request fails', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const fetchCount = vi.fn(() => Promise.reject(new Error('network')));
    const seen: number[] = [];
    const stop = pollUnreadCount('u-worker', (count) => seen.push(count), fetchCount);
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchCount).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
    stop();
  });
});
