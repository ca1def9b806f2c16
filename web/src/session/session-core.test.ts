import { CROSS_TAB_MESSAGE_MAX_AGE_MS, SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from '@domain';
import { describe, expect, it } from 'vitest';
import {
  MANUAL_LOGOUT_KEY,
  SESSION_EXPIRES_AT_KEY,
  applySessionMessage,
  applyStorageChange,
  createSessionMessage,
  decideOnAuth,
  extendedExpiry,
  formatCountdown,
  isSessionMessage,
  isStaleMessage,
  laterExpiry,
  newExpiry,
  parseExpiresAt,
  remainingMs,
  remainingSeconds,
  serializeExpiresAt,
  sessionPhase,
  warningProgress,
  type StoredSession,
} from './session-core';

const NOW = 1_700_000_000_000;
const TIMEOUT = SESSION_TIMEOUT_MS;
const WARNING = SESSION_WARNING_MS;
const nothingStored: StoredSession = { expiresAt: null, hasManualLogoutFlag: false };

function decide(isRestoredSignIn: boolean, stored: StoredSession, isSignedIn = true) {
  return decideOnAuth({ isSignedIn, isRestoredSignIn, stored, now: NOW, timeoutMs: TIMEOUT });
}

describe('constants used by the session', () => {
  it('match spec section 9', () => {
    expect(SESSION_TIMEOUT_MS).toBe(15 * 60 * 1000);
    expect(SESSION_WARNING_MS).toBe(60 * 1000);
    expect(CROSS_TAB_MESSAGE_MAX_AGE_MS).toBe(5000);
    expect(SESSION_EXPIRES_AT_KEY).toBe('sessionExpiresAt');
    expect(MANUAL_LOGOUT_KEY).toBe('manualLogout');
  });
});

describe('parseExpiresAt / serializeExpiresAt', () => {
  it('round-trips a millisecond timestamp', () => {
    expect(serializeExpiresAt(NOW + 1)).toBe('1700000000001');
    expect(parseExpiresAt(serializeExpiresAt(NOW + 1))).toBe(NOW + 1);
  });
  it.each([null, undefined, '', 'abc', '-5', '0', '1.5', 'NaN', '12abc', '1e12'])(
    'treats %s as missing',
    (raw) => {
      expect(parseExpiresAt(raw)).toBeNull();
    },
  );
});

describe('decideOnAuth', () => {
  it('does nothing while nobody is signed in', () => {
    expect(decide(false, nothingStored, false)).toEqual({ kind: 'idle' });
    expect(decide(true, { expiresAt: NOW - 1, hasManualLogoutFlag: true }, false)).toEqual({ kind: 'idle' });
  });

  it('starts a new session at login, whatever is stored', () => {
    const start = { kind: 'start', expiresAt: NOW + TIMEOUT, shouldClearManualLogout: false };
    expect(decide(false, nothingStored)).toEqual(start);
    expect(decide(false, { expiresAt: NOW - 1, hasManualLogoutFlag: false })).toEqual(start);
    expect(decide(false, { expiresAt: NOW + 10_000, hasManualLogoutFlag: false })).toEqual(start);
  });

  it('clears the manual-logout flag when a login starts the session', () => {
    expect(decide(false, { expiresAt: null, hasManualLogoutFlag: true })).toEqual({
      kind: 'start',
      expiresAt: NOW + TIMEOUT,
      shouldClearManualLogout: true,
    });
  });

  it('signs out a restored sign-in without a stored expiry (fail closed)', () => {
    expect(decide(true, nothingStored)).toEqual({ kind: 'sign-out' });
    const login = (signedInAt: number) =>
      decideOnAuth({
        isSignedIn: true,
        isRestoredSignIn: true,
        stored: nothingStored,
        now: NOW,
        timeoutMs: TIMEOUT,
        signedInAt,
      });
    expect(login(NOW - TIMEOUT)).toEqual({ kind: 'sign-out' });
    expect(login(NOW + 60_000)).toEqual({ kind: 'sign-out' });
  });

  it('runs the session from the login for a reload right after it, before the expiry was written', () => {
    expect(
      decideOnAuth({
        isSignedIn: true,
        isRestoredSignIn: true,
        stored: nothingStored,
        now: NOW,
        timeoutMs: TIMEOUT,
        signedInAt: NOW - 2000,
      }),
    ).toEqual({ kind: 'start', expiresAt: NOW - 2000 + TIMEOUT, shouldClearManualLogout: false });
  });

  it('restarts a restored sign-in with the manual-logout flag, even over a past or running expiry', () => {
    const restart = { kind: 'start', expiresAt: NOW + TIMEOUT, shouldClearManualLogout: true };
    expect(decide(true, { expiresAt: null, hasManualLogoutFlag: true })).toEqual(restart);
    expect(decide(true, { expiresAt: NOW - 1, hasManualLogoutFlag: true })).toEqual(restart);
    expect(decide(true, { expiresAt: NOW + 1, hasManualLogoutFlag: true })).toEqual(restart);
  });

  it('signs out a restored sign-in whose stored expiry has passed, to the millisecond', () => {
    expect(decide(true, { expiresAt: NOW - 1, hasManualLogoutFlag: false })).toEqual({ kind: 'sign-out' });
    expect(decide(true, { expiresAt: NOW, hasManualLogoutFlag: false })).toEqual({ kind: 'sign-out' });
    expect(decide(true, { expiresAt: NOW + 1, hasManualLogoutFlag: false })).toEqual({
      kind: 'resume',
      expiresAt: NOW + 1,
    });
  });

  it('resumes a restored sign-in with a running stored session', () => {
    expect(decide(true, { expiresAt: NOW + 5 * 60_000, hasManualLogoutFlag: false })).toEqual({
      kind: 'resume',
      expiresAt: NOW + 5 * 60_000,
    });
  });
});

describe('phase, remaining time and progress', () => {
  const expiresAt = NOW + TIMEOUT;

  it('is active until the last minute, warning in it, expired at zero', () => {
    expect(sessionPhase(expiresAt, NOW, WARNING)).toBe('active');
    expect(sessionPhase(expiresAt, expiresAt - WARNING - 1, WARNING)).toBe('active');
    expect(sessionPhase(expiresAt, expiresAt - WARNING, WARNING)).toBe('warning');
    expect(sessionPhase(expiresAt, expiresAt - 1, WARNING)).toBe('warning');
    expect(sessionPhase(expiresAt, expiresAt, WARNING)).toBe('expired');
    expect(sessionPhase(expiresAt, expiresAt + 1, WARNING)).toBe('expired');
  });

  it('counts remaining ms and whole seconds (rounded up), never below zero', () => {
    expect(remainingMs(expiresAt, expiresAt - 59_001)).toBe(59_001);
    expect(remainingMs(expiresAt, expiresAt + 5)).toBe(0);
    expect(remainingSeconds(expiresAt, expiresAt - 60_000)).toBe(60);
    expect(remainingSeconds(expiresAt, expiresAt - 59_001)).toBe(60);
    expect(remainingSeconds(expiresAt, expiresAt - 59_000)).toBe(59);
    expect(remainingSeconds(expiresAt, expiresAt - 1)).toBe(1);
    expect(remainingSeconds(expiresAt, expiresAt)).toBe(0);
  });

  it('drains the bar over the warning minute', () => {
    expect(warningProgress(expiresAt, NOW, WARNING)).toBe(1);
    expect(warningProgress(expiresAt, expiresAt - WARNING, WARNING)).toBe(1);
    expect(warningProgress(expiresAt, expiresAt - 30_000, WARNING)).toBe(0.5);
    expect(warningProgress(expiresAt, expiresAt - 15_000, WARNING)).toBe(0.25);
    expect(warningProgress(expiresAt, expiresAt, WARNING)).toBe(0);
    expect(warningProgress(expiresAt, expiresAt + 1000, WARNING)).toBe(0);
    expect(warningProgress(expiresAt, NOW, 0)).toBe(0);
  });

  it('formats the countdown as mm:ss', () => {
    expect(formatCountdown(60)).toBe('01:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(15 * 60)).toBe('15:00');
  });
});

describe('extending', () => {
  it('gives the full timeout from now', () => {
    expect(extendedExpiry(NOW, TIMEOUT)).toBe(NOW + 900_000);
    expect(newExpiry(NOW + 123, 90_000)).toBe(NOW + 90_123);
  });
});

describe('cross-tab messages', () => {
  const current = NOW + 60_000;

  it('builds the session message shapes', () => {
    expect(createSessionMessage('SESSION_STARTED', NOW, { expiresAt: current })).toEqual({
      type: 'SESSION_STARTED',
      expiresAt: current,
      sentAt: NOW,
    });
    expect(createSessionMessage('SESSION_ENDED', NOW, { isManual: true })).toEqual({
      type: 'SESSION_ENDED',
      manual: true,
      sentAt: NOW,
    });
  });

  it('accepts only well-formed messages', () => {
    expect(isSessionMessage({ type: 'SESSION_EXTENDED', expiresAt: 1, sentAt: 1 })).toBe(true);
    expect(isSessionMessage({ type: 'SESSION_ENDED', manual: false, sentAt: 1 })).toBe(true);
    expect(isSessionMessage(null)).toBe(false);
    expect(isSessionMessage('SESSION_ENDED')).toBe(false);
    expect(isSessionMessage({ type: 'OTHER', sentAt: 1 })).toBe(false);
    expect(isSessionMessage({ type: 'SESSION_ENDED' })).toBe(false);
    expect(isSessionMessage({ type: 'SESSION_EXTENDED', expiresAt: '1', sentAt: 1 })).toBe(false);
    expect(isSessionMessage({ type: 'SESSION_ENDED', manual: 'yes', sentAt: 1 })).toBe(false);
    expect(applySessionMessage({ type: 'bogus' }, current, NOW)).toEqual({ kind: 'ignore' });
  });

  it('ignores a message older than 5 s, to the millisecond', () => {
    expect(isStaleMessage({ sentAt: NOW - 5000 }, NOW)).toBe(false);
    expect(isStaleMessage({ sentAt: NOW - 5001 }, NOW)).toBe(true);
    const later = NOW + TIMEOUT;
    expect(
      applySessionMessage(
        createSessionMessage('SESSION_EXTENDED', NOW - 5000, { expiresAt: later }),
        current,
        NOW,
      ),
    ).toEqual({ kind: 'adopt', expiresAt: later });
    expect(
      applySessionMessage(
        createSessionMessage('SESSION_EXTENDED', NOW - 5001, { expiresAt: later }),
        current,
        NOW,
      ),
    ).toEqual({ kind: 'ignore' });
    expect(
      applySessionMessage(
        createSessionMessage('SESSION_ENDED', NOW - 5001, { isManual: true }),
        current,
        NOW,
      ),
    ).toEqual({ kind: 'ignore' });
  });

  it('lets the later expiry win for STARTED and EXTENDED, never shortening', () => {
    for (const type of ['SESSION_STARTED', 'SESSION_EXTENDED'] as const) {
      expect(
        applySessionMessage(createSessionMessage(type, NOW, { expiresAt: current + 1 }), current, NOW),
      ).toEqual({
        kind: 'adopt',
        expiresAt: current + 1,
      });
      expect(
        applySessionMessage(createSessionMessage(type, NOW, { expiresAt: current }), current, NOW),
      ).toEqual({
        kind: 'ignore',
      });
      expect(
        applySessionMessage(createSessionMessage(type, NOW, { expiresAt: current - 1 }), current, NOW),
      ).toEqual({
        kind: 'ignore',
      });
      expect(applySessionMessage(createSessionMessage(type, NOW), current, NOW)).toEqual({ kind: 'ignore' });
    }
    expect(laterExpiry(current, current - 1)).toBe(current);
    expect(laterExpiry(current, current + 1)).toBe(current + 1);
    expect(laterExpiry(null, current)).toBe(current);
  });

  it('ends this tab on SESSION_ENDED and passes on the manual-logout flag', () => {
    expect(
      applySessionMessage(createSessionMessage('SESSION_ENDED', NOW, { isManual: true }), current, NOW),
    ).toEqual({ kind: 'end', isManual: true });
    expect(
      applySessionMessage(createSessionMessage('SESSION_ENDED', NOW, { isManual: false }), current, NOW),
    ).toEqual({ kind: 'end', isManual: false });
    expect(applySessionMessage(createSessionMessage('SESSION_ENDED', NOW), current, NOW)).toEqual({
      kind: 'end',
      isManual: false,
    });
  });

  it('ignores every message while this tab has no session', () => {
    expect(
      applySessionMessage(createSessionMessage('SESSION_ENDED', NOW, { isManual: true }), null, NOW),
    ).toEqual({
      kind: 'ignore',
    });
    expect(
      applySessionMessage(createSessionMessage('SESSION_STARTED', NOW, { expiresAt: current }), null, NOW),
    ).toEqual({ kind: 'ignore' });
  });
});

describe('storage events', () => {
  const current = NOW + 60_000;

  it('adopts only a later stored expiry', () => {
    const change = (newValue: string | null) => ({ key: SESSION_EXPIRES_AT_KEY, newValue });
    expect(applyStorageChange(change(String(current + 1)), current, false)).toEqual({
      kind: 'adopt',
      expiresAt: current + 1,
    });
    expect(applyStorageChange(change(String(current)), current, false)).toEqual({ kind: 'ignore' });
    expect(applyStorageChange(change(String(current - 1)), current, false)).toEqual({ kind: 'ignore' });
    expect(applyStorageChange(change('garbage'), current, false)).toEqual({ kind: 'ignore' });
  });

  it('ends this tab when another removed the expiry, manual when the flag is stored', () => {
    const removed = { key: SESSION_EXPIRES_AT_KEY, newValue: null };
    expect(applyStorageChange(removed, current, false)).toEqual({ kind: 'end', isManual: false });
    expect(applyStorageChange(removed, current, true)).toEqual({ kind: 'end', isManual: true });
  });

  it('ends this tab as a manual logout when the flag is set, not when it is cleared', () => {
    expect(applyStorageChange({ key: MANUAL_LOGOUT_KEY, newValue: 'true' }, current, true)).toEqual({
      kind: 'end',
      isManual: true,
    });
    expect(applyStorageChange({ key: MANUAL_LOGOUT_KEY, newValue: null }, current, false)).toEqual({
      kind: 'ignore',
    });
  });

  it('ignores other keys, a cleared storage, and changes while this tab has no session', () => {
    expect(applyStorageChange({ key: 'theme', newValue: 'dark' }, current, false)).toEqual({
      kind: 'ignore',
    });
    expect(applyStorageChange({ key: null, newValue: null }, current, false)).toEqual({ kind: 'ignore' });
    expect(applyStorageChange({ key: SESSION_EXPIRES_AT_KEY, newValue: null }, null, true)).toEqual({
      kind: 'ignore',
    });
  });
});
