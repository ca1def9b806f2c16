import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInbox } from './api';

/*
 * useInbox against a fake Firestore SDK: the one listener can be fed snapshots by hand. What is
 * checked here is how the hook reads the answers (the offline cache especially); the inbox e2e
 * test reads the emulator.
 */

type Listener = { options: unknown; next: (snapshot: unknown) => void; isActive: boolean };

const fake = vi.hoisted(() => ({ listeners: [] as Listener[] }));

vi.mock('../lib/firebase-data', () => ({
  firestore: () => Promise.resolve({ fake: 'db' }),
  whenFirestoreStarts: () => () => undefined,
}));

vi.mock('../lib/call', () => ({ call: vi.fn() }));

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
    expect(result.current.isLoading).toBe(true);
    act(() => inbox.next(snapshot([], false)));
    expect(result.current).toMatchObject({ isLoading: false, isFromCache: false, notifications: [] });
    act(() => inbox.next(snapshot([], true)));
    expect(result.current).toMatchObject({ isLoading: false, isFromCache: true, notifications: [] });
  });
});
