import { AUTH_RULES } from '@domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
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
};

function renderSidebar({
  user = makeUser('user'),
  path = '/profile',
  themeMode = 'light',
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
        />
        <CurrentPath />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return { onThemeChange, onLogout, onNavigate };
}

// antd icons carry their own label ("user", "bell"), so an entry's accessible name ends with its text.
const entry = (text: string) => screen.getByRole('menuitem', { name: new RegExp(`${text}$`) });
const queryEntry = (text: string) => screen.queryByRole('menuitem', { name: new RegExp(`${text}$`) });
const currentPath = () => screen.getByRole('status', { name: 'current path' });

const MAIN_ENTRIES = [
  { text: 'Profil', isDisabled: false },
  { text: 'Nowe zgłoszenie', isDisabled: false },
  { text: 'Historia zgłoszeń', isDisabled: false },
  { text: 'Powiadomienia', isDisabled: true },
  { text: 'Dokumenty', isDisabled: true },
  { text: 'Poczta', isDisabled: true },
  { text: 'Zgłoś zagrożenie', isDisabled: true },
  { text: 'Zgłoś błąd', isDisabled: false },
];

describe('Sidebar', () => {
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('lists the eight entries in the specified order inside the main navigation', () => {
    renderSidebar();
    expect(screen.getByRole('navigation', { name: 'Menu główne' })).toBeInTheDocument();
    const texts = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(texts).toEqual(MAIN_ENTRIES.map(({ text }) => text));
  });

  it.each(MAIN_ENTRIES)('shows "$text" with disabled = $isDisabled', ({ text, isDisabled }) => {
    renderSidebar();
    const item = entry(text);
    if (isDisabled) expect(item).toHaveAttribute('aria-disabled', 'true');
    else expect(item).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('does not navigate when a disabled entry is clicked', async () => {
    const { onNavigate } = renderSidebar({ path: '/profile' });
    for (const text of ['Powiadomienia', 'Dokumenty', 'Poczta', 'Zgłoś zagrożenie']) {
      await userEvent.click(entry(text));
    }
    expect(currentPath()).toHaveTextContent('/profile');
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('navigates to the route of an enabled entry and tells the drawer to close', async () => {
    const { onNavigate } = renderSidebar({ path: '/profile' });
    await userEvent.click(entry('Historia zgłoszeń'));
    expect(currentPath()).toHaveTextContent('/ticket-history');
    await userEvent.click(entry('Zgłoś błąd'));
    expect(currentPath()).toHaveTextContent('/report-bug');
    expect(onNavigate).toHaveBeenCalledTimes(2);
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

  describe('admin section', () => {
    it.each(['user', 'foreman'])('is hidden from %s', (role) => {
      renderSidebar({ user: makeUser(role) });
      expect(screen.queryByText('Administracja')).not.toBeInTheDocument();
      expect(queryEntry('Panel administracyjny')).not.toBeInTheDocument();
      expect(queryEntry('Zarządzanie użytkownikami')).not.toBeInTheDocument();
      expect(queryEntry('Diagnostyka')).not.toBeInTheDocument();
      expect(screen.getAllByRole('menuitem')).toHaveLength(8);
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
      expect(screen.getByText('Administracja')).toBeInTheDocument();
      const texts = screen.getAllByRole('menuitem').map((item) => item.textContent);
      expect(texts.slice(8)).toEqual(['Panel administracyjny', 'Zarządzanie użytkownikami', 'Diagnostyka']);
      await userEvent.click(entry('Panel administracyjny'));
      expect(currentPath()).toHaveTextContent(/\/admin$/);
      await userEvent.click(entry('Diagnostyka'));
      expect(currentPath()).toHaveTextContent('/admin/debug');
      await userEvent.click(entry('Zarządzanie użytkownikami'));
      expect(currentPath()).toHaveTextContent('/admin/users');
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

    it('follows assigned permissions: a worker with both flags gets user management', () => {
      renderSidebar({
        user: makeUser('user', { assignedPermissions: ['CREATE_USER_ACCOUNTS', 'VIEW_ALL_USER_DATA'] }),
      });
      expect(screen.getByText('Administracja')).toBeInTheDocument();
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

  it('shows the switch on in dark mode and asks for light when turned off', async () => {
    const { onThemeChange } = renderSidebar({ themeMode: 'dark' });
    const toggle = screen.getByRole('switch', { name: 'Ciemny motyw' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(onThemeChange).toHaveBeenCalledWith('light');
  });

  it('offers PL, EN and RU and relabels the menu in the chosen language', async () => {
    renderSidebar();
    const languages = screen.getByRole('group', { name: 'Język' });
    expect(languages).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PL – Polski' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'RU – Русский' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'EN – English' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(entry('Ticket history')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN – English' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('language')).toBe('en');
  });
});

describe('selectedKey', () => {
  it.each([
    ['/ticket/abc', '/ticket-history'],
    ['/ticket-history', '/ticket-history'],
    ['/', '/profile'],
    ['/profile', '/profile'],
    ['/new-ticket/car/fuel', '/new-ticket'],
    ['/admin/profile/u-7', '/admin/users'],
    ['/admin/users', '/admin/users'],
    ['/report-bug', '/report-bug'],
  ])('marks %s as %s', (pathname, key) => {
    expect(selectedKey(pathname)).toBe(key);
  });
});
