import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryQueryInput } from './history-query';
import { useTicketHistory } from './history-reads';
import { useTicket } from './ticket-reads';

/*
 * The hooks against a fake Firestore SDK: every query is recorded as the list of its constraints,
 * and each listener can be fed snapshots or errors by hand. This checks what is asked of
 * Firestore, not Firestore itself (the live-read e2e tests do that against the emulators).
 */

type Constraint = { type: string; args: unknown[] };
type Listener = {
  target: { path: string; constraints: Constraint[] };
  options: { includeMetadataChanges?: boolean } | null;
  next: (snapshot: unknown) => void;
  error: (error: unknown) => void;
  isActive: boolean;
};

const fake = vi.hoisted(() => ({ listeners: [] as Listener[] }));

vi.mock('../../lib/firebase-data', () => ({
  firestore: () => Promise.resolve({ fake: 'db' }),
}));

vi.mock('firebase/firestore', () => {
  const constraint =
    (type: string) =>
    (...args: unknown[]) => ({ type, args });
  return {
    where: constraint('where'),
    orderBy: constraint('orderBy'),
    limit: constraint('limit'),
    startAfter: constraint('startAfter'),
    endAt: constraint('endAt'),
    collection: (parent: unknown, name: string) => ({
      path:
        typeof parent === 'object' && parent && 'path' in parent ? `${String(parent.path)}/${name}` : name,
      constraints: [],
    }),
    doc: (_db: unknown, collection: string, id: string) => ({ path: `${collection}/${id}`, constraints: [] }),
    query: (base: { path: string }, ...constraints: Constraint[]) => ({ path: base.path, constraints }),
    onSnapshot: (
      target: Listener['target'],
      ...rest:
        [Listener['next'], Listener['error']] | [Listener['options'], Listener['next'], Listener['error']]
    ): (() => void) => {
      const [options, next, error] = rest.length === 3 ? rest : [null, ...rest];
      const listener: Listener = { target, options, next, error, isActive: true };
      fake.listeners.push(listener);
      return () => {
        listener.isActive = false;
      };
    },
  };
});

type FakeDoc = { id: string; data: () => Record<string, unknown> };

const ticketDoc = (n: number, extra: Record<string, unknown> = {}): FakeDoc => ({
  id: `t-${n}`,
  data: () => ({ number: `T-${n}`, status: 'new', searchTokens: [`t-${n}`], ...extra }),
});
const docs = (from: number, count: number) => Array.from({ length: count }, (_, i) => ticketDoc(from + i));
const querySnapshot = (list: FakeDoc[], fromCache = false) => ({
  docs: list,
  empty: list.length === 0,
  metadata: { fromCache },
});

const active = (path = 'tickets') =>
  fake.listeners.filter((listener) => listener.isActive && listener.target.path === path);
const describeQuery = (listener: Listener | undefined) =>
  listener?.target.constraints.map((c) =>
    c.type === 'startAfter' || c.type === 'endAt'
      ? `${c.type} ${(c.args[0] as FakeDoc).id}`
      : `${c.type} ${c.args.map(String).join(' ')}`,
  );

const WORKER: HistoryQueryInput = { uid: 'u-worker', canSeeAll: false, showArchived: false };

