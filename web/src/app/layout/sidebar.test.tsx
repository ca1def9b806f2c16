import { AUTH_RULES } from '@domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { AuthContext } from '../../lib/auth/auth-context';
import type { AuthState, EnrichedUser } from '../../lib/auth/types';
import type { ThemeMode } from '../../lib/theme';
import { Sidebar, selectedKey } from './sidebar';

type Permissions = Partial<Pick<EnrichedUser, 'assignedPermissions' | 'revokedPermissions'>>;

function makeUser(role: string, permissions: Permissions = {}): EnrichedUser {
  return {
    uid: 'uid-1',
    email: 'anna.nowak@example.com',
    name: 'Anna Nowak',
    role,
    isSetUp: true,
    profile: null,
    assignedPermissions: permissions.assignedPermissions ?? [],
    revokedPermissions: permissions.revokedPermissions ?? [],
  };
}

function CurrentPath() {
  const { pathname, state } = useLocation();
  return (
    <>
      <output aria-label="current path">{pathname}</output>
      <output aria-label="navigation state">{JSON.stringify(state)}</output>
    </>
  );
}

type RenderOptions = {
  user?: EnrichedUser;
  path?: string;
  themeMode?: ThemeMode;
  unreadCount?: number;
};

function renderSidebar({
  user = makeUser('user'),
  path = '/profile',
  themeMode = 'light',
  unreadCount,
}: RenderOptions = {}) {
  const onThemeChange = vi.fn<(mode: ThemeMode) => void>();
  const onLogout = vi.fn<() => void>();
  const onNavigate = vi.fn<() => void>();
  const auth: AuthState = {
    user,
    rules: AUTH_RULES,
    isLoading: false,
    isRestoredSignIn: false,
    signOut: () => Promise.resolve(),
  };
  render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Sidebar
          themeMode={themeMode}
          onThemeChange={onThemeChange}
          onLogout={onLogout}
          onNavigate={onNavigate}
          unreadCount={unreadCount}
        />
        <CurrentPath />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return { onThemeChange, onLogout, onNavigate };
}

// Every entry is a link (the disabled ones without href); icons are hidden, so names are the texts.
const nav = () => screen.getByRole('navigation', { name: 'Menu główne' });
const entries = () => within(nav()).getAllByRole('link');
const entryTexts = () => entries().map((item) => item.textContent);
const entry = (text: string) => within(nav()).getByRole('link', { name: text });
const queryEntry = (text: string) => within(nav()).queryByRole('link', { name: text });
const currentPath = () => screen.getByRole('status', { name: 'current path' });

const MAIN_ENTRIES = [
  { text: 'Profil', isDisabled: false },
  { text: 'Nowe zgłoszenie', isDisabled: false },
  { text: 'Historia zgłoszeń', isDisabled: false },
  { text: 'Powiadomienia', isDisabled: false },
  { text: 'Dokumenty', isDisabled: true },
  { text: 'Poczta', isDisabled: true },
  { text: 'Zgłoś zagrożenie', isDisabled: false },
  { text: 'Zgłoś błąd', isDisabled: false },
];
const DISABLED_TEXTS = MAIN_ENTRIES.filter(({ isDisabled }) => isDisabled).map(({ text }) => text);
/** A foreman and up also process tickets: the queue follows ticket history. */
const PROCESSOR_TEXTS = [
  ...MAIN_ENTRIES.slice(0, 3).map(({ text }) => text),
  'Kolejka zgłoszeń',
  ...MAIN_ENTRIES.slice(3).map(({ text }) => text),
];
/** A manager and up also handle safety reports: their queue follows "Report danger". */
const HANDLER_TEXTS = PROCESSOR_TEXTS.flatMap((text) =>
  text === 'Zgłoś zagrożenie' ? [text, 'Zgłoszenia BHP'] : [text],
);

