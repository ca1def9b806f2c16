import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../lib/router';
import { AntdProvider } from '../lib/antd-provider';

/** The lazy loader waits for this language's antd texts before the first render. */
export { whenAntdReady } from '../lib/antd-provider';
import { useAuth } from '../lib/auth/auth-context';
import { useThemeMode } from '../lib/theme';
import { endSessionManually } from '../session/session-manager';
import { markSignedOut } from '../lib/auth/sign-out-cleanup';
import { AppLayout } from './layout/app-layout';
import { useUnreadNotificationCount } from '../notifications/api';
import { useOutboxSender } from '../tickets/outbox/use-outbox-sender';
import { unsentSafetyReportCount, useSafetyOutboxSender } from '../safety/outbox/use-safety-outbox';
import { Spinner } from '../components/ui/spinner';
import { preloadNoticeStack } from '../notices';
import { unsentTicketCount } from '../tickets/outbox/unsent-count';
import { UnsentTicketsDialog } from '../tickets/outbox/unsent-tickets-dialog';
import { prefetchDeviceKey } from '../lib/idb/device-key';
import { SignedInRoutes } from './routes';

const NOTHING_UNSENT = { tickets: 0, reports: 0 };

/**
 * Everything a signed-in user sees around a screen: antd theme, layout, logout; the screen is the one
 * the route table (routes.tsx) has for the address. The session timeout runs above the routes
 * (app.tsx), since this shell is mounted anew with every sign-in.
 */
export function SignedInShell() {
  const { t } = useTranslation();
  const { signOut, user } = useAuth();
  // One live count for the menu button and the Notifications entry, on every signed-in screen.
  const unreadCount = useUnreadNotificationCount(user?.uid ?? null);
  // Tickets and danger reports queued without a connection leave the phone as soon as they can,
  // whatever the screen.
  useOutboxSender(user?.uid ?? null);
  useSafetyOutboxSender(user?.uid ?? null);
  // The notices' code comes now, while there is a connection: a screen may need one when there is none
  // (a ticket kept in the outbox, cancelled, sent later).
  useEffect(() => void preloadNoticeStack().catch(() => undefined), []);
  // The key that seals drafts and the outbox on the phone comes while there is a connection.
  const uidForKey = user?.uid;
  useEffect(() => (uidForKey ? prefetchDeviceKey(uidForKey) : undefined), [uidForKey]);
  const { mode, setMode } = useThemeMode();
  const navigate = useNavigate();
  const signOutNow = useCallback(() => {
    markSignedOut();
    void endSessionManually(signOut).then(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  // Tickets and reports still on the phone are deleted by a log-out: asked first (none: nothing to ask).
  const [unsent, setUnsent] = useState(NOTHING_UNSENT);
  const uid = user?.uid;
  const logout = useCallback(() => {
    if (!uid) return signOutNow();
    void Promise.all([unsentTicketCount(uid), unsentSafetyReportCount(uid)]).then(
      ([tickets, reports]) => (tickets + reports > 0 ? setUnsent({ tickets, reports }) : signOutNow()),
      () => signOutNow(),
    );
  }, [uid, signOutNow]);
  return (
    <AntdProvider>
      <AppLayout themeMode={mode} onThemeChange={setMode} onLogout={logout} unreadCount={unreadCount}>
        <Suspense fallback={<Spinner size="large" className="page-spinner" label={t('common.loading')} />}>
          <SignedInRoutes />
        </Suspense>
      </AppLayout>
      <UnsentTicketsDialog
        count={unsent.tickets}
        reportCount={unsent.reports}
        onStay={() => setUnsent(NOTHING_UNSENT)}
        onLogOut={() => {
          setUnsent(NOTHING_UNSENT);
          signOutNow();
        }}
      />
    </AntdProvider>
  );
}
