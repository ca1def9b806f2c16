// The token sync as the AuthProvider runs it (spec section 7): a POST whenever the ID token changes, only
// for a token issued under 5 minutes ago, whatever the age of the sign-in it belongs to.
import { act, render, screen } from '@testing-library/react';
import { MAX_ID_TOKEN_AGE_FOR_SYNC_MS } from '@domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '../../config/env';
import { AuthProbe as Probe } from '../../testing/auth';
import { authFetch, emitUser as emit, fakeAuth, fakeUser, resetFakeAuth } from '../../testing/fake-auth-api';
import { AuthProvider } from './auth-provider';
import { resetAuthRulesCache } from './auth-rules';

const SYNC_URL = '/api/session';
const START = Date.UTC(2025, 2, 14, 8, 0, 0);
const MINUTE = 60 * 1000;

vi.mock('../../config/env', async (importOriginal) => {
  const original = await importOriginal<typeof EnvModule>();
  return { ...original, appEnv: { ...original.appEnv, tokenSyncUrl: '/api/session' } };
});

vi.mock('./api', async () => (await import('../../testing/fake-auth-api')).fakeAuthApi);

/** What the next `getIdTokenResult` answers: the token and its issue time (iat). */
let nextToken = { value: 'token-0', issuedAtMs: START };

const fetchMock = authFetch(SYNC_URL);

/** The bearer tokens posted to the sync URL, in order, and how many DELETEs were sent. */
function syncCalls() {
  const calls = fetchMock.mock.calls.filter(([url]) => url === SYNC_URL);
  return {
    posted: calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string>).Authorization),
    deleted: calls.filter(([, init]) => init?.method === 'DELETE').length,
  };
}

/** An auth event with the token `getIdTokenResult` then answers. */
async function emitToken(value: string, issuedAtMs: number) {
  nextToken = { value, issuedAtMs };
  await act(async () => emit(fakeUser('u1')));
}

beforeEach(() => {
  vi.useFakeTimers({
    now: START,
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
  });
  fetchMock.mockClear();
  resetFakeAuth();
  fakeAuth.token = () => nextToken.value;
  fakeAuth.issuedAtMs = () => nextToken.issuedAtMs;
  resetAuthRulesCache();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AuthProvider token sync', () => {
  it('posts the token of the sign-in and the refreshed token an hour later, never a stale one', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await emitToken('sign-in-token', START);
    expect(screen.getByText('Jan Nowak')).toBeInTheDocument();
    expect(syncCalls().posted).toEqual(['Bearer sign-in-token']);

    // 55 minutes on, the SDK refreshes the token: a new iat, the same (old) sign-in.
    act(() => {
      vi.advanceTimersByTime(55 * MINUTE);
    });
    await emitToken('hourly-token', Date.now());
    expect(syncCalls().posted).toEqual(['Bearer sign-in-token', 'Bearer hourly-token']);

    // A token issued 5 minutes ago or longer is not posted: the server would refuse it.
    act(() => {
      vi.advanceTimersByTime(MINUTE);
    });
    await emitToken('stale-token', Date.now() - MAX_ID_TOKEN_AGE_FOR_SYNC_MS);
    await emitToken('unknown-age-token', Number.NaN);
    expect(syncCalls().posted).toEqual(['Bearer sign-in-token', 'Bearer hourly-token']);

    // The same token again (a second event for it) is not posted twice.
    await emitToken('fresh-token', Date.now() - 4 * MINUTE);
    await emitToken('fresh-token', Date.now() - 4 * MINUTE);
    expect(syncCalls().posted).toEqual(['Bearer sign-in-token', 'Bearer hourly-token', 'Bearer fresh-token']);

    await act(async () => emit(null));
    expect(syncCalls().deleted).toBe(1);
  });
});
