import { SPLASH_MIN_DISPLAY_MS } from '@domain';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from '../lib/router';
import { ErrorBoundary } from '../components/error-boundary';
import { SplashScreen } from '../components/splash-screen';
import { AuthProvider } from '../lib/auth/auth-provider';
import { useAuth } from '../lib/auth/auth-context';
import { NoticesProvider } from '../notices';
import { PwaUpdatePrompt } from '../pwa';
import { SessionTimeout } from '../session/session-timeout';
import { PublicOnly, RequireAuth } from './guards';
import { type ThemeMode, ThemeModeContext, readThemeMode, saveThemeMode } from '../lib/theme';
import { Spinner } from '../components/ui/spinner';

const named = <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

// Each screen is its own chunk: /login loads neither the layout nor any signed-in screen, nor their table.
const LoginPage = named(
  () => import('../auth/login-page'),
  (m) => m.LoginPage,
);
const HandleAuthActionPage = named(
  () => import('../auth/handle-auth-action-page'),
  (m) => m.HandleAuthActionPage,
);
const SignedInShell = lazy(() =>
  import('./signed-in-shell').then((m) => m.whenAntdReady({ default: m.SignedInShell })),
);

// The splash counts its minimum from page start: the HTML splash of index.html was already showing.
const splashMinMs = Math.max(0, SPLASH_MIN_DISPLAY_MS - Math.round(performance.now()));

function Loading() {
  const { t } = useTranslation();
  return <Spinner isBlock label={t('common.loading')} />;
}

/** The public screens, then the signed-in shell, which brings the route table of the signed-in screens. */
export function AppRouteTree() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        }
      />
      <Route path="/handle-auth-action" element={<HandleAuthActionPage />} />
      {/* Every other address is a signed-in screen: the shell's route table (routes.tsx) takes it. */}
      <Route
        path="*"
        element={
          <RequireAuth>
            <SignedInShell />
          </RequireAuth>
        }
      />
    </Routes>
  );
}

function AppRoutes() {
  const { isLoading } = useAuth();
  return (
    <SplashScreen isReady={!isLoading} minDisplayMs={splashMinMs}>
      {isLoading ? (
        <Loading />
      ) : (
        <Suspense fallback={<Loading />}>
          <AppRouteTree />
        </Suspense>
      )}
    </SplashScreen>
  );
}

export function App() {
  const [themeMode, setThemeMode] = useState<ThemeMode>(readThemeMode);
  useEffect(() => {
    document.documentElement.dataset.theme = themeMode;
  }, [themeMode]);
  useEffect(() => {
    // React's splash is up now; the static one from index.html can go.
    document.getElementById('boot-splash')?.remove();
  }, []);
  const themeState = useMemo(
    () => ({
      mode: themeMode,
      setMode: (mode: ThemeMode) => {
        saveThemeMode(mode);
        setThemeMode(mode);
      },
    }),
    [themeMode],
  );
  // No antd ConfigProvider here: the public screens use plain controls, and the signed-in shell
  // and the notices bring antd's theme with them (lib/antd-provider.tsx).
  return (
    <ThemeModeContext.Provider value={themeState}>
      <ErrorBoundary>
        <NoticesProvider>
          <PwaUpdatePrompt />
          <AuthProvider>
            {/* Above the routes, so the session sees every sign-out and sign-in of the page. */}
            <SessionTimeout />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AuthProvider>
        </NoticesProvider>
      </ErrorBoundary>
    </ThemeModeContext.Provider>
  );
}
