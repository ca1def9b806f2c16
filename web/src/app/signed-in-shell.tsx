import { Spin } from 'antd';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { appEnv } from '../config/env';
import { AntdProvider } from '../lib/antd-provider';
import { useAuth } from '../lib/auth/auth-context';
import { useThemeMode } from '../lib/theme';
import { SessionManager, endSessionManually } from '../session/session-manager';
import { markLogout } from './guards';
import { AppLayout } from './layout/app-layout';

/** Everything a signed-in user sees around a screen: antd theme, layout, session timeout, logout. */
export function SignedInShell() {
  const { t } = useTranslation();
  const { user, isLoading, isRestoredSignIn, signOut } = useAuth();
  const { mode, setMode } = useThemeMode();
  const navigate = useNavigate();
  const logout = useCallback(() => {
    markLogout();
    void endSessionManually(signOut).then(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  return (
    <AntdProvider>
      <SessionManager
        user={user}
        isAuthResolved={!isLoading}
        isRestoredSignIn={isRestoredSignIn}
        signOut={signOut}
        timeoutMs={appEnv.sessionTimeoutOverrideMs}
      />
      <AppLayout themeMode={mode} onThemeChange={setMode} onLogout={logout}>
        <Suspense fallback={<Spin size="large" className="page-spinner" aria-label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </AppLayout>
    </AntdProvider>
  );
}
