// Runs the session timeout of spec section 4 "Session" for the signed-in user; the rules live in session-core.
//
// Wiring: session-timeout.tsx mounts it once, above the routes, so it sees every sign-out -> sign-in of the
// page (a manager mounted anew per sign-in would take a later login for a restored sign-in).
// The logout button calls `await endSessionManually(signOut)` and then goes to /login.
//
// Tabs stay in step through a BroadcastChannel and, as a fallback and second path, `storage` events.
// Every tab writes the expiry to localStorage before announcing it, so a tab that missed a message still
// finds the later expiry there on its next check.
import { SESSION_CHECK_INTERVAL_MS, SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from '@domain';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isOnline } from '../lib/connectivity';
import { logger } from '../lib/logger';
import { currentUser } from '../lib/auth/api';
import { clearSessionTimedOut, markSessionTimedOut } from '../lib/auth/sign-out-cleanup';
import {
  MANUAL_LOGOUT_KEY,
  SESSION_CHANNEL_NAME,
  SESSION_EXPIRES_AT_KEY,
  applySessionMessage,
  applyStorageChange,
  createSessionMessage,
  decideOnAuth,
  extendedExpiry,
  remainingSeconds,
  sessionPhase,
  warningProgress,
  type RemoteEffect,
  type SessionMessage,
  type SessionMessageType,
} from './session-core';
import {
  clearManualLogoutFlag,
  readStoredSession,
  removeExpiresAt,
  setManualLogoutFlag,
  writeExpiresAt,
  type SessionStorageLike,
} from './session-storage';
import { lazyComponent } from '../lib/lazy-component';
import type { SessionWarningDialogProps } from './session-warning-dialog';

// The warning shows in the last minute of a session only: its Modal and Progress load shortly
// before (see isWarningNear), not with every screen.
const warningDialog = lazyComponent<SessionWarningDialogProps>(() =>
  import('./session-warning-dialog').then((m) => m.whenAntdReady(m.SessionWarningDialog)),
);
const SessionWarningDialog = warningDialog.Component;
const WARNING_PRELOAD_LEAD_MS = 2 * 60 * 1000;
/** Loads the warning dialog's code ahead of its first minute. */
export const preloadSessionWarning = warningDialog.preload;

/** The part of BroadcastChannel the session uses; tests inject an in-memory one. */
export type BroadcastChannelLike = {
  postMessage(message: SessionMessage): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
};

export type SessionManagerProps = {
  user: { uid: string } | null;
  isAuthResolved: boolean;
  /** The first auth state of the page already had a user (see AuthState.isRestoredSignIn). */
  isRestoredSignIn: boolean;
  signOut: () => Promise<void>;
  /** Defaults to SESSION_TIMEOUT_MS (screen tests pass a shorter one). */
  timeoutMs?: number;
  /** Defaults to SESSION_WARNING_MS; never longer than the timeout. */
  warningMs?: number;
  now?: () => number;
  /** Defaults to the browser BroadcastChannel; without one, `storage` events alone keep tabs in step. */
  channelFactory?: (name: string) => BroadcastChannelLike;
};

function createBrowserChannel(name: string): BroadcastChannelLike | null {
  if (typeof BroadcastChannel !== 'function') return null;
  try {
    return new BroadcastChannel(name);
  } catch (error) {
    logger.warn('session: BroadcastChannel unavailable, tabs sync through storage events only', error);
    return null;
  }
}

function logSignOutError(error: unknown) {
  logger.error('session: sign-out failed', error);
}

type ManualEnd = (signOut: () => Promise<void>) => Promise<void>;
// The mounted SessionManager ends a manual logout itself, so its own tab does not receive the ENDED
// message as if it came from another tab (which would sign out twice).
let activeManualEnd: ManualEnd | null = null;

export type EndSessionDeps = {
  now?: () => number;
  channelFactory?: (name: string) => BroadcastChannelLike;
  storage?: SessionStorageLike;
};

/**
 * Explicit logout (the layout's logout button): sets `manualLogout`, removes `sessionExpiresAt`, tells the other
 * tabs (SESSION_ENDED with manual: true) and calls `signOut`, whose promise (and error) it returns.
 * With a SessionManager mounted, that manager does it; `deps` only serve the case without one.
 */
export async function endSessionManually(
  signOut: () => Promise<void>,
  deps: EndSessionDeps = {},
): Promise<void> {
  if (activeManualEnd) {
    await activeManualEnd(signOut);
    return;
  }
  const { now = Date.now, channelFactory, storage } = deps;
  setManualLogoutFlag(storage);
  removeExpiresAt(storage);
  const channel = (channelFactory ?? createBrowserChannel)(SESSION_CHANNEL_NAME);
  try {
    channel?.postMessage(createSessionMessage('SESSION_ENDED', now(), { isManual: true }));
  } catch (error) {
    logger.warn('session: could not announce the logout to other tabs', error);
  } finally {
    channel?.close();
  }
  await signOut();
}

