// An open tab asks for a fresh token every REFRESH_CHECK_MS (issue 15, item 1): a disabled account or one whose
// tokens a role change revoked is signed out then, not at the hourly refresh.
import { act, render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { AUTH_RULES } from '@domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth-context';
import { AuthProvider, REFRESH_CHECK_MS } from './auth-provider';
import { resetAuthRulesCache } from './auth-rules';

let emit: (user: User | null) => void = () => undefined;
const worker = { uid: 'u1', email: 'u1@example.com' } as User;
const refreshOrSignOut = vi.fn((_user: User) => Promise.resolve(false));

vi.mock('./api', () => ({
  watchIdToken: (callback: (user: User | null) => void) => {
    emit = callback;
    return () => undefined;
  },
  readSession: (user: User) =>
    Promise.resolve({
      account: { uid: user.uid, email: user.email, displayName: null },
      token: 'token',
      issuedAtMs: Date.now(),
      roleClaim: 'user',
    }),
  currentUser: () => worker,
  refreshOrSignOut: (user: User) => refreshOrSignOut(user),
  signOutOfFirebase: () => Promise.resolve(),
}));

function Probe() {
  const { isLoading, user } = useAuth();
  return <p>{isLoading ? 'loading' : (user?.name ?? 'signed out')}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetAuthRulesCache();
  refreshOrSignOut.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            data: url.includes('auth-rules')
              ? AUTH_RULES
              : { name: 'Jan Nowak', assignedPermissions: [], revokedPermissions: [], worker: null },
          }),
        ),
      ),
    ),
  );
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
