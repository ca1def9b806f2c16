// The Firebase Auth calls of lib/auth/api, faked for tests that mount the real AuthProvider, and the
// fetch answers it needs (auth rules, profile, token sync). A test file mocks the module with
//   vi.mock('<path>/lib/auth/api', async () => (await import('<path>/testing/fake-auth-api')).fakeAuthApi);
// and drives sign-ins with `emitUser`. vitest gives every test file its own copy of this module.
import { AUTH_RULES } from '@domain';
import type { User } from 'firebase/auth';
import { vi } from 'vitest';
import type * as AuthApi from '../lib/auth/api';

let listener: (user: User | null) => void = () => undefined;

/** What the fake answers; a test changes these for its case (and `resetFakeAuth` puts them back). */
export const fakeAuth = {
  roleClaim: 'user' as unknown,
  /** The ID token `readSession` reports for a user. */
  token: (user: User): string => `token-${user.uid}-${Date.now()}`,
  /** The token's issue time. */
  issuedAtMs: (): number => Date.now(),
  currentUser: vi.fn((): User | null => null),
  refreshOrSignOut: vi.fn((_user: User) => Promise.resolve(false)),
  /** As the SDK does: a sign-out reaches the auth listener. */
  signOutOfFirebase: vi.fn(() => {
    listener(null);
    return Promise.resolve();
  }),
};

const DEFAULTS = { ...fakeAuth };

/** Back to the defaults above, call records cleared. */
export function resetFakeAuth(): void {
  Object.assign(fakeAuth, DEFAULTS);
  fakeAuth.currentUser.mockReset().mockImplementation(() => null);
  fakeAuth.refreshOrSignOut.mockReset().mockImplementation(() => Promise.resolve(false));
  fakeAuth.signOutOfFirebase.mockClear();
}

/** The module that replaces lib/auth/api. */
export const fakeAuthApi: typeof AuthApi = {
  watchIdToken: (callback) => {
    listener = callback;
    return () => undefined;
  },
  readSession: (user) =>
    Promise.resolve({
      account: { uid: user.uid, email: user.email, displayName: null },
      token: fakeAuth.token(user),
      issuedAtMs: fakeAuth.issuedAtMs(),
      roleClaim: fakeAuth.roleClaim,
    }),
  currentUser: () => fakeAuth.currentUser(),
  refreshOrSignOut: (user) => fakeAuth.refreshOrSignOut(user),
  signOutOfFirebase: () => fakeAuth.signOutOfFirebase(),
};

/** An auth event: a sign-in or token change of `user`, or a sign-out (null). */
export function emitUser(user: User | null): void {
  listener(user);
}

export const fakeUser = (uid: string): User => ({ uid, email: `${uid}@example.com` }) as User;

export const PROFILE_NAME = 'Jan Nowak';

/** The body of `GET /api/profiles` for a user without a directory entry. */
export const profileResponse = (): Response =>
  new Response(
    JSON.stringify({
      data: { name: PROFILE_NAME, assignedPermissions: [], revokedPermissions: [], worker: null },
    }),
  );

/**
 * A fetch for the AuthProvider: the auth rules, the token sync URL (when given) and, for anything
 * else, the profile.
 */
export function authFetch(syncUrl?: string) {
  return vi.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(
      url.includes('auth-rules')
        ? new Response(JSON.stringify({ data: AUTH_RULES }))
        : url === syncUrl
          ? new Response(JSON.stringify({ data: { expiresInMs: 900_000 } }))
          : profileResponse(),
    ),
  );
}
