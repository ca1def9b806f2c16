import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { callableErrorOf } from '../lib/callable-keys';
import { renderSignedIn } from '../testing/auth';
import { setOnline } from '../testing/online';
import {
  type Inbox,
  type InboxNotification,
  markAllNotificationsRead,
  markNotificationsRead,
  useInbox,
  useUnreadNotificationCount,
} from './api';
import { NotificationsPage } from './notifications-page';

vi.mock('./api', () => ({
  useInbox: vi.fn(),
  useUnreadNotificationCount: vi.fn(),
  markNotificationsRead: vi.fn(() => Promise.resolve(1)),
  markAllNotificationsRead: vi.fn(() => Promise.resolve(2)),
}));

const useInboxMock = vi.mocked(useInbox);
const useUnreadMock = vi.mocked(useUnreadNotificationCount);

const notification = (overrides: Partial<InboxNotification> = {}): InboxNotification => ({
  id: 'n1',
  ticketId: 't-0001',
  ticketNumber: 'T-0001',
  safetyReportId: '',
  kind: 'statusChanged',
  key: 'notifications.kinds.statusChanged',
  values: { number: 'T-0001', status: 'resolved' },
  createdAt: new Date(Date.UTC(2026, 10, 25, 9, 30)),
  isRead: false,
  ...overrides,
});

const NOTIFICATIONS = [
  notification(),
  notification({
    id: 'n2',
    ticketId: 't-0002',
    ticketNumber: 'T-0002',
    kind: 'updateAdded',
    key: 'notifications.kinds.updateAdded',
    values: { number: 'T-0002', by: 'Marta Wiśniewska' },
    isRead: true,
  }),
];

function inbox(overrides: Partial<Inbox> = {}): Inbox {
  return {
    notifications: NOTIFICATIONS,
    isLoading: false,
    error: null,
    hasMore: false,
    loadMore: vi.fn(),
    isFromCache: false,
    ...overrides,
  };
}

function LocationProbe() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderPage() {
  return renderSignedIn(
    <>
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/ticket/:ticketId" element={<p>details page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { path: '/notifications', uid: 'u-worker' },
  );
}

const list = () => screen.getByRole('list');
const entries = () => within(list()).getAllByRole('link');

