import type { AuthRules } from '@domain';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { appEnv } from '../../config/env';
import { logger } from '../logger';
import { currentUser, readSession, refreshOrSignOut, signOutOfFirebase, watchIdToken } from './api';
import { AuthContext } from './auth-context';
import { loadAuthRules } from './auth-rules';
import { enrichUser } from './enrich';
import { clearProfileCache, loadProfile } from './profile-cache';
import { forgetSignedOutUser, sendPendingPushUnregisters, stopPushBeforeSignOut } from './sign-out-cleanup';
import { syncToken } from './token-sync';
import { pushFlag } from '../push/push-flag';
import type { AuthState, EnrichedUser } from './types';

/**
 * How often an open tab asks for a new token: a disabled account, or one whose tokens were revoked by a role
 * change, is signed out within this minute instead of at the hourly refresh (the callables and the rules
 * refuse it at once anyway). One small request a minute.
 */
export const REFRESH_CHECK_MS = 60 * 1000;

export type AuthProviderProps = { children: ReactNode };

export function AuthProvider({ children }: AuthProviderProps) {
  const [user, setUser] = useState<EnrichedUser | null>(null);
  const [rules, setRules] = useState<AuthRules | null>(null);
  const [isAuthResolved, setIsAuthResolved] = useState(false);
  const [isUserLoading, setIsUserLoading] = useState(false);
  const [isRulesLoaded, setIsRulesLoaded] = useState(false);
  const [isRestoredSignIn, setIsRestoredSignIn] = useState(false);
  const isFirstEvent = useRef(true);
  // The user the page's first auth state brought, until they sign out or another user takes over; then
  // null for the rest of the page life, so every later sign-in counts as a login.
  const restoredUid = useRef<string | null>(null);
  const lastSyncedToken = useRef<string | null>(null);
  const loadedUid = useRef<string | null>(null);

  useEffect(() => {
    let isActive = true;
    loadAuthRules()
      .then((loaded) => isActive && setRules(loaded))
      .catch((error: unknown) => logger.error('Failed to load the auth rules', error))
      .finally(() => isActive && setIsRulesLoaded(true));
    return () => {
      isActive = false;
    };
  }, []);

  useEffect(() => {
    let generation = 0;
    const unsubscribe = watchIdToken((firebaseUser) => {
      const current = ++generation;
      if (isFirstEvent.current) {
        isFirstEvent.current = false;
        restoredUid.current = firebaseUser?.uid ?? null;
      } else if (firebaseUser?.uid !== restoredUid.current) {
        restoredUid.current = null;
      }
      setIsRestoredSignIn(firebaseUser !== null && firebaseUser.uid === restoredUid.current);
      if (!firebaseUser) {
        // A sign-out of any kind: the next user of this phone finds nothing of this one.
        if (loadedUid.current !== null) {
          // firebase-data loads only here and with the data screens: /login stays light.
          void forgetSignedOutUser({
            stopFirestore: () => import('../firebase-data').then((data) => data.stopFirestore()),
          });
        }
        loadedUid.current = null;
        setUser(null);
        setIsUserLoading(false);
        setIsAuthResolved(true);
        if (lastSyncedToken.current !== null) {
          lastSyncedToken.current = null;
          void syncToken(appEnv.tokenSyncUrl, null);
        }
        return;
      }
      // A new user shows the spinner; a token refresh of the same user (hourly, or forced by the
      // disabled-account check) updates in place, so the screen and anything typed stay.
      const isSameUser = loadedUid.current === firebaseUser.uid;
      if (!isSameUser) setIsUserLoading(true);
      setIsAuthResolved(true);
      void (async () => {
        try {
          const session = await readSession(firebaseUser);
          if (session.token !== lastSyncedToken.current) {
            lastSyncedToken.current = session.token;
            void syncToken(appEnv.tokenSyncUrl, { value: session.token, issuedAtMs: session.issuedAtMs });
          }
          const profile = await loadProfile(session.account.uid, session.token);
          if (current !== generation) return;
          if (loadedUid.current !== session.account.uid) void sendPendingPushUnregisters(session.account.uid);
          loadedUid.current = session.account.uid;
          setUser(enrichUser(session.account, session.roleClaim, profile));
        } catch (error) {
          logger.error('Failed to read the signed-in user', error);
          if (current === generation) setUser(null);
        } finally {
          if (current === generation) setIsUserLoading(false);
        }
      })();
    });
    return () => {
      generation++;
      unsubscribe();
    };
  }, []);

  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return undefined;
    const check = () => {
      const firebaseUser = currentUser();
      if (firebaseUser && navigator.onLine) void refreshOrSignOut(firebaseUser);
    };
    const timer = window.setInterval(check, REFRESH_CHECK_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', check);
    };
  }, [uid]);

  const signOut = useCallback(() => {
    if (uid) clearProfileCache(uid);
    // While the sign-in still stands: the server forgets this device's push token. Without push on
    // here, the sign-out starts at once (a session that ends at zero signs out in the same tick).
    if (uid && pushFlag(uid)) return stopPushBeforeSignOut(uid).then(signOutOfFirebase);
    return signOutOfFirebase();
  }, [uid]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      rules,
      isLoading: !isAuthResolved || isUserLoading || (user !== null && !isRulesLoaded),
      isRestoredSignIn,
      signOut,
    }),
    [user, rules, isAuthResolved, isUserLoading, isRulesLoaded, isRestoredSignIn, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
