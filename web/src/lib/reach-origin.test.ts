import { afterEach, describe, expect, it, vi } from 'vitest';

vi.unmock('./reach-origin');
const { PROBE_PATH, reachOrigin } = await import('./reach-origin');

describe('reachOrigin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the app’s own origin with HEAD, past the HTTP cache, with a time limit', async () => {
    const fetchFn = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    vi.stubGlobal('fetch', fetchFn);
    expect(await reachOrigin()).toBe(true);
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(new RegExp(`^${PROBE_PATH}\\?reach=\\d+$`));
    expect(init).toMatchObject({ method: 'HEAD', cache: 'no-store' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('counts any HTTP answer as reached, an error status included', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 503 })));
    expect(await reachOrigin()).toBe(true);
  });

  it('counts a failed connection or a timeout as not reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await reachOrigin()).toBe(false);
    vi.stubGlobal('fetch', () =>
      Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
    );
    expect(await reachOrigin()).toBe(false);
  });
});