describe('NotificationsPage', () => {
  beforeEach(() => {
    useInboxMock.mockReturnValue(inbox());
    useUnreadMock.mockReturnValue(1);
  });
  afterEach(async () => {
    vi.clearAllMocks();
    vi.restoreAllMocks();
    await act(() => changeLanguage('pl'));
  });

  it('links a safety report’s notification to the report, in the reader’s language', () => {
    useInboxMock.mockReturnValue(
      inbox({
        notifications: [
          notification({
            id: 'n3',
            ticketId: '',
            ticketNumber: '',
            safetyReportId: 'sr-1',
            kind: 'safetyAcknowledged',
            key: 'notifications.kinds.safetyAcknowledged',
            values: { by: 'Marta Wiśniewska' },
          }),
        ],
      }),
    );
    renderPage();
    expect(entries().map((entry) => entry.getAttribute('href'))).toEqual(['/safety/sr-1']);
    expect(entries()[0]).toHaveTextContent('Marta Wiśniewska odczytał(a) Twoje zgłoszenie zagrożenia');
  });

  it('reads the signed-in user’s own inbox and unread count', () => {
    renderPage();
    expect(screen.getByRole('list', { name: 'Lista powiadomień' })).toBeInTheDocument();
    expect(useInboxMock).toHaveBeenLastCalledWith('u-worker');
    expect(useUnreadMock).toHaveBeenLastCalledWith('u-worker');
    expect(screen.getByText('Nieprzeczytane: 1')).toBeInTheDocument();
  });

  it('shows each entry’s text in the reader’s language, newest first, linking to its ticket', () => {
    renderPage();
    expect(entries().map((entry) => entry.getAttribute('href'))).toEqual([
      '/ticket/t-0001',
      '/ticket/t-0002',
    ]);
    expect(entries()[0]).toHaveTextContent('Zgłoszenie T-0001: nowy status — Rozwiązane');
    expect(entries()[1]).toHaveTextContent('Marta Wiśniewska dodał(a) aktualizację do zgłoszenia T-0002');
  });

  it('retranslates every entry when the language changes', async () => {
    renderPage();
    await act(() => changeLanguage('en'));
    expect(entries()[0]).toHaveTextContent('Ticket T-0001: the status is now Resolved');
    await act(() => changeLanguage('ru'));
    expect(entries()[0]).toHaveTextContent('Заявка T-0001: новый статус — Решена');
  });

  it('marks unread entries apart from read ones', () => {
    renderPage();
    const [unread, read] = entries();
    expect(unread).toHaveClass('is-unread');
    expect(unread).toHaveAttribute('data-read', 'false');
    expect(unread).toHaveTextContent(/^Nieprzeczytane:/);
    expect(read).not.toHaveClass('is-unread');
    expect(read).toHaveAttribute('data-read', 'true');
  });

  it('marks an unread entry read when it is opened, and opens its ticket', async () => {
    renderPage();
    await userEvent.click(entries()[0] as HTMLElement);
    expect(markNotificationsRead).toHaveBeenCalledWith(['n1']);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/ticket/t-0001');
  });

  it('does not mark a read entry again', async () => {
    renderPage();
    await userEvent.click(entries()[1] as HTMLElement);
    expect(markNotificationsRead).not.toHaveBeenCalled();
  });

  it('marks all read', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));
    expect(markAllNotificationsRead).toHaveBeenCalledTimes(1);
  });

  it('offers "Mark all read" only while something is unread', () => {
    useUnreadMock.mockReturnValue(0);
    renderPage();
    expect(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).toBeDisabled();
  });

  it('says so when marking all read fails', async () => {
    vi.mocked(markAllNotificationsRead).mockRejectedValueOnce(new Error('offline'));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się oznaczyć powiadomień');
  });

  it('says how long to wait when marking all read is over the account’s limit', async () => {
    // As call() rejects: the SDK's error mapped with the callable's keys.
    const tooMany = callableErrorOf(
      'markNotificationsRead',
      Object.assign(new Error('errors.tooManyRequests'), {
        code: 'functions/resource-exhausted',
        details: { retryAfterMinutes: 12 },
      }),
    );
    vi.mocked(markAllNotificationsRead).mockRejectedValueOnce(tooMany);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Spróbuj ponownie za 12 minut.');
  });

  it('loads more when there may be more', async () => {
    const loadMore = vi.fn();
    useInboxMock.mockReturnValue(inbox({ hasMore: true, loadMore }));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Załaduj więcej' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('shows no "Load more" at the end of the inbox', () => {
    renderPage();
    expect(screen.queryByRole('button', { name: 'Załaduj więcej' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and when the inbox could not be read', () => {
    useInboxMock.mockReturnValue(inbox({ notifications: [] }));
    const { unmount } = renderPage();
    expect(screen.getByText('Nie masz jeszcze powiadomień.')).toBeInTheDocument();
    unmount();
    useInboxMock.mockReturnValue(inbox({ notifications: [], error: new Error('denied') }));
    renderPage();
    expect(screen.getByText('Nie udało się wczytać powiadomień.')).toBeInTheDocument();
  });

  it('shows the saved inbox with "Offline — showing saved data" while offline, and not once online', () => {
    setOnline(false);
    useInboxMock.mockReturnValue(inbox({ isFromCache: true }));
    renderPage();
    expect(entries()).toHaveLength(2);
    expect(screen.getByText('Brak połączenia — pokazujemy zapisane dane')).toBeInTheDocument();
    expect(screen.getByText('Zmiany pojawią się po przywróceniu połączenia.')).toBeInTheDocument();
    act(() => setOnline(true));
    expect(screen.queryByText('Brak połączenia — pokazujemy zapisane dane')).not.toBeInTheDocument();
  });

  it('reads a kind this version does not know as a plain change of the ticket', () => {
    useInboxMock.mockReturnValue(
      inbox({
        notifications: [notification({ kind: 'future', key: 'notifications.kinds.future', values: {} })],
      }),
    );
    renderPage();
    expect(entries()[0]).toHaveTextContent('Zgłoszenie T-0001 zostało zmienione');
  });
});
