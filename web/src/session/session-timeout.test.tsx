// The session as the app runs it: the real AuthProvider (Firebase calls mocked) and the session timeout
// mounted above the routes, through sign-outs that were no session end and later sign-ins on one page.
import '../i18n';
import { SESSION_TIMEOUT_MS } from '@domain';
import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth/auth-provider';
import { resetAuthRulesCache } from '../lib/auth/auth-rules';
import { authFetch, emitUser as emit, fakeAuth, fakeUser, resetFakeAuth } from '../testing/fake-auth-api';
import type { SessionMessage } from './session-core';
import { type BroadcastChannelLike, preloadSessionWarning } from './session-manager';
import { SessionTimeout, preloadSessionManager } from './session-timeout';

const START = Date.UTC(2025, 0, 6, 8, 0, 0);
const MINUTE = 60 * 1000;
const TIMEOUT = SESSION_TIMEOUT_MS;

vi.mock('../lib/auth/api', async () => (await import('../testing/fake-auth-api')).fakeAuthApi);

const { signOutOfFirebase } = fakeAuth;
const fetchMock = authFetch();

beforeAll(async () => {
  await preloadSessionManager();
  await preloadSessionWarning();
});

beforeEach(() => {
  vi.useFakeTimers({
    now: START,
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
  });
  resetFakeAuth();
  resetAuthRulesCache();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A BroadcastChannel that records what this tab announces (no other tab listens). */
function recordingChannel() {
  const sent: SessionMessage[] = [];
  const factory = (): BroadcastChannelLike => ({
    postMessage: (message) => sent.push(message),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    close: () => undefined,
  });
  return { sent, factory };
}

function renderApp() {
  const channel = recordingChannel();
  render(
    <AuthProvider>
      <SessionTimeout channelFactory={channel.factory} />
    </AuthProvider>,
  );
  return channel;
}

/** An auth state from the SDK: a sign-in, a token refresh, or (null) a sign-out. */
async function authState(uid: string | null) {
  await act(async () => emit(uid === null ? null : fakeUser(uid)));
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const storedExpiry = () => Number(localStorage.getItem('sessionExpiresAt'));

describe('a sign-out that was no session end, then a sign-in on the same page', () => {
  it('gives the next user a fresh session instead of the restored one', async () => {
    // The page was reloaded during a session that has ten minutes left.
    localStorage.setItem('sessionExpiresAt', String(START + 10 * MINUTE));
    const channel = renderApp();
    await authState('u1');
    expect(storedExpiry()).toBe(START + 10 * MINUTE);

    advance(2 * MINUTE);
    // The account was disabled: the token check signs out; the session did not end it.
    await authState(null);
    advance(MINUTE);
    await authState('u2');

    expect(storedExpiry()).toBe(START + 3 * MINUTE + TIMEOUT);
    expect(channel.sent.at(-1)).toMatchObject({ type: 'SESSION_STARTED', expiresAt: storedExpiry() });
    advance(TIMEOUT - MINUTE);
    expect(signOutOfFirebase).not.toHaveBeenCalled();
    advance(MINUTE);
    expect(signOutOfFirebase).toHaveBeenCalledTimes(1);
  });

  it('does not sign the next user out when the old expiry has passed meanwhile', async () => {
    localStorage.setItem('sessionExpiresAt', String(START + 2 * MINUTE));
    renderApp();
    await authState('u1');
    advance(MINUTE);
    await authState(null);
    advance(5 * MINUTE);
    await authState('u2');

    expect(signOutOfFirebase).not.toHaveBeenCalled();
    expect(storedExpiry()).toBe(START + 6 * MINUTE + TIMEOUT);
    advance(TIMEOUT - 1000);
    expect(signOutOfFirebase).not.toHaveBeenCalled();
  });

  it('gives the restored user a fresh session too when they sign in again', async () => {
    localStorage.setItem('sessionExpiresAt', String(START + 10 * MINUTE));
    renderApp();
    await authState('u1');
    advance(MINUTE);
    await authState(null);
    await authState('u1');
    expect(storedExpiry()).toBe(START + MINUTE + TIMEOUT);
  });

  it('gives a fresh session to a user who takes over without a sign-out in between', async () => {
    localStorage.setItem('sessionExpiresAt', String(START + 10 * MINUTE));
    renderApp();
    await authState('u1');
    advance(MINUTE);
    await authState('u2');
    expect(storedExpiry()).toBe(START + MINUTE + TIMEOUT);
  });
});

describe('the session runs once per page', () => {
  it('keeps the restored session through token refreshes of the same user', async () => {
    localStorage.setItem('sessionExpiresAt', String(START + 10 * MINUTE));
    const channel = renderApp();
    await authState('u1');
    advance(5 * MINUTE);
    await authState('u1');
    expect(storedExpiry()).toBe(START + 10 * MINUTE);
    expect(channel.sent).toEqual([]);
    advance(5 * MINUTE);
    expect(signOutOfFirebase).toHaveBeenCalledTimes(1);
  });

  it('signs a restored sign-in out whose stored session is over', async () => {
    localStorage.setItem('sessionExpiresAt', String(START - 1));
    renderApp();
    await authState('u1');
    expect(signOutOfFirebase).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('sessionExpiresAt')).toBeNull();
  });

  it('after a session ended at zero, starts a fresh one for the next user', async () => {
    localStorage.setItem('sessionExpiresAt', String(START + MINUTE));
    const channel = renderApp();
    await authState('u1');
    advance(MINUTE);
    expect(signOutOfFirebase).toHaveBeenCalledTimes(1);
    expect(channel.sent.at(-1)).toMatchObject({ type: 'SESSION_ENDED', manual: false });
    expect(localStorage.getItem('sessionExpiresAt')).toBeNull();

    advance(30_000);
    await authState('u2');
    expect(storedExpiry()).toBe(START + 90_000 + TIMEOUT);
    advance(TIMEOUT - 1000);
    expect(signOutOfFirebase).toHaveBeenCalledTimes(1);
  });

  it('stays idle for a visitor who never signs in', async () => {
    const channel = renderApp();
    await authState(null);
    advance(TIMEOUT);
    expect(localStorage.getItem('sessionExpiresAt')).toBeNull();
    expect(channel.sent).toEqual([]);
  });
});