describe('Sidebar', () => {
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('lists the eight entries of a worker in the specified order inside the main navigation', () => {
    renderSidebar();
    expect(entryTexts()).toEqual(MAIN_ENTRIES.map(({ text }) => text));
    expect(within(nav()).getAllByRole('list')).toHaveLength(1);
  });

  it.each(MAIN_ENTRIES)('shows "$text" with disabled = $isDisabled', ({ text, isDisabled }) => {
    renderSidebar();
    const item = entry(text);
    if (isDisabled) {
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).not.toHaveAttribute('href');
    } else {
      expect(item).not.toHaveAttribute('aria-disabled');
      expect(item).toHaveAttribute('href');
    }
  });

  it('links each enabled entry to its route', () => {
    renderSidebar({ user: makeUser('admin') });
    const hrefs = entries()
      .filter((item) => item.hasAttribute('href'))
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Profil', '/profile'],
      ['Nowe zgłoszenie', '/new-ticket'],
      ['Historia zgłoszeń', '/ticket-history'],
      ['Kolejka zgłoszeń', '/ticket-queue'],
      ['Powiadomienia', '/notifications'],
      ['Zgłoś zagrożenie', '/report-danger'],
      ['Zgłoszenia BHP', '/safety-queue'],
      ['Zgłoś błąd', '/report-bug'],
      ['Panel administracyjny', '/admin'],
      ['Zarządzanie użytkownikami', '/admin/users'],
      ['Diagnostyka', '/admin/debug'],
    ]);
  });

  it('shows no empty Administration heading when none of its entries is allowed', () => {
    renderSidebar({ user: makeUser('manager', { revokedPermissions: ['VIEW_ALL_USER_DATA'] }) });
    expect(screen.queryByText('Administracja')).not.toBeInTheDocument();
  });

  it('shows "Zgłoś błąd" disabled, without a link, to a user whose SUBMIT_BUG_REPORT is revoked', () => {
    renderSidebar({ user: { ...makeUser('user'), revokedPermissions: ['SUBMIT_BUG_REPORT'] } });
    const item = entry('Zgłoś błąd');
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).not.toHaveAttribute('href');
  });

  it('does not navigate when a disabled entry is clicked', async () => {
    const { onNavigate } = renderSidebar({ path: '/profile' });
    for (const text of DISABLED_TEXTS) {
      await userEvent.click(entry(text));
    }
    expect(currentPath()).toHaveTextContent('/profile');
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('skips the disabled entries when tabbing through the menu', async () => {
    renderSidebar();
    const focused: string[] = [];
    for (let step = 0; step < 7; step++) {
      await userEvent.tab();
      focused.push(document.activeElement?.textContent ?? '');
    }
    expect(focused).toEqual([
      'Profil',
      'Nowe zgłoszenie',
      'Historia zgłoszeń',
      'Powiadomienia',
      'Zgłoś zagrożenie',
      'Zgłoś błąd',
      'PL',
    ]);
  });

  it.each([
    ['/profile', 'Profil'],
    ['/', 'Profil'],
    ['/new-ticket/car/fuel', 'Nowe zgłoszenie'],
    ['/ticket/t-0001', 'Historia zgłoszeń'],
    ['/report-bug', 'Zgłoś błąd'],
    ['/report-danger', 'Zgłoś zagrożenie'],
    ['/notifications', 'Powiadomienia'],
  ])('marks only the entry of %s as the current page', (path, text) => {
    renderSidebar({ path });
    const current = entries().filter((item) => item.getAttribute('aria-current') === 'page');
    expect(current.map((item) => item.textContent)).toEqual([text]);
  });

  it('marks no entry on a page outside the menu', () => {
    renderSidebar({ path: '/no-such-page' });
    expect(entries().filter((item) => item.hasAttribute('aria-current'))).toEqual([]);
  });

  it('navigates to the route of an enabled entry and tells the drawer to close', async () => {
    const { onNavigate } = renderSidebar({ path: '/profile' });
    await userEvent.click(entry('Historia zgłoszeń'));
    expect(currentPath()).toHaveTextContent('/ticket-history');
    expect(entry('Historia zgłoszeń')).toHaveAttribute('aria-current', 'page');
    expect(entry('Profil')).not.toHaveAttribute('aria-current');
    await userEvent.click(entry('Zgłoś błąd'));
    expect(currentPath()).toHaveTextContent('/report-bug');
    expect(onNavigate).toHaveBeenCalledTimes(2);
  });

  it('follows an entry chosen with the keyboard', async () => {
    const { onNavigate } = renderSidebar({ path: '/profile' });
    entry('Nowe zgłoszenie').focus();
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toHaveTextContent('/new-ticket');
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('keeps the drawer open when an entry is opened in a new tab with Ctrl+click', async () => {
    const { onNavigate } = renderSidebar({ path: '/profile' });
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(entry('Historia zgłoszeń'));
    await user.keyboard('{/Control}');
    expect(onNavigate).not.toHaveBeenCalled();
    expect(currentPath()).toHaveTextContent('/profile');
  });

  it('tells the bug report which page the worker was on', async () => {
    renderSidebar({ path: '/ticket-history?status=new' });
    await userEvent.click(entry('Zgłoś błąd'));
    expect(currentPath()).toHaveTextContent('/report-bug');
    expect(screen.getByRole('status', { name: 'navigation state' })).toHaveTextContent(
      JSON.stringify({ from: '/ticket-history?status=new' }),
    );
  });

  it('passes no state to the other entries', async () => {
    renderSidebar({ path: '/profile' });
    await userEvent.click(entry('Historia zgłoszeń'));
    expect(screen.getByRole('status', { name: 'navigation state' })).toHaveTextContent('null');
  });

  describe('ticket queue entry', () => {
    it.each([
      ['foreman', PROCESSOR_TEXTS],
      ['manager', HANDLER_TEXTS],
      ['manager_pl', HANDLER_TEXTS],
      ['admin', HANDLER_TEXTS],
    ])('follows ticket history for %s', (role, texts) => {
      renderSidebar({ user: makeUser(role) });
      expect(entryTexts().slice(0, texts.length)).toEqual(texts);
    });

    it('is hidden from a worker', () => {
      renderSidebar({ user: makeUser('user') });
      expect(queryEntry('Kolejka zgłoszeń')).not.toBeInTheDocument();
    });

    it('is hidden from a foreman whose PROCESS_TICKETS is revoked', () => {
      renderSidebar({ user: makeUser('foreman', { revokedPermissions: ['PROCESS_TICKETS'] }) });
      expect(queryEntry('Kolejka zgłoszeń')).not.toBeInTheDocument();
    });

    it('is shown to a worker with PROCESS_TICKETS assigned', () => {
      renderSidebar({ user: makeUser('user', { assignedPermissions: ['PROCESS_TICKETS'] }) });
      expect(entryTexts()).toEqual(PROCESSOR_TEXTS);
    });

    it('opens the queue, marks it as the current page and closes the drawer', async () => {
      const { onNavigate } = renderSidebar({ user: makeUser('foreman'), path: '/ticket-history' });
      await userEvent.click(entry('Kolejka zgłoszeń'));
      expect(currentPath()).toHaveTextContent('/ticket-queue');
      expect(entry('Kolejka zgłoszeń')).toHaveAttribute('aria-current', 'page');
      expect(entry('Historia zgłoszeń')).not.toHaveAttribute('aria-current');
      expect(onNavigate).toHaveBeenCalledTimes(1);
    });

    it('leaves a ticket page under ticket history', () => {
      renderSidebar({ user: makeUser('foreman'), path: '/ticket/t-0001' });
      expect(entry('Historia zgłoszeń')).toHaveAttribute('aria-current', 'page');
      expect(entry('Kolejka zgłoszeń')).not.toHaveAttribute('aria-current');
    });
  });

  describe('safety reports entry', () => {
    it('is hidden from a foreman, and from a manager whose HANDLE_SAFETY_REPORTS is revoked', () => {
      renderSidebar({ user: makeUser('foreman') });
      expect(queryEntry('Zgłoszenia BHP')).not.toBeInTheDocument();
      cleanup();
      renderSidebar({ user: makeUser('manager', { revokedPermissions: ['HANDLE_SAFETY_REPORTS'] }) });
      expect(queryEntry('Zgłoszenia BHP')).not.toBeInTheDocument();
    });

    it('is shown to a foreman with HANDLE_SAFETY_REPORTS assigned and opens the queue', async () => {
      renderSidebar({ user: makeUser('foreman', { assignedPermissions: ['HANDLE_SAFETY_REPORTS'] }) });
      await userEvent.click(entry('Zgłoszenia BHP'));
      expect(currentPath()).toHaveTextContent('/safety-queue');
      expect(entry('Zgłoszenia BHP')).toHaveAttribute('aria-current', 'page');
    });
  });

  describe('admin section', () => {
    it.each([
      ['user', 8],
      ['foreman', 9],
    ])('is hidden from %s', (role, count) => {
      renderSidebar({ user: makeUser(role) });
      expect(screen.queryByText('Administracja')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Administracja' })).not.toBeInTheDocument();
      expect(queryEntry('Panel administracyjny')).not.toBeInTheDocument();
      expect(queryEntry('Zarządzanie użytkownikami')).not.toBeInTheDocument();
      expect(queryEntry('Diagnostyka')).not.toBeInTheDocument();
      expect(entries()).toHaveLength(count);
    });

    it.each(['manager', 'manager_pl'])('gives %s the dashboard and user management only', (role) => {
      renderSidebar({ user: makeUser(role) });
      expect(screen.getByText('Administracja')).toBeInTheDocument();
      expect(entry('Panel administracyjny')).toBeInTheDocument();
      expect(entry('Zarządzanie użytkownikami')).toBeInTheDocument();
      expect(queryEntry('Diagnostyka')).not.toBeInTheDocument();
    });

    it('gives an admin the dashboard, user management and admin debug, after the main entries', async () => {
      renderSidebar({ user: makeUser('admin') });
      const adminList = screen.getByRole('list', { name: 'Administracja' });
      expect(within(nav()).getByRole('heading', { name: 'Administracja' })).toBeInTheDocument();
      expect(
        within(adminList)
          .getAllByRole('link')
          .map((item) => item.textContent),
      ).toEqual(['Panel administracyjny', 'Zarządzanie użytkownikami', 'Diagnostyka']);
      expect(entryTexts()).toEqual([
        ...HANDLER_TEXTS,
        'Panel administracyjny',
        'Zarządzanie użytkownikami',
        'Diagnostyka',
      ]);
      await userEvent.click(entry('Panel administracyjny'));
      expect(currentPath()).toHaveTextContent(/\/admin$/);
      await userEvent.click(entry('Diagnostyka'));
      expect(currentPath()).toHaveTextContent('/admin/debug');
      await userEvent.click(entry('Zarządzanie użytkownikami'));
      expect(currentPath()).toHaveTextContent('/admin/users');
      expect(entry('Zarządzanie użytkownikami')).toHaveAttribute('aria-current', 'page');
      expect(entry('Panel administracyjny')).not.toHaveAttribute('aria-current');
    });

    it("keeps user management selected on a worker's admin profile page", () => {
      renderSidebar({ user: makeUser('admin'), path: '/admin/profile/u-7' });
      expect(entry('Zarządzanie użytkownikami')).toHaveAttribute('aria-current', 'page');
    });

    it('is hidden from an admin whose CREATE_USER_ACCOUNTS is revoked', () => {
      renderSidebar({ user: makeUser('admin', { revokedPermissions: ['CREATE_USER_ACCOUNTS'] }) });
      expect(screen.queryByText('Administracja')).not.toBeInTheDocument();
      expect(queryEntry('Zarządzanie użytkownikami')).not.toBeInTheDocument();
      expect(queryEntry('Diagnostyka')).not.toBeInTheDocument();
    });

    it('is hidden from a manager whose CREATE_USER_ACCOUNTS is revoked', () => {
      renderSidebar({ user: makeUser('manager', { revokedPermissions: ['CREATE_USER_ACCOUNTS'] }) });
      expect(screen.queryByText('Administracja')).not.toBeInTheDocument();
      expect(queryEntry('Zarządzanie użytkownikami')).not.toBeInTheDocument();
    });

    it('is hidden from a worker with only VIEW_ALL_USER_DATA assigned', () => {
      renderSidebar({ user: makeUser('user', { assignedPermissions: ['VIEW_ALL_USER_DATA'] }) });
      expect(screen.queryByText('Administracja')).not.toBeInTheDocument();
      expect(queryEntry('Zarządzanie użytkownikami')).not.toBeInTheDocument();
    });

    it('offers a worker with both flags assigned nothing: the screens want a manager', () => {
      renderSidebar({
        user: makeUser('user', { assignedPermissions: ['CREATE_USER_ACCOUNTS', 'VIEW_ALL_USER_DATA'] }),
      });
      expect(screen.queryByText('Administracja')).not.toBeInTheDocument();
      expect(queryEntry('Zarządzanie użytkownikami')).not.toBeInTheDocument();
      expect(queryEntry('Panel administracyjny')).not.toBeInTheDocument();
    });

    it('offers a manager with ACCESS_DEBUG_TOOLS assigned no admin debug: the screen wants an admin', () => {
      renderSidebar({ user: makeUser('manager', { assignedPermissions: ['ACCESS_DEBUG_TOOLS'] }) });
      expect(entry('Zarządzanie użytkownikami')).toBeInTheDocument();
      expect(queryEntry('Diagnostyka')).not.toBeInTheDocument();
    });

    it('drops admin debug for an admin whose ACCESS_DEBUG_TOOLS is revoked', () => {
      renderSidebar({ user: makeUser('admin', { revokedPermissions: ['ACCESS_DEBUG_TOOLS'] }) });
      expect(entry('Zarządzanie użytkownikami')).toBeInTheDocument();
      expect(queryEntry('Diagnostyka')).not.toBeInTheDocument();
    });
  });

  it("shows the user's name and e-mail", () => {
    renderSidebar();
    expect(screen.getByText('Anna Nowak')).toBeInTheDocument();
    expect(screen.getByText('anna.nowak@example.com')).toBeInTheDocument();
  });

  it('calls onLogout from the logout button', async () => {
    const { onLogout } = renderSidebar();
    await userEvent.click(screen.getByRole('button', { name: /Wyloguj/ }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('asks for the dark theme when the switch is turned on', async () => {
    const { onThemeChange } = renderSidebar({ themeMode: 'light' });
    const toggle = screen.getByRole('switch', { name: 'Ciemny motyw' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(onThemeChange).toHaveBeenCalledWith('dark');
  });

  it('toggles the theme from the label text too', async () => {
    const { onThemeChange } = renderSidebar({ themeMode: 'light' });
    await userEvent.click(screen.getByText('Ciemny motyw'));
    expect(onThemeChange).toHaveBeenCalledTimes(1);
    expect(onThemeChange).toHaveBeenCalledWith('dark');
  });

  it('shows the switch on in dark mode and asks for light when turned off', async () => {
    const { onThemeChange } = renderSidebar({ themeMode: 'dark' });
    const toggle = screen.getByRole('switch', { name: 'Ciemny motyw' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(onThemeChange).toHaveBeenCalledWith('light');
  });

  it('shows the unread count on the Notifications entry', () => {
    renderSidebar({ unreadCount: 3 });
    const link = within(nav()).getByRole('link', { name: /^Powiadomienia/ });
    expect(within(link).getByText('3')).toHaveAttribute('aria-label', 'Nieprzeczytane: 3');
  });

  it.each([
    [0, null],
    [120, '99+'],
  ])('shows %i unread as %s', (count, text) => {
    renderSidebar({ unreadCount: count });
    const link = within(nav()).getByRole('link', { name: /^Powiadomienia/ });
    if (text === null) expect(link).toHaveTextContent(/^Powiadomienia$/);
    else expect(link).toHaveTextContent(`Powiadomienia${text}`);
  });

  it('offers PL, EN and RU and relabels the menu in the chosen language', async () => {
    renderSidebar();
    const languages = screen.getByRole('group', { name: 'Język' });
    expect(languages).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PL – Polski' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'RU – Русский' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'EN – English' }));
    const english = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(english).getByRole('link', { name: 'Ticket history' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN – English' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('language')).toBe('en');
    await userEvent.click(screen.getByRole('button', { name: 'RU – Русский' }));
    expect(await screen.findByRole('navigation', { name: 'Главное меню' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation')).getByRole('link', { name: 'История заявок' }),
    ).toBeInTheDocument();
  });
});

describe('selectedKey', () => {
  it.each([
    ['/ticket/abc', '/ticket-history'],
    ['/ticket-history', '/ticket-history'],
    ['/ticket-queue', '/ticket-queue'],
    ['/ticket-queue/anything', '/ticket-queue'],
    ['/ticket-queuex', '/ticket-history'],
    ['/', '/profile'],
    ['/profile', '/profile'],
    ['/new-ticket/car/fuel', '/new-ticket'],
    ['/admin/profile/u-7', '/admin/users'],
    ['/admin/users', '/admin/users'],
    ['/report-bug', '/report-bug'],
    ['/notifications', '/notifications'],
    ['/safety/sr-1', '/report-danger'],
    ['/safety-queue', '/safety-queue'],
    ['/report-danger', '/report-danger'],
  ])('marks %s as %s', (pathname, key) => {
    expect(selectedKey(pathname)).toBe(key);
  });
});
