// localStorage access for the session. Storage can throw (private mode, quota, disabled cookies); the session
// then still runs in this tab, it only loses the cross-tab sync, so failures are logged and swallowed.
import { logger } from '../lib/logger';
import {
  MANUAL_LOGOUT_KEY,
  SESSION_EXPIRES_AT_KEY,
  isManualLogoutValue,
  parseExpiresAt,
  serializeExpiresAt,
  type StoredSession,
} from './session-core';

/** The part of `Storage` the session uses; tests may pass their own. */
export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): SessionStorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function attempt(action: string, run: (storage: SessionStorageLike) => void, storage?: SessionStorageLike) {
  const target = storage ?? browserStorage();
  if (!target) return;
  try {
    run(target);
  } catch (error) {
    logger.warn(`session: could not ${action} in localStorage`, error);
  }
}

export function readStoredSession(storage?: SessionStorageLike): StoredSession {
  const target = storage ?? browserStorage();
  if (!target) return { expiresAt: null, hasManualLogoutFlag: false };
  try {
    return {
      expiresAt: parseExpiresAt(target.getItem(SESSION_EXPIRES_AT_KEY)),
      hasManualLogoutFlag: isManualLogoutValue(target.getItem(MANUAL_LOGOUT_KEY)),
    };
  } catch {
    return { expiresAt: null, hasManualLogoutFlag: false };
  }
}

export function writeExpiresAt(expiresAt: number, storage?: SessionStorageLike): void {
  attempt(
    'save the expiry',
    (s) => s.setItem(SESSION_EXPIRES_AT_KEY, serializeExpiresAt(expiresAt)),
    storage,
  );
}

export function removeExpiresAt(storage?: SessionStorageLike): void {
  attempt('remove the expiry', (s) => s.removeItem(SESSION_EXPIRES_AT_KEY), storage);
}

export function setManualLogoutFlag(storage?: SessionStorageLike): void {
  attempt('set the manual-logout flag', (s) => s.setItem(MANUAL_LOGOUT_KEY, 'true'), storage);
}

export function clearManualLogoutFlag(storage?: SessionStorageLike): void {
  attempt('clear the manual-logout flag', (s) => s.removeItem(MANUAL_LOGOUT_KEY), storage);
}
