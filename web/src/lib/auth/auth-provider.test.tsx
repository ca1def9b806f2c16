import { act, render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_RULES } from '@domain';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';
import { resetAuthRulesCache } from './auth-rules';

let emit: (user: User | null) => void = () => undefined;

vi.mock('./api', () => ({
  watchIdToken: (callback: (user: User | null) => void) => {
    emit = callback;
    return () => undefined;
  },
  readSession: (user: User) =>
    Promise.resolve({
      account: { uid: user.uid, email: user.email, displayName: null },
      token: `token-${Math.random()}`,
      issuedAtMs: Date.now(),
      roleClaim: 'foreman',
    }),
  currentUser: () => null,
  refreshOrSignOut: () => Promise.resolve(false),
  signOutOfFirebase: () => Promise.resolve(),
}));

const states: { isLoading: boolean; name: string | null }[] = [];

function Probe() {
  const { isLoading, user } = useAuth();
  states.push({ isLoading, name: user?.name ?? null });
  return <p>{isLoading ? 'loading' : (user?.name ?? 'signed out')}</p>;
}

const profileResponse = () =>
  new Response(
    JSON.stringify({
      data: { name: 'Jan Nowak', assignedPermissions: [], revokedPermissions: [], worker: null },
    }),
  );

const fakeUser = (uid: string) => ({ uid, email: `${uid}@example.com` }) as User;

const fetchMock = vi.fn((url: string) =>
  Promise.resolve(
    url.includes('auth-rules') ? new Response(JSON.stringify({ data: AUTH_RULES })) : profileResponse(),
  ),
);

beforeEach(() => {
  states.length = 0;
  resetAuthRulesCache();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthProvider', () => {
  it('keeps the screen during a token refresh of the same user, even when the profile refetch is slow', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => emit(fakeUser('u1')));
    expect(await screen.findByText('Jan Nowak')).toBeInTheDocument();

    // The cached profile has expired and the network is slow: the refetch is still pending.
    sessionStorage.clear();
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    states.length = 0;
    await act(async () => emit(fakeUser('u1')));
    expect(screen.getByText('Jan Nowak')).toBeInTheDocument();
    expect(states.some((state) => state.isLoading)).toBe(false);
    await act(async () => answer(profileResponse()));
    expect(screen.getByText('Jan Nowak')).toBeInTheDocument();
  });

  it('calls only the user of the first auth state a restored sign-in, until a sign-out or another user', async () => {
    const restored: Record<string, boolean>[] = [];
    function RestoredProbe() {
      const { isLoading, isRestoredSignIn, user } = useAuth();
      if (!isLoading) restored.push({ [user?.uid ?? 'nobody']: isRestoredSignIn });
      return null;
    }
    render(
      <AuthProvider>
        <RestoredProbe />
      </AuthProvider>,
    );
    await act(async () => emit(fakeUser('u1')));
    // A token refresh of the same user is still the restored sign-in.
    await act(async () => emit(fakeUser('u1')));
    expect(restored.at(-1)).toEqual({ u1: true });
    // The account was disabled or its token revoked: the SDK signs out without the session ending.
    await act(async () => emit(null));
    expect(restored.at(-1)).toEqual({ nobody: false });
    await act(async () => emit(fakeUser('u2')));
    expect(restored.at(-1)).toEqual({ u2: false });
    // Even the restored user signing in again is a new sign-in.
    await act(async () => emit(null));
    await act(async () => emit(fakeUser('u1')));
    expect(restored.at(-1)).toEqual({ u1: false });
  });

  it('does not call a different user a restored sign-in when no sign-out came between', async () => {
    const restored: boolean[] = [];
    function RestoredProbe() {
      const { isLoading, isRestoredSignIn, user } = useAuth();
      if (!isLoading && user) restored.push(isRestoredSignIn);
      return <p>{user?.uid ?? 'nobody'}</p>;
    }
    render(
      <AuthProvider>
        <RestoredProbe />
      </AuthProvider>,
    );
    await act(async () => emit(fakeUser('u1')));
    expect(restored.at(-1)).toBe(true);
    await act(async () => emit(fakeUser('u2')));
    expect(await screen.findByText('u2')).toBeInTheDocument();
    expect(restored.at(-1)).toBe(false);
  });

  it('does not call a sign-in a restored one when the page started signed out', async () => {
    const restored: boolean[] = [];
    function RestoredProbe() {
      const { isLoading, isRestoredSignIn, user } = useAuth();
      if (!isLoading && user) restored.push(isRestoredSignIn);
      return null;
    }
    render(
      <AuthProvider>
        <RestoredProbe />
      </AuthProvider>,
    );
    await act(async () => emit(null));
    await act(async () => emit(fakeUser('u1')));
    expect(restored).not.toHaveLength(0);
    expect(restored.every((value) => !value)).toBe(true);
  });

  it('shows loading again when a different user signs in', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await act(async () => emit(fakeUser('u1')));
    await screen.findByText('Jan Nowak');
    await act(async () => emit(null));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    sessionStorage.clear();
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await act(async () => emit(fakeUser('u2')));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => answer(profileResponse()));
    expect(await screen.findByText('Jan Nowak')).toBeInTheDocument();
  });
});
