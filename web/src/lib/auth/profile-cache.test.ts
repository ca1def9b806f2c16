import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearProfileCache, loadProfile, profileCacheKey } from './profile-cache';
import type { Profile } from './types';

const T0 = Date.UTC(2025, 2, 14, 8, 0, 0);
const FIVE_MINUTES = 5 * 60 * 1000;

const PROFILE_BODY = {
  name: 'Anna Nowak',
  role: 'manager',
  assignedPermissions: ['VIEW_ALL_USER_DATA'],
  revokedPermissions: ['ACCESS_DEBUG_TOOLS'],
  worker: null,
};

const PROFILE: Profile = {
  name: 'Anna Nowak',
  role: 'manager',
  assignedPermissions: ['VIEW_ALL_USER_DATA'],
  revokedPermissions: ['ACCESS_DEBUG_TOOLS'],
  worker: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeFetch(answer: () => Promise<Response> = () => Promise.resolve(json(PROFILE_BODY))) {
  return vi.fn<typeof fetch>(() => answer());
}

/** A clock the test moves by hand. */
function clock(start = T0) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('loadProfile', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete window.appLogger;
  });

  it('asks GET /api/profiles with the bearer token and a JSON content type', async () => {
    const fetcher = fakeFetch();
    const profile = await loadProfile('uid-1', 'token-abc', { fetcher, now: clock().now });
    expect(profile).toEqual(PROFILE);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe('/api/profiles');
    expect(init?.method ?? 'GET').toBe('GET');
    expect(init?.headers).toEqual({ Authorization: 'Bearer token-abc', 'Content-Type': 'application/json' });
  });

  it('stores the profile with a timestamp in sessionStorage profile-{uid}', async () => {
    await loadProfile('uid-1', 'token', { fetcher: fakeFetch(), now: clock().now });
    expect(profileCacheKey('uid-1')).toBe('profile-uid-1');
    const stored = JSON.parse(sessionStorage.getItem('profile-uid-1') ?? 'null') as unknown;
    expect(stored).toEqual({ data: PROFILE, timestamp: T0 });
  });

  it('answers from the cache for 5 minutes and fetches again after', async () => {
    const fetcher = fakeFetch();
    const time = clock();
    await loadProfile('uid-1', 'token', { fetcher, now: time.now });

    time.advance(FIVE_MINUTES - 1);
    expect(await loadProfile('uid-1', 'token', { fetcher, now: time.now })).toEqual(PROFILE);
    expect(fetcher).toHaveBeenCalledTimes(1);

    time.advance(1);
    expect(await loadProfile('uid-1', 'token', { fetcher, now: time.now })).toEqual(PROFILE);
    expect(fetcher).toHaveBeenCalledTimes(2);
    const stored = JSON.parse(sessionStorage.getItem('profile-uid-1') ?? 'null') as { timestamp: number };
    expect(stored.timestamp).toBe(T0 + FIVE_MINUTES);
  });

  it('keeps one cache per user', async () => {
    const fetcher = fakeFetch();
    const { now } = clock();
    await loadProfile('uid-1', 'token-1', { fetcher, now });
    await loadProfile('uid-2', 'token-2', { fetcher, now });
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem('profile-uid-1')).not.toBeNull();
    expect(sessionStorage.getItem('profile-uid-2')).not.toBeNull();
  });

  it('fetches again when forced, despite a fresh cache', async () => {
    const fetcher = fakeFetch();
    const { now } = clock();
    await loadProfile('uid-1', 'token', { fetcher, now });
    await loadProfile('uid-1', 'token', { fetcher, now, force: true });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('fetches again after clearProfileCache', async () => {
    const fetcher = fakeFetch();
    const { now } = clock();
    await loadProfile('uid-1', 'token', { fetcher, now });
    clearProfileCache('uid-1');
    expect(sessionStorage.getItem('profile-uid-1')).toBeNull();
    await loadProfile('uid-1', 'token', { fetcher, now });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('ignores an unreadable cache entry', async () => {
    sessionStorage.setItem('profile-uid-1', '{not json');
    const fetcher = fakeFetch();
    expect(await loadProfile('uid-1', 'token', { fetcher, now: clock().now })).toEqual(PROFILE);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('shares one fetch between concurrent calls for a user', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetcher = fakeFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { now } = clock();
    const first = loadProfile('uid-1', 'token', { fetcher, now });
    const second = loadProfile('uid-1', 'token', { fetcher, now });
    const forced = loadProfile('uid-1', 'token', { fetcher, now, force: true });
    expect(fetcher).toHaveBeenCalledTimes(1);
    answer(json(PROFILE_BODY));
    const results = await Promise.all([first, second, forced]);
    expect(results).toEqual([PROFILE, PROFILE, PROFILE]);

    // Once settled, the next forced call is a new request.
    const next = fakeFetch();
    await loadProfile('uid-1', 'token', { fetcher: next, now, force: true });
    expect(next).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('accepts the profile wrapped in data', async () => {
    const fetcher = fakeFetch(() => Promise.resolve(json({ data: PROFILE_BODY })));
    expect(await loadProfile('uid-1', 'token', { fetcher, now: clock().now })).toEqual(PROFILE);
  });

  it('fills missing fields with empty values and drops non-string permissions', async () => {
    const fetcher = fakeFetch(() =>
      Promise.resolve(json({ data: { assignedPermissions: ['SUBMIT_BUG_REPORT', 7, null] } })),
    );
    expect(await loadProfile('uid-1', 'token', { fetcher, now: clock().now })).toEqual({
      name: null,
      role: undefined,
      assignedPermissions: ['SUBMIT_BUG_REPORT'],
      revokedPermissions: [],
      worker: null,
    });
  });

  it('logs a network failure to the console and yields no profile', async () => {
    const fetcher = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadProfile('uid-1', 'token', { fetcher, now: clock().now })).toBeNull();
    expect(console.error).toHaveBeenCalledWith('Failed to load the profile', expect.any(TypeError));
    expect(sessionStorage.getItem('profile-uid-1')).toBeNull();
  });

  it('logs an error answer to window.appLogger when the page has one, and caches nothing', async () => {
    const appLogger = { error: vi.fn() };
    window.appLogger = appLogger;
    const fetcher = fakeFetch(() => Promise.resolve(json({ error: 'boom' }, 500)));
    expect(await loadProfile('uid-1', 'token', { fetcher, now: clock().now })).toBeNull();
    expect(appLogger.error).toHaveBeenCalledWith('Failed to load the profile', expect.any(Error));
    expect(console.error).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('profile-uid-1')).toBeNull();
  });

  it('tries again after a failure instead of remembering it', async () => {
    const { now } = clock();
    const failing = fakeFetch(() => Promise.reject(new TypeError('offline')));
    expect(await loadProfile('uid-1', 'token', { fetcher: failing, now })).toBeNull();
    const working = fakeFetch();
    expect(await loadProfile('uid-1', 'token', { fetcher: working, now })).toEqual(PROFILE);
    expect(working).toHaveBeenCalledTimes(1);
  });
});
