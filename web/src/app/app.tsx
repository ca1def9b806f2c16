import { SPLASH_MIN_DISPLAY_MS } from '@domain';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { loadAdminTexts } from '../i18n';
import { SplashScreen } from '../components/splash-screen';
import { AuthProvider } from '../lib/auth/auth-provider';
import { useAuth } from '../lib/auth/auth-context';
import { NoticesProvider } from '../notices';
import { PwaUpdatePrompt } from '../pwa';
import { SessionTimeout } from '../session/session-timeout';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { type ThemeMode, ThemeModeContext, readThemeMode, saveThemeMode } from '../lib/theme';
import { Spinner } from '../components/ui/spinner';

const named = <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

// Each screen is its own chunk: /login loads neither the layout nor any signed-in screen.
const LoginPage = named(
  () => import('../auth/login-page'),
  (m) => m.LoginPage,
);
const HandleAuthActionPage = named(
  () => import('../auth/handle-auth-action-page'),
  (m) => m.HandleAuthActionPage,
);
const SignedInShell = lazy(() => import('./signed-in-shell').then((m) => ({ default: m.SignedInShell })));
const ProfilePage = named(
  () => import('../profile/profile-page'),
  (m) => m.ProfilePage,
);
const NotFoundPage = named(
  () => import('../components/not-found-page'),
  (m) => m.NotFoundPage,
);
const CategorySelectPage = named(
  () => import('../tickets/new-ticket/new-ticket-pages'),
  (m) => m.CategorySelectPage,
);
const SubcategorySelectPage = named(
  () => import('../tickets/new-ticket/new-ticket-pages'),
  (m) => m.SubcategorySelectPage,
);
const NewTicketFormPage = named(
  () => import('../tickets/new-ticket/new-ticket-pages'),
  (m) => m.NewTicketFormPage,
);
const TicketHistoryPage = named(
  () => import('../tickets/history/ticket-history-page'),
  (m) => m.TicketHistoryPage,
);
const TicketDetailsPage = named(
  () => import('../tickets/details/ticket-details-page'),
  (m) => m.TicketDetailsPage,
);
const TicketQueuePage = named(
  () => import('../tickets/queue/ticket-queue-page'),
  (m) => m.TicketQueuePage,
);
const NotificationsPage = named(
  () => import('../notifications/notifications-page'),
  (m) => m.NotificationsPage,
);
const ReportBugPage = named(
  () => import('../bug-report/report-bug-page'),
  (m) => m.ReportBugPage,
);
const AdminDashboardPage = named(
  () => withAdminTexts(import('../admin/dashboard/admin-dashboard-page')),
  (m) => m.AdminDashboardPage,
);
const UserListPage = named(
  () => withAdminTexts(import('../admin/users/user-list-page')),
  (m) => m.UserListPage,
);
const AdminProfilePage = named(
  () => withAdminTexts(import('../admin/profile/admin-profile-page')),
  (m) => m.AdminProfilePage,
);
const AdminDebugPage = named(
  () => withAdminTexts(import('../admin/debug/admin-debug-page')),
  (m) => m.AdminDebugPage,
);

/** An admin screen's module, once the admin texts (their own bundle) are loaded too. */
const withAdminTexts = async <T,>(module: Promise<T>): Promise<T> => {
  const [loaded] = await Promise.all([module, loadAdminTexts()]);
  return loaded;
};

// The splash counts its minimum from page start: the HTML splash of index.html was already showing.
const splashMinMs = Math.max(0, SPLASH_MIN_DISPLAY_MS - Math.round(performance.now()));

function Loading() {
  const { t } = useTranslation();
  return <Spinner isBlock label={t('common.loading')} />;
}

function AppRoutes() {
  const { isLoading } = useAuth();
  return (
    <SplashScreen isReady={!isLoading} minDisplayMs={splashMinMs}>
      {isLoading ? (
        <Loading />
      ) : (
        <Suspense fallback={<Loading />}>
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
            <Route
              element={
                <RequireAuth>
                  <SignedInShell />
                </RequireAuth>
              }
            >
              <Route index element={<ProfilePage />} />
              <Route path="profile" element={<ProfilePage />} />
              {/* The page itself says why when the user may not report bugs. */}
              <Route path="report-bug" element={<ReportBugPage />} />
              <Route path="new-ticket" element={<CategorySelectPage />} />
              <Route path="new-ticket/:category" element={<SubcategorySelectPage />} />
              <Route path="new-ticket/:category/:subcategory" element={<NewTicketFormPage />} />
              <Route path="ticket-history" element={<TicketHistoryPage />} />
              <Route path="ticket/:ticketId" element={<TicketDetailsPage />} />
              <Route path="notifications" element={<NotificationsPage />} />
              <Route
                path="ticket-queue"
                element={
                  <RequireRole required="PERMISSION_PROCESS_TICKETS">
                    <TicketQueuePage />
                  </RequireRole>
                }
              />
              <Route
                path="admin"
                element={
                  <RequireRole required="manager">
                    <AdminDashboardPage />
                  </RequireRole>
                }
              />
              <Route
                path="admin/users"
                element={
                  <RequireRole required="manager">
                    <UserListPage />
                  </RequireRole>
                }
              />
              <Route
                path="admin/profile/:userId"
                element={
                  <RequireRole required="manager">
                    <AdminProfilePage />
                  </RequireRole>
                }
              />
              <Route
                path="admin/debug"
                element={
                  <RequireRole required="admin">
                    <AdminDebugPage />
                  </RequireRole>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
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
