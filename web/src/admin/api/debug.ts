import { getIdTokenResult } from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase';

// The security debug's read of the caller's own ID token (/admin/debug); the debug callables,
// which the server allows only to an admin holding ACCESS_DEBUG_TOOLS, are called with call().

/** What the caller's ID token says, as the security debug shows it. */
export type TokenClaims = {
  /** The raw `role` custom claim; undefined when the token carries none. */
  roleClaim: unknown;
  /** When the user signed in (auth_time). */
  authTime: Date | null;
  /** When this token was issued (iat). */
  issuedAt: Date | null;
  /** When this token expires (exp). */
  expiresAt: Date | null;
  signInProvider: string | null;
  /** Every claim of the token, for the raw view. */
  claims: Record<string, unknown>;
};

function toDate(value: string | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * Reads the signed-in user's ID token claims; `forceRefresh` fetches a new token from the server
 * first (which also makes the auth state pick up a changed role). Null when nobody is signed in.
 */
export async function readTokenClaims(forceRefresh = false): Promise<TokenClaims | null> {
  const user = firebaseAuth().currentUser;
  if (!user) return null;
  const result = await getIdTokenResult(user, forceRefresh);
  return {
    roleClaim: result.claims.role,
    authTime: toDate(result.authTime),
    issuedAt: toDate(result.issuedAtTime),
    expiresAt: toDate(result.expirationTime),
    signInProvider: result.signInProvider,
    claims: { ...result.claims },
  };
}
