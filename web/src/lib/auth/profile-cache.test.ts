import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearProfileCache, forgetCachedProfiles, loadProfile } from './profile-cache';
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

  it('sends the App Check token in X-Firebase-AppCheck when App Check is set up, as the server asks', async () => {
    const fetcher = fakeFetch();
    const appCheck = () => Promise.resolve('app-check-token');
    await loadProfile('uid-ac', 'token-abc', { fetcher, now: clock().now, appCheck });
    const [, init] = fetcher.mock.calls[0] ?? [];
    expect(init?.headers).toEqual({
      Authorization: 'Bearer token-abc',
      'Content-Type': 'application/json',
      'X-Firebase-AppCheck': 'app-check-token',
    });
  });

  it('keeps the profile (PESEL, bank account) in no web storage, only in memory', async () => {
    const fetcher = fakeFetch(() =>
      Promise.resolve(
        json({
          ...PROFILE_BODY,
          worker: { pesel: '85010112345', bankAccount: 'PL61109010140000071219812874' },
        }),
      ),
    );
    await loadProfile('uid-1', 'token', { fetcher, now: clock().now });
    const stored = [sessionStorage, localStorage]
      .flatMap((storage) => Object.keys(storage).map((key) => storage.getItem(key) ?? ''))
      .join('\n');
    expect(stored).not.toContain('85010112345');
    expect(stored).not.toContain('PL61109010140000071219812874');
    expect(await loadProfile('uid-1', 'token', { fetcher, now: clock().now })).toMatchObject({
      name: 'Anna Nowak',
    });
    expect(fetcher).toHaveBeenCalledTimes(1);

    // A sign-out forgets it: the next load asks the server.
    forgetCachedProfiles();
    await loadProfile('uid-1', 'token', { fetcher, now: clock().now });
    expect(fetcher).toHaveBeenCalledTimes(2);
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
    // Cached anew from the refetch: still fresh just under five minutes later.
    time.advance(FIVE_MINUTES - 1);
    await loadProfile('uid-1', 'token', { fetcher, now: time.now });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps one cache per user', async () => {
    const fetcher = fakeFetch();
    const { now } = clock();
    await loadProfile('uid-1', 'token-1', { fetcher, now });
    await loadProfile('uid-2', 'token-2', { fetcher, now });
    expect(fetcher).toHaveBeenCalledTimes(2);
    await loadProfile('uid-1', 'token-1', { fetcher, now });
    await loadProfile('uid-2', 'token-2', { fetcher, now });
    expect(fetcher).toHaveBeenCalledTimes(2);
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
    await loadProfile('uid-1', 'token', { fetcher, now });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('ignores a profile an earlier version left in sessionStorage', async () => {
    sessionStorage.setItem('profile-uid-1', JSON.stringify({ data: { name: 'Stale' }, timestamp: T0 }));
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
    // The fetch starts once the App Check token is known (a promise, even when there is none).
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
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
  });

  it('logs an error answer to window.appLogger when the page has one, and caches nothing', async () => {
    const appLogger = { error: vi.fn() };
    window.appLogger = appLogger;
    const fetcher = fakeFetch(() => Promise.resolve(json({ error: 'boom' }, 500)));
    expect(await loadProfile('uid-1', 'token', { fetcher, now: clock().now })).toBeNull();
    expect(appLogger.error).toHaveBeenCalledWith('Failed to load the profile', expect.any(Error));
    expect(console.error).not.toHaveBeenCalled();
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
