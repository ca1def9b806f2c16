import {
  type AdminUserRow,
  type LogLevel,
  type TestPermissionInput,
  type TestPermissionResponse,
  type TestSecurityLogInput,
  type TestSecurityLogResponse,
} from '@domain';
import { getIdTokenResult } from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase';
import { call } from '../../lib/call';

// The debug tools' calls (/admin/debug): the caller's own ID token, and the debug callables,
// which the server allows only to an admin holding ACCESS_DEBUG_TOOLS.

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

/** Users whose name or e-mail matches, for the permission test's user picker (first 10). */
export async function searchUsers(search: string): Promise<AdminUserRow[]> {
  const response = await call('listUsers', { search, pageSize: 10 });
  return response.rows;
}

/** The server's answer whether a user holds a permission, and why. */
export function testPermission(request: TestPermissionInput): Promise<TestPermissionResponse> {
  return call('testPermission', request);
}

/** Writes a test entry to the security log and the functions log. */
export function testSecurityLog(request: TestSecurityLogInput): Promise<TestSecurityLogResponse> {
  return call('testSecurityLog', request);
}

/** The backend log level stored in config/logging. */
export async function getBackendLogLevel(): Promise<LogLevel> {
  const response = await call('getBackendLogLevel');
  return response.level;
}

/** Saves the backend log level; the functions pick it up within a minute. */
export async function setBackendLogLevel(level: LogLevel): Promise<LogLevel> {
  const response = await call('setBackendLogLevel', { level });
  return response.level;
}
