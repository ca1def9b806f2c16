// The session-timeout rules of spec section 4 "Session" as pure functions. Time is always a parameter
// so every rule can be tested to the millisecond; session-manager.tsx does the timers, storage and channel.
import { CROSS_TAB_MESSAGE_MAX_AGE_MS } from '@domain';

/** localStorage key: the session expiry as a millisecond timestamp string. */
export const SESSION_EXPIRES_AT_KEY = 'sessionExpiresAt';
/** localStorage key: `"true"` after an explicit logout, so the next sign-in starts a fresh session. */
export const MANUAL_LOGOUT_KEY = 'manualLogout';
/** The BroadcastChannel name every tab of the app shares. */
export const SESSION_CHANNEL_NAME = 'session';

export type SessionPhase = 'active' | 'warning' | 'expired';

export type SessionMessageType = 'SESSION_STARTED' | 'SESSION_EXTENDED' | 'SESSION_ENDED';

/** What tabs tell each other on the BroadcastChannel. */
export type SessionMessage = {
  type: SessionMessageType;
  expiresAt?: number;
  manual?: boolean;
  sentAt: number;
};

/** The two localStorage values the rules read. */
export type StoredSession = {
  /** Null when missing or not a valid timestamp. */
  expiresAt: number | null;
  hasManualLogoutFlag: boolean;
};

export type AuthDecisionInput = {
  isSignedIn: boolean;
  /** The first auth state of the page already had this user (no login happened in this page life). */
  isRestoredSignIn: boolean;
  stored: StoredSession;
  now: number;
  timeoutMs: number;
  /** When the account last signed in (Firebase's lastSignInTime), ms; null when unknown. */
  signedInAt?: number | null;
};

/**
 * - `idle`: nobody is signed in; there is no session to run.
 * - `start`: a new session; write the expiry, clear the manual-logout flag when set, announce SESSION_STARTED.
 * - `resume`: a restored sign-in continues the stored, still running session.
 * - `sign-out`: a restored sign-in whose stored session is over or unknown; remove the expiry and sign out.
 */
export type AuthDecision =
  | { kind: 'idle' }
  | { kind: 'start'; expiresAt: number; shouldClearManualLogout: boolean }
  | { kind: 'resume'; expiresAt: number }
  | { kind: 'sign-out' };

/** What a message or storage change from another tab means for this tab. */
export type RemoteEffect =
  { kind: 'ignore' } | { kind: 'adopt'; expiresAt: number } | { kind: 'end'; isManual: boolean };

/** Parses the stored expiry; anything but a finite positive integer counts as missing. */
export function parseExpiresAt(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The value written to localStorage `sessionExpiresAt`. */
export function serializeExpiresAt(expiresAt: number): string {
  return String(Math.round(expiresAt));
}

/** True only for the exact stored value `"true"`. */
export function isManualLogoutValue(raw: string | null | undefined): boolean {
  return raw === 'true';
}

/** The expiry of a session that starts (or is extended) at `now`: always the full timeout. */
export function newExpiry(now: number, timeoutMs: number): number {
  return now + timeoutMs;
}

/** Extending gives the full timeout again, counted from `now`. */
export const extendedExpiry = newExpiry;

/**
 * Decides what a resolved auth state means for the session.
 * A fresh login always starts a new session. A restored sign-in starts a new one when the manual-logout flag
 * is set (the user logged out on purpose and is back); it resumes a running stored session; and it is signed
 * out when the stored expiry has passed (the tab was closed past the timeout) or none is stored (fail closed).
 */
export function decideOnAuth(input: AuthDecisionInput): AuthDecision {
  const { isSignedIn, isRestoredSignIn, stored, now, timeoutMs } = input;
  if (!isSignedIn) return { kind: 'idle' };
  const start: AuthDecision = {
    kind: 'start',
    expiresAt: newExpiry(now, timeoutMs),
    shouldClearManualLogout: stored.hasManualLogoutFlag,
  };
  if (!isRestoredSignIn || stored.hasManualLogoutFlag) return start;
  // Fail closed: a restored sign-in with no stored expiry (cleared, tampered with) cannot show that its
  // session still runs, unless its login itself is younger than the timeout (a reload right after the
  // login, before the expiry was written): that session runs from the login.
  if (stored.expiresAt === null) {
    const signedInAt = input.signedInAt ?? null;
    const isFreshLogin = signedInAt !== null && signedInAt <= now && now - signedInAt < timeoutMs;
    if (!isFreshLogin) return { kind: 'sign-out' };
    return { kind: 'start', expiresAt: newExpiry(signedInAt, timeoutMs), shouldClearManualLogout: false };
  }
  if (stored.expiresAt <= now) return { kind: 'sign-out' };
  return { kind: 'resume', expiresAt: stored.expiresAt };
}

/** Milliseconds left, never negative. */
export function remainingMs(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - now);
}