/**
 * The server keeps the same 15-minute limit, counted from the sign-in or the last call: "Stay logged in"
 * tells it too, so a screen that calls nothing else keeps its session there as well. Its code loads on
 * demand; a failure changes nothing here (the next call that needs the session will say so).
 */
function tellServerSessionExtended() {
  // Offline the server cannot be told, and its code is not asked for (see call()).
  if (!isOnline()) return;
  void import('../lib/call')
    .then(({ call }) => call('keepSessionAlive', {}))
    .catch((error: unknown) => logger.warn('session: the server was not told of the extension', error));
}

/** When the signed-in Firebase account last signed in, in ms; null when unknown. */
function lastSignInOf(user: { metadata: { lastSignInTime?: string } } | null): number | null {
  const time = Date.parse(user?.metadata.lastSignInTime ?? '');
  return Number.isFinite(time) ? time : null;
}

export function SessionManager(props: SessionManagerProps) {
  const {
    user,
    isAuthResolved,
    isRestoredSignIn,
    signOut,
    timeoutMs = SESSION_TIMEOUT_MS,
    warningMs = SESSION_WARNING_MS,
    now = Date.now,
    channelFactory,
  } = props;
  const effectiveWarningMs = Math.min(warningMs, timeoutMs);
  const uid = user?.uid ?? null;

  // The state drives rendering; the ref is the truth for handlers that may run twice before a re-render.
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [currentTime, setCurrentTime] = useState<number>(() => now());
  const expiresAtRef = useRef<number | null>(null);
  const channelRef = useRef<BroadcastChannelLike | null>(null);
  const lastUidRef = useRef<string | null>(null);
  const isFirstAuthStateRef = useRef(true);
  // Set between deciding to end and the user prop turning null, so a tab signs out only once.
  const isEndingRef = useRef(false);

  function commit(next: number | null, time: number) {
    expiresAtRef.current = next;
    setExpiresAt(next);
    setCurrentTime(time);
  }

  function post(type: SessionMessageType, details: { expiresAt?: number; isManual?: boolean }) {
    try {
      channelRef.current?.postMessage(createSessionMessage(type, now(), details));
    } catch (error) {
      logger.warn('session: could not message other tabs', error);
    }
  }

  /**
   * Ends this tab's session and returns the sign-out promise. `timeout` and `logout` tell the other tabs;
   * `remote` came from another tab. A second end while signing out only signs out again for an explicit
   * logout, so the logout button always works even if an earlier sign-out failed.
   */
  function endSession(
    source: 'timeout' | 'logout' | 'remote',
    isManual: boolean,
    runSignOut: () => Promise<void>,
  ) {
    if (isManual) setManualLogoutFlag();
    if (isEndingRef.current) return source === 'logout' ? runSignOut() : Promise.resolve();
    isEndingRef.current = true;
    removeExpiresAt();
    commit(null, now());
    if (source !== 'remote') post('SESSION_ENDED', { isManual });
    return runSignOut();
  }

  function extend() {
    if (expiresAtRef.current === null) return;
    const time = now();
    const next = extendedExpiry(time, timeoutMs);
    writeExpiresAt(next);
    commit(next, time);
    post('SESSION_EXTENDED', { expiresAt: next });
    tellServerSessionExtended();
  }

  function logOutNow() {
    endSession('logout', true, signOut).catch(logSignOutError);
  }

  function applyRemote(effect: RemoteEffect) {
    if (effect.kind === 'adopt') commit(effect.expiresAt, now());
    if (effect.kind === 'end') endSession('remote', effect.isManual, signOut).catch(logSignOutError);
  }

  const onAuthState = useEffectEvent(() => {
    // Until auth first resolves, a user may be a restored one: wait. A user who signs in later in this
    // page life is a login, and its session starts at once, before the rest of the auth state (the rules)
    // has loaded: a reload right after the login then finds the session's expiry stored.
    const isLoginDuringPage = !isFirstAuthStateRef.current && uid !== null;
    if (!isAuthResolved && !isLoginDuringPage) return;
    const isFirstAuthState = isFirstAuthStateRef.current;
    isFirstAuthStateRef.current = false;
    const time = now();
    if (uid === null) {
      lastUidRef.current = null;
      isEndingRef.current = false;
      commit(null, time);
      return;
    }
    if (uid === lastUidRef.current) return;
    lastUidRef.current = uid;
    isEndingRef.current = false;
    const decision = decideOnAuth({
      isSignedIn: true,
      // Only the first auth state can be a restored one; any later user signed in during this page life.
      isRestoredSignIn: isFirstAuthState && isRestoredSignIn,
      stored: readStoredSession(),
      now: time,
      timeoutMs,
      signedInAt: lastSignInOf(currentUser()),
    });
    switch (decision.kind) {
      case 'start':
        if (decision.shouldClearManualLogout) clearManualLogoutFlag();
        clearSessionTimedOut();
        writeExpiresAt(decision.expiresAt);
        commit(decision.expiresAt, time);
        post('SESSION_STARTED', { expiresAt: decision.expiresAt });
        return;
      case 'resume':
        commit(decision.expiresAt, time);
        return;
      case 'sign-out':
        // The session ran out while no tab was open; other tabs, if any, ended it at the same moment.
        markSessionTimedOut();
        isEndingRef.current = true;
        removeExpiresAt();
        commit(null, time);
        signOut().catch(logSignOutError);
        return;
      case 'idle':
        return;
    }
  });

  const onTick = useEffectEvent(() => {
    const current = expiresAtRef.current;
    if (current === null) return;
    const time = now();
    // A missed message is caught up here: another tab writes its later expiry before announcing it.
    const stored = readStoredSession().expiresAt;
    const effective = stored !== null && stored > current ? stored : current;
    if (sessionPhase(effective, time, effectiveWarningMs) === 'expired') {
      // What the worker typed or queued stays on the phone, sealed, for their next sign-in.
      markSessionTimedOut();
      endSession('timeout', false, signOut).catch(logSignOutError);
      return;
    }
    commit(effective, time);
  });

  const onChannelMessage = useEffectEvent((data: unknown) => {
    applyRemote(applySessionMessage(data, expiresAtRef.current, now()));
  });

  const onStorage = useEffectEvent((event: StorageEvent) => {
    if (event.key !== null && event.key !== SESSION_EXPIRES_AT_KEY && event.key !== MANUAL_LOGOUT_KEY) return;
    const hasManualLogoutFlag = readStoredSession().hasManualLogoutFlag;
    applyRemote(
      applyStorageChange(
        { key: event.key, newValue: event.newValue },
        expiresAtRef.current,
        hasManualLogoutFlag,
      ),
    );
  });

  const onManualEnd = useEffectEvent((runSignOut: () => Promise<void>) =>
    endSession('logout', true, runSignOut),
  );

  // Declared first so the channel exists when the first auth state announces SESSION_STARTED.
  useEffect(() => {
    const channel = (channelFactory ?? createBrowserChannel)(SESSION_CHANNEL_NAME);
    channelRef.current = channel;
    if (!channel) return;
    const listener = (event: { data: unknown }) => onChannelMessage(event.data);
    channel.addEventListener('message', listener);
    return () => {
      channel.removeEventListener('message', listener);
      channel.close();
      if (channelRef.current === channel) channelRef.current = null;
    };
  }, [channelFactory]);

  useEffect(() => {
    const listener = (event: StorageEvent) => {
      if (typeof sessionStorage !== 'undefined' && event.storageArea === sessionStorage) return;
      onStorage(event);
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  }, []);

  useEffect(() => {
    const handler: ManualEnd = (runSignOut) => onManualEnd(runSignOut);
    activeManualEnd = handler;
    return () => {
      if (activeManualEnd === handler) activeManualEnd = null;
    };
  }, []);

  useEffect(() => {
    // The decision reads and writes localStorage (an external system) when auth resolves or the user changes,
    // and its result must show at once; deriving it during render would put those side effects in render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    onAuthState();
  }, [isAuthResolved, uid]);

  const isRunning = expiresAt !== null;
  useEffect(() => {
    if (!isRunning) return;
    const id = setInterval(() => onTick(), SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(id);
  }, [isRunning]);

  // The dialog (and its code) is mounted two minutes before it opens, closed, so it can animate in;
  // the service worker holds the chunk for offline use.
  const isWarningNear =
    expiresAt !== null && expiresAt - currentTime <= effectiveWarningMs + WARNING_PRELOAD_LEAD_MS;

  if (uid === null || expiresAt === null || !isWarningNear) return null;
  return (
    <SessionWarningDialog
      isOpen={sessionPhase(expiresAt, currentTime, effectiveWarningMs) === 'warning'}
      remainingSeconds={remainingSeconds(expiresAt, currentTime)}
      progress={warningProgress(expiresAt, currentTime, effectiveWarningMs)}
      onStayLoggedIn={extend}
      onLogOut={logOutNow}
    />
  );
}