beforeEach(() => {
  fake.listeners.length = 0;
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('useTicketHistory', () => {
  it('listens to the first page of the built query and shows it when it arrives', async () => {
    const { result } = renderHook(() => useTicketHistory(WORKER));
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(active()).toHaveLength(1));
    expect(describeQuery(active()[0])).toEqual([
      'where createdBy == u-worker',
      'where archived == false',
      'orderBy createdAt desc',
      'limit 20',
    ]);
    act(() => active()[0]?.next(querySnapshot(docs(1, 3))));
    expect(result.current).toMatchObject({ isLoading: false, hasMore: false, error: null });
    expect(result.current.tickets.map((ticket) => ticket.number)).toEqual(['T-1', 'T-2', 'T-3']);
  });

  it('does not take an empty answer from the offline cache for "no tickets"', async () => {
    const { result } = renderHook(() => useTicketHistory(WORKER));
    await waitFor(() => expect(active()).toHaveLength(1));
    act(() => active()[0]?.next(querySnapshot([], true)));
    expect(result.current.isLoading).toBe(true);
    act(() => active()[0]?.next(querySnapshot([], false)));
    expect(result.current).toMatchObject({ isLoading: false, tickets: [] });
  });

  it('says whether the tickets shown came from the offline cache, and hears it flip back', async () => {
    const { result } = renderHook(() => useTicketHistory(WORKER));
    await waitFor(() => expect(active()).toHaveLength(1));
    expect(active()[0]?.options).toEqual({ includeMetadataChanges: true });
    expect(result.current.isFromCache).toBe(false);
    act(() => active()[0]?.next(querySnapshot(docs(1, 2), true)));
    expect(result.current).toMatchObject({ isLoading: false, isFromCache: true });
    expect(result.current.tickets).toHaveLength(2);
    act(() => active()[0]?.next(querySnapshot(docs(1, 2), false)));
    expect(result.current.isFromCache).toBe(false);
  });

  it('keeps the tickets when only the metadata says the cache answers now (gone offline)', async () => {
    const { result } = renderHook(() => useTicketHistory(WORKER));
    await waitFor(() => expect(active()).toHaveLength(1));
    act(() => active()[0]?.next(querySnapshot(docs(1, 3))));
    act(() => active()[0]?.next(querySnapshot(docs(1, 3), true)));
    expect(result.current).toMatchObject({ isLoading: false, isFromCache: true });
    expect(result.current.tickets).toHaveLength(3);
  });

  it('loads more after the last document and keeps every page live between fixed cursors', async () => {
    const { result } = renderHook(() => useTicketHistory(WORKER));
    await waitFor(() => expect(active()).toHaveLength(1));
    const firstListener = active()[0];
    act(() => firstListener?.next(querySnapshot(docs(1, 20))));
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    expect(firstListener?.isActive).toBe(false);
    const [firstPage, secondPage] = active();
    expect(describeQuery(firstPage)).toEqual([
      'where createdBy == u-worker',
      'where archived == false',
      'orderBy createdAt desc',
      'endAt t-20',
    ]);
    expect(describeQuery(secondPage)).toEqual([
      'where createdBy == u-worker',
      'where archived == false',
      'orderBy createdAt desc',
      'startAfter t-20',
      'limit 20',
    ]);
    // The loaded tickets stay on screen while the next page is on its way.
    expect(result.current).toMatchObject({ isLoadingMore: true });
    expect(result.current.tickets).toHaveLength(20);

    act(() => secondPage?.next(querySnapshot(docs(21, 5))));
    expect(result.current).toMatchObject({ isLoadingMore: false, hasMore: false });
    expect(result.current.tickets).toHaveLength(25);

    // A new ticket joins the first page live; nothing falls out between the pages.
    act(() => firstPage?.next(querySnapshot([ticketDoc(0), ...docs(1, 20)])));
    expect(result.current.tickets.map((ticket) => ticket.number).slice(0, 2)).toEqual(['T-0', 'T-1']);
    expect(result.current.tickets).toHaveLength(26);
  });

  it('does nothing on "load more" when the last page was not full', async () => {
    const { result } = renderHook(() => useTicketHistory(WORKER));
    await waitFor(() => expect(active()).toHaveLength(1));
    act(() => active()[0]?.next(querySnapshot(docs(1, 19))));
    act(() => result.current.loadMore());
    expect(active()).toHaveLength(1);
  });

  it('starts over when the filters change and stops listening on unmount', async () => {
    const { result, rerender, unmount } = renderHook((input: HistoryQueryInput) => useTicketHistory(input), {
      initialProps: WORKER,
    });
    await waitFor(() => expect(active()).toHaveLength(1));
    act(() => active()[0]?.next(querySnapshot(docs(1, 3))));

    rerender({ ...WORKER, status: 'paid', category: 'presalary' });
    expect(result.current).toMatchObject({ isLoading: true, tickets: [] });
    await waitFor(() => expect(describeQuery(active()[0])).toContain('where status == paid'));
    expect(active()).toHaveLength(1);
    expect(describeQuery(active()[0])).toContain('where category == presalary');

    unmount();
    expect(active()).toHaveLength(0);
  });

  it('reports an error and listens again on retry', async () => {
    const { result } = renderHook(() => useTicketHistory({ ...WORKER, canSeeAll: true }));
    await waitFor(() => expect(active()).toHaveLength(1));
    expect(describeQuery(active()[0])).not.toContain('where createdBy == u-worker');
    act(() => active()[0]?.error(Object.assign(new Error('denied'), { code: 'permission-denied' })));
    expect(result.current).toMatchObject({ isLoading: false, hasMore: false });
    expect(result.current.error?.message).toBe('denied');

    const failed = active()[0];
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ isLoading: true, error: null });
    await waitFor(() => expect(fake.listeners).toHaveLength(2));
    expect(failed?.isActive).toBe(false);
    expect(active()).toHaveLength(1);
  });

  it('searches by the longest word and keeps only tickets that also have the other words', async () => {
    const { result } = renderHook(() => useTicketHistory({ ...WORKER, search: 'torn trousers' }));
    await waitFor(() => expect(active()).toHaveLength(1));
    expect(describeQuery(active()[0])).toContain('where searchTokens array-contains trousers');
    act(() =>
      active()[0]?.next(
        querySnapshot([
          ticketDoc(1, { searchTokens: ['t-1', 'trousers', 'torn'] }),
          ticketDoc(2, { searchTokens: ['t-2', 'trousers', 'new'] }),
        ]),
      ),
    );
    expect(result.current.tickets.map((ticket) => ticket.number)).toEqual(['T-1']);
  });
});

