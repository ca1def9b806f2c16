import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProbe } from '../../testing/auth';
import {
  authFetch,
  fakeAuth,
  emitUser as emit,
  fakeUser,
  profileResponse,
  resetFakeAuth,
} from '../../testing/fake-auth-api';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';
import { resetAuthRulesCache } from './auth-rules';
import { forgetCachedProfiles } from './profile-cache';

vi.mock('./api', async () => (await import('../../testing/fake-auth-api')).fakeAuthApi);

const states: { isLoading: boolean; name: string | null }[] = [];

function Probe() {
  return (
    <AuthProbe onRender={({ isLoading, user }) => states.push({ isLoading, name: user?.name ?? null })} />
  );
}

const fetchMock = authFetch();

beforeEach(() => {
  states.length = 0;
  resetFakeAuth();
  fakeAuth.roleClaim = 'foreman';
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
    forgetCachedProfiles();
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
