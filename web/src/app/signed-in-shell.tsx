import { Spin } from 'antd';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { appEnv } from '../config/env';
import { useAuth } from '../lib/auth/auth-context';
import { SessionManager, endSessionManually } from '../session/session-manager';
import { markLogout } from './guards';
import { AppLayout } from './layout/app-layout';
import type { ThemeMode } from './theme';

export type SignedInShellProps = { themeMode: ThemeMode; onThemeChange: (mode: ThemeMode) => void };

/** Everything a signed-in user sees around a screen: layout, session timeout, logout. */
export function SignedInShell({ themeMode, onThemeChange }: SignedInShellProps) {
  const { t } = useTranslation();
  const { user, isLoading, isRestoredSignIn, signOut } = useAuth();
  const navigate = useNavigate();
  const logout = useCallback(() => {
    markLogout();
    void endSessionManually(signOut).then(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  return (
    <>
      <SessionManager
        user={user}
        isAuthResolved={!isLoading}
        isRestoredSignIn={isRestoredSignIn}
        signOut={signOut}
        timeoutMs={appEnv.sessionTimeoutOverrideMs}
      />
      <AppLayout themeMode={themeMode} onThemeChange={onThemeChange} onLogout={logout}>
        <Suspense fallback={<Spin size="large" className="page-spinner" aria-label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </AppLayout>
    </>
  );
}
