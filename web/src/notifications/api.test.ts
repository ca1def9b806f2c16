import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInbox, useUnreadNotificationCount } from './api';

/*
 * The inbox and the unread count against a fake Firestore SDK: a listener can be fed snapshots by
 * hand, and the unread count's REST answer and the moment a screen starts Firestore are the test's
 * to choose. What is checked here is how the hooks read the answers (the offline cache
 * especially); the inbox e2e test reads the emulator.
 */

type Listener = { options: unknown; next: (snapshot: unknown) => void; isActive: boolean };

const fake = vi.hoisted(() => ({
  listeners: [] as Listener[],
  onFirestoreStart: [] as (() => void)[],
  restCount: null as number | null,
}));

vi.mock('../lib/firebase-data', () => ({
  firestore: () => Promise.resolve({ fake: 'db' }),
  whenFirestoreStarts: (started: () => void) => {
    fake.onFirestoreStart.push(started);
    return () => undefined;
  },
}));

vi.mock('../lib/call', () => ({ call: vi.fn() }));

vi.mock('./unread-count-rest', () => ({
  UNREAD_POLL_MS: 15_000,
  fetchUnreadCount: () => Promise.resolve(fake.restCount),
}));

vi.mock('firebase/firestore', () => ({
  collection: () => ({}),
  where: () => ({}),
  orderBy: () => ({}),
  limit: () => ({}),
  query: () => ({}),
  onSnapshot: (_query: unknown, options: unknown, next: Listener['next']) => {
    const listener: Listener = { options, next, isActive: true };
    fake.listeners.push(listener);
    return () => {
      listener.isActive = false;
    };
  },
}));

const entry = (id: string) => ({
  id,
  data: () => ({ ticketId: 't-1', ticketNumber: 'T-0001', kind: 'statusChanged', key: 'k', read: false }),
});
const snapshot = (docs: ReturnType<typeof entry>[], fromCache: boolean) => ({
  docs,
  empty: docs.length === 0,
  metadata: { fromCache },
});

async function listener(): Promise<Listener> {
  await waitFor(() => expect(fake.listeners.filter((item) => item.isActive)).toHaveLength(1));
  const found = fake.listeners.find((item) => item.isActive);
  if (!found) throw new Error('no listener');
  return found;
}

describe('useInbox', () => {
  afterEach(() => {
    fake.listeners.length = 0;
  });

  it('hears metadata changes and says whether the entries shown came from the offline cache', async () => {
    const { result } = renderHook(() => useInbox('u-worker'));
    const inbox = await listener();
    expect(inbox.options).toEqual({ includeMetadataChanges: true });
    act(() => inbox.next(snapshot([entry('n1')], true)));
    expect(result.current).toMatchObject({ isLoading: false, isFromCache: true });
    expect(result.current.notifications).toHaveLength(1);
    act(() => inbox.next(snapshot([entry('n1')], false)));
    expect(result.current.isFromCache).toBe(false);
  });

  it('waits for the server after an empty cache, but shows an empty inbox going offline', async () => {
    const { result } = renderHook(() => useInbox('u-worker'));
    const inbox = await listener();
    act(() => inbox.next(snapshot([], true)));
    // Still loading, and it says the answer so far came from the (empty) cache: nothing saved yet.
    expect(result.current).toMatchObject({ isLoading: true, isFromCache: true, notifications: [] });
    act(() => inbox.next(snapshot([], false)));
    expect(result.current).toMatchObject({ isLoading: false, isFromCache: false, notifications: [] });
    act(() => inbox.next(snapshot([], true)));
    expect(result.current).toMatchObject({ isLoading: false, isFromCache: true, notifications: [] });
  });
});

const counted = (size: number, fromCache: boolean) => ({ size, metadata: { fromCache } });

async function startFirestore(): Promise<Listener> {
  act(() => fake.onFirestoreStart.forEach((started) => started()));
  return listener();
}

describe('useUnreadNotificationCount', () => {
  afterEach(() => {
    fake.listeners.length = 0;
    fake.onFirestoreStart.length = 0;
    fake.restCount = null;
  });

  it('keeps the last count the server gave when the listener starts from an empty cache offline', async () => {
    fake.restCount = 3;
    const { result } = renderHook(() => useUnreadNotificationCount('u-offline'));
    await waitFor(() => expect(result.current).toBe(3));

    // Offline, a screen starts Firestore: its cache holds none of the unread entries.
    const listener = await startFirestore();
    expect(listener.options).toEqual({ includeMetadataChanges: true });
    act(() => listener.next(counted(0, true)));
    expect(result.current).toBe(3);

    // The connection returns: the server's answer replaces it, even when it is the same set.
    act(() => listener.next(counted(1, false)));
    expect(result.current).toBe(1);
    act(() => listener.next(counted(0, true)));
    expect(result.current).toBe(1);
  });

  it('shows what the cache holds when no count came from the server on this page', async () => {
    const { result } = renderHook(() => useUnreadNotificationCount('u-fresh-offline'));
    const listener = await startFirestore();
    act(() => listener.next(counted(2, true)));
    expect(result.current).toBe(2);
    act(() => listener.next(counted(0, false)));
    expect(result.current).toBe(0);
  });

  it('gives a screen opened later the last known count at once, and nothing to another reader', async () => {
    fake.restCount = 4;
    const first = renderHook(() => useUnreadNotificationCount('u-known'));
    await waitFor(() => expect(first.result.current).toBe(4));
    first.unmount();
    fake.restCount = null;

    const later = renderHook(() => useUnreadNotificationCount('u-known'));
    expect(later.result.current).toBe(4);
    const other = renderHook(() => useUnreadNotificationCount('u-someone-else'));
    expect(other.result.current).toBe(0);
  });
});