describe('useTicket', () => {
  const docSnapshot = (id: string, data: Record<string, unknown> | undefined, fromCache = false) => ({
    id,
    data: () => data,
    metadata: { fromCache },
  });

  async function listeners() {
    await waitFor(() => expect(active('tickets/t-1')).toHaveLength(1));
    return {
      ticket: active('tickets/t-1')[0],
      updates: active('tickets/t-1/updates')[0],
      activity: active('tickets/t-1/activity')[0],
    };
  }

  it('shows the ticket once it, its updates and its activity (each ordered by time) have arrived', async () => {
    const { result } = renderHook(() => useTicket('t-1'));
    const { ticket, updates, activity } = await listeners();
    expect(describeQuery(updates)).toEqual(['orderBy at asc']);
    expect(describeQuery(activity)).toEqual(['orderBy at asc']);
    act(() => ticket?.next(docSnapshot('t-1', { number: 'T-0001', status: 'sent' })));
    expect(result.current.status).toBe('loading');
    act(() => updates?.next(querySnapshot([{ id: 'u1', data: () => ({ text: 'Ordered' }) }])));
    act(() => activity?.next(querySnapshot([{ id: 'a1', data: () => ({ change: { type: 'created' } }) }])));
    expect(result.current).toMatchObject({
      status: 'ready',
      ticket: { number: 'T-0001', status: 'sent' },
      updates: [{ text: 'Ordered' }],
      activity: [{ change: { type: 'created' } }],
    });
  });

  it('tells a missing ticket from a denied one, and waits for the server when the cache lacks it', async () => {
    const { result } = renderHook(() => useTicket('t-1'));
    const { ticket, updates } = await listeners();
    act(() => ticket?.next(docSnapshot('t-1', undefined, true)));
    expect(result.current.status).toBe('loading');
    act(() => updates?.error(Object.assign(new Error('no'), { code: 'permission-denied' })));
    act(() => ticket?.next(docSnapshot('t-1', undefined, false)));
    expect(result.current.status).toBe('notFound');

    const denied = renderHook(() => useTicket('t-1'));
    await waitFor(() => expect(active('tickets/t-1')).toHaveLength(2));
    act(() => active('tickets/t-1')[1]?.error(Object.assign(new Error('no'), { code: 'permission-denied' })));
    expect(denied.result.current.status).toBe('denied');
  });

  it('shows a ticket from the offline cache and says so until the server answers', async () => {
    const { result } = renderHook(() => useTicket('t-1'));
    const { ticket, updates, activity } = await listeners();
    for (const listener of [ticket, updates, activity]) {
      expect(listener?.options).toEqual({ includeMetadataChanges: true });
    }
    act(() => ticket?.next(docSnapshot('t-1', { number: 'T-0001', status: 'sent' }, true)));
    act(() => updates?.next(querySnapshot([], true)));
    act(() => activity?.next(querySnapshot([], true)));
    expect(result.current).toMatchObject({
      status: 'ready',
      ticket: { number: 'T-0001' },
      isFromCache: true,
    });
    act(() => ticket?.next(docSnapshot('t-1', { number: 'T-0001', status: 'sent' }, false)));
    act(() => updates?.next(querySnapshot([], false)));
    expect(result.current.isFromCache).toBe(true);
    act(() => activity?.next(querySnapshot([], false)));
    expect(result.current).toMatchObject({ status: 'ready', isFromCache: false });
  });

  it('reports other failures as errors', async () => {
    const { result } = renderHook(() => useTicket('t-1'));
    const { ticket } = await listeners();
    act(() => ticket?.error(Object.assign(new Error('offline'), { code: 'unavailable' })));
    expect(result.current).toMatchObject({ status: 'error', error: { message: 'offline' } });
  });

  it('does not look up an id the app never creates', () => {
    const { result } = renderHook(() => useTicket('../users/u-admin'));
    expect(result.current.status).toBe('notFound');
    expect(fake.listeners).toHaveLength(0);
  });

  it('stops listening on unmount', async () => {
    const { unmount } = renderHook(() => useTicket('t-1'));
    await listeners();
    unmount();
    expect(fake.listeners.filter((listener) => listener.isActive)).toHaveLength(0);
  });
});
