import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAsync } from './use-async';

/** A load whose answers the test hands out one by one. */
function controlledLoad() {
  const pending: { request: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    (request: string) =>
      new Promise<string>((resolve, reject) => {
        pending.push({ request, resolve, reject });
      }),
  );
  return { load, pending };
}

describe('useAsync', () => {
  it('asks nothing for a null request', () => {
    const { load } = controlledLoad();
    const { result } = renderHook(() => useAsync(load, null));
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ data: null, isLoading: false, error: null });
  });

  it('loads, then answers with the data and when it arrived', async () => {
    const { load, pending } = controlledLoad();
    const { result } = renderHook(() => useAsync(load, 'a'));
    expect(result.current.isLoading).toBe(true);
    act(() => pending[0]?.resolve('answer a'));
    await waitFor(() => expect(result.current.data).toBe('answer a'));
    expect(result.current).toMatchObject({ isLoading: false, error: null, dataRequest: 'a' });
    expect(result.current.receivedAt).toBeGreaterThan(0);
  });

  it('drops a late answer to an older request', async () => {
    const { load, pending } = controlledLoad();
    const { result, rerender } = renderHook(({ request }) => useAsync(load, request), {
      initialProps: { request: 'a' },
    });
    rerender({ request: 'b' });
    act(() => pending[1]?.resolve('answer b'));
    await waitFor(() => expect(result.current.data).toBe('answer b'));
    act(() => pending[0]?.resolve('answer a'));
    await Promise.resolve();
    expect(result.current.data).toBe('answer b');
  });

  it('shows the last answer while the next request loads only with keepStale', async () => {
    const { load, pending } = controlledLoad();
    const stale = renderHook(({ request }) => useAsync(load, request, { keepStale: true }), {
      initialProps: { request: 'a' },
    });
    act(() => pending[0]?.resolve('answer a'));
    await waitFor(() => expect(stale.result.current.data).toBe('answer a'));
    stale.rerender({ request: 'b' });
    expect(stale.result.current).toMatchObject({ data: 'answer a', dataRequest: 'a', isLoading: true });

    const fresh = renderHook(({ request }) => useAsync(load, request), { initialProps: { request: 'a' } });
    act(() => pending[2]?.resolve('answer a'));
    await waitFor(() => expect(fresh.result.current.data).toBe('answer a'));
    fresh.rerender({ request: 'b' });
    expect(fresh.result.current).toMatchObject({ data: null, isLoading: true });
  });

  it('reports a failure and asks again on reload, keeping the last good answer meanwhile', async () => {
    const { load, pending } = controlledLoad();
    const { result } = renderHook(() => useAsync(load, 'a'));
    act(() => pending[0]?.resolve('first'));
    await waitFor(() => expect(result.current.data).toBe('first'));

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'first', isLoading: true, error: null });
    act(() => pending[1]?.reject(new Error('offline')));
    await waitFor(() => expect(result.current.error).toEqual(new Error('offline')));
    expect(result.current).toMatchObject({ data: 'first', isLoading: false });

    act(() => result.current.reload());
    act(() => pending[2]?.resolve('second'));
    await waitFor(() => expect(result.current.data).toBe('second'));
    expect(result.current.error).toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
