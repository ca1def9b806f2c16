import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { AntdProvider } from '../lib/antd-provider';
import { useAuth } from '../lib/auth/auth-context';
import { useThemeMode } from '../lib/theme';
import { endSessionManually } from '../session/session-manager';
import { markSignedOut } from '../lib/auth/sign-out-cleanup';
import { AppLayout } from './layout/app-layout';
import { useUnreadNotificationCount } from '../notifications/api';
import { Spinner } from '../components/ui/spinner';

/**
 * Everything a signed-in user sees around a screen: antd theme, layout, logout. The session timeout runs
 * above the routes (app.tsx), since this shell is mounted anew with every sign-in.
 */
export function SignedInShell() {
  const { t } = useTranslation();
  const { signOut, user } = useAuth();
  // One live count for the menu button and the Notifications entry, on every signed-in screen.
  const unreadCount = useUnreadNotificationCount(user?.uid ?? null);
  const { mode, setMode } = useThemeMode();
  const navigate = useNavigate();
  const logout = useCallback(() => {
    markSignedOut();
    void endSessionManually(signOut).then(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  return (
    <AntdProvider>
      <AppLayout themeMode={mode} onThemeChange={setMode} onLogout={logout} unreadCount={unreadCount}>
        <Suspense fallback={<Spinner size="large" className="page-spinner" label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </AppLayout>
    </AntdProvider>
  );
}