/** Whole seconds left, rounded up so the countdown shows 00:00 only at the moment of expiry. */
export function remainingSeconds(expiresAt: number, now: number): number {
  return Math.ceil(remainingMs(expiresAt, now) / 1000);
}

/** `expired` at or after the expiry, `warning` within the last `warningMs`, else `active`. */
export function sessionPhase(expiresAt: number, now: number, warningMs: number): SessionPhase {
  const left = expiresAt - now;
  if (left <= 0) return 'expired';
  if (left <= warningMs) return 'warning';
  return 'active';
}

/** How full the warning bar is: 1 when the warning starts, draining to 0 at expiry. */
export function warningProgress(expiresAt: number, now: number, warningMs: number): number {
  if (warningMs <= 0) return 0;
  return Math.min(1, Math.max(0, remainingMs(expiresAt, now) / warningMs));
}

/** `mm:ss`, e.g. 59 -> `00:59`, 75 -> `01:15`. */
export function formatCountdown(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The later of two expiries; a tab never shortens a session. */
export function laterExpiry(current: number | null, incoming: number): number {
  return current === null ? incoming : Math.max(current, incoming);
}

export function createSessionMessage(
  type: SessionMessageType,
  sentAt: number,
  details: { expiresAt?: number; isManual?: boolean } = {},
): SessionMessage {
  const message: SessionMessage = { type, sentAt };
  if (details.expiresAt !== undefined) message.expiresAt = details.expiresAt;
  if (details.isManual !== undefined) message.manual = details.isManual;
  return message;
}

const MESSAGE_TYPES: readonly string[] = ['SESSION_STARTED', 'SESSION_EXTENDED', 'SESSION_ENDED'];

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Checks data from the channel: another app version or page could post anything. */
export function isSessionMessage(value: unknown): value is SessionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.type !== 'string' || !MESSAGE_TYPES.includes(record.type)) return false;
  if (!isFiniteNumber(record.sentAt)) return false;
  if (record.expiresAt !== undefined && !isFiniteNumber(record.expiresAt)) return false;
  if (record.manual !== undefined && typeof record.manual !== 'boolean') return false;
  return true;
}

/** A message sent more than `maxAgeMs` before `now` is stale (exactly `maxAgeMs` old still counts). */
export function isStaleMessage(
  message: Pick<SessionMessage, 'sentAt'>,
  now: number,
  maxAgeMs: number = CROSS_TAB_MESSAGE_MAX_AGE_MS,
): boolean {
  return now - message.sentAt > maxAgeMs;
}

/**
 * What a BroadcastChannel message means for this tab, whose session expires at `currentExpiresAt`
 * (null when it has no running session, which makes every message irrelevant).
 * STARTED and EXTENDED are adopted only when they carry a later expiry; ENDED ends this tab too,
 * passing on whether it was a manual logout.
 */
export function applySessionMessage(
  data: unknown,
  currentExpiresAt: number | null,
  now: number,
  maxAgeMs: number = CROSS_TAB_MESSAGE_MAX_AGE_MS,
): RemoteEffect {
  if (!isSessionMessage(data) || currentExpiresAt === null) return { kind: 'ignore' };
  if (isStaleMessage(data, now, maxAgeMs)) return { kind: 'ignore' };
  if (data.type === 'SESSION_ENDED') return { kind: 'end', isManual: data.manual === true };
  if (data.expiresAt === undefined || data.expiresAt <= currentExpiresAt) return { kind: 'ignore' };
  return { kind: 'adopt', expiresAt: data.expiresAt };
}

export type StorageChange = {
  /** Null when the whole storage was cleared. */
  key: string | null;
  newValue: string | null;
};

/**
 * What a `storage` event from another tab means (the fallback when BroadcastChannel is missing, and a second
 * sync path otherwise). A later stored expiry is adopted; a removed expiry or a set manual-logout flag means
 * the other tab ended the session. `hasManualLogoutFlag` is the flag as stored now: the logging-out tab sets
 * it before removing the expiry, so it is already visible when the removal arrives.
 */
export function applyStorageChange(
  change: StorageChange,
  currentExpiresAt: number | null,
  hasManualLogoutFlag: boolean,
): RemoteEffect {
  if (currentExpiresAt === null) return { kind: 'ignore' };
  if (change.key === MANUAL_LOGOUT_KEY) {
    return isManualLogoutValue(change.newValue) ? { kind: 'end', isManual: true } : { kind: 'ignore' };
  }
  if (change.key !== SESSION_EXPIRES_AT_KEY) return { kind: 'ignore' };
  if (change.newValue === null) return { kind: 'end', isManual: hasManualLogoutFlag };
  const incoming = parseExpiresAt(change.newValue);
  if (incoming === null || incoming <= currentExpiresAt) return { kind: 'ignore' };
  return { kind: 'adopt', expiresAt: incoming };
}
