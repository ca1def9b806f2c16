import type { IdTokenResult, User } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from './api';

vi.mock('../firebase', () => ({ firebaseAuth: () => ({}) }));

const tokenResult: { current: Partial<IdTokenResult> } = { current: {} };
vi.mock('firebase/auth', () => ({
  getIdTokenResult: () => Promise.resolve(tokenResult.current),
  getIdToken: vi.fn(),
  onIdTokenChanged: vi.fn(),
  signOut: vi.fn(),
}));

const user = { uid: 'u1', email: 'u1@example.com', displayName: 'Jan' } as User;

describe('readSession', () => {
  it("dates the token by its issue time (iat), not by the sign-in's time (auth_time)", async () => {
    // An hourly refresh: the token was issued just now for a sign-in an hour ago.
    tokenResult.current = {
      token: 'refreshed',
      issuedAtTime: 'Fri, 14 Mar 2025 09:00:00 GMT',
      authTime: 'Fri, 14 Mar 2025 08:00:00 GMT',
      claims: { role: 'foreman' },
    };
    await expect(readSession(user)).resolves.toEqual({
      account: { uid: 'u1', email: 'u1@example.com', displayName: 'Jan' },
      token: 'refreshed',
      issuedAtMs: Date.UTC(2025, 2, 14, 9, 0, 0),
      roleClaim: 'foreman',
    });
  });
});
