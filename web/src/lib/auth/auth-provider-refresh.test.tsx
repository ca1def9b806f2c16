// An open tab asks for a fresh token every REFRESH_CHECK_MS: a disabled account or one whose
// tokens a role change revoked is signed out then, not at the hourly refresh.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProbe as Probe } from '../../testing/auth';
import { authFetch, emitUser as emit, fakeAuth, fakeUser, resetFakeAuth } from '../../testing/fake-auth-api';
import { AuthProvider, REFRESH_CHECK_MS } from './auth-provider';
import { resetAuthRulesCache } from './auth-rules';

vi.mock('./api', async () => (await import('../../testing/fake-auth-api')).fakeAuthApi);

const worker = fakeUser('u1');
const { refreshOrSignOut } = fakeAuth;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetFakeAuth();
  fakeAuth.currentUser.mockImplementation(() => worker);
  resetAuthRulesCache();
  vi.stubGlobal('fetch', authFetch());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AuthProvider: the check of an open tab', () => {
  it('refreshes the signed-in user’s token once a minute', async () => {
    expect(REFRESH_CHECK_MS).toBe(60_000);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await act(async () => emit(worker));
    expect(await screen.findByText('Jan Nowak')).toBeInTheDocument();
    expect(refreshOrSignOut).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(REFRESH_CHECK_MS));
    expect(refreshOrSignOut).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(REFRESH_CHECK_MS));
    expect(refreshOrSignOut).toHaveBeenCalledTimes(2);
  });
});
