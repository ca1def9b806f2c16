// The 15-minute session, enforced by the server too: the web signs a user out after 15 minutes
// without activity, but a token that stays behind (a tab left open on a shared phone with its timer
// stopped, a copied token) would work for up to an hour. The functions keep, per sign-in (the ID
// token's `auth_time`), when that session was last active: every callable call counts, and the web
// says so while its user is active (the keepSessionAlive callable, at most every few minutes).
import { SESSION_TIMEOUT_MS } from './constants.js';

const MINUTE = 60 * 1000;

/** Slack for clocks and for the web's last-minute warning dialog before the server says no. */
export const SERVER_SESSION_GRACE_MS = 2 * MINUTE;

/** Activity is written at most this often per session, so a busy session costs one write a minute. */
export const SESSION_ACTIVITY_WRITE_EVERY_MS = MINUTE;

/** How often the web tells the server its user is active: well inside the timeout. */
export const SESSION_KEEP_ALIVE_EVERY_MS = 4 * MINUTE;

/** How long a session's record is kept (a TTL policy on `sessions.expireAt` deletes it then). */
export const SESSION_RECORD_TTL_MS = 24 * 60 * MINUTE;

/** The collection of session records: `sessions/{uid}_{auth_time}`; only functions read or write it. */
export const SESSIONS_COLLECTION = 'sessions';

export type SessionActivityInput = {
  /** When the user signed in (the token's `auth_time`, in milliseconds); null when the token has none. */
  signedInAt: number | null;
  /** The last activity recorded for this sign-in; null when none is. */
  lastActivityAt: number | null;
  now: number;
};

export type SessionActivityDecision =
  /** The session went quiet for longer than the timeout (or cannot be dated): refuse the call. */
  | { isExpired: true }
  /** Let the call through; `shouldRecord`: write `now` as the session's last activity. */
  | { isExpired: false; shouldRecord: boolean };

/**
 * Decides one call: the session's last sign of life is its last recorded activity or, before any,
 * the sign-in itself; quiet for more than SESSION_TIMEOUT_MS plus the grace, it is over. A token
 * without a sign-in time is refused (fail closed).
 */
export function decideSessionActivity(input: SessionActivityInput): SessionActivityDecision {
  const { signedInAt, lastActivityAt, now } = input;
  if (signedInAt === null || !Number.isFinite(signedInAt)) return { isExpired: true };
  const lastSign = Math.max(signedInAt, lastActivityAt ?? 0);
  if (now - lastSign > SESSION_TIMEOUT_MS + SERVER_SESSION_GRACE_MS) return { isExpired: true };
  const shouldRecord = lastActivityAt === null || now - lastActivityAt >= SESSION_ACTIVITY_WRITE_EVERY_MS;
  return { isExpired: false, shouldRecord };
}
