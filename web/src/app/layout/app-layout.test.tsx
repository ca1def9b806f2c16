import { AUTH_RULES } from '@domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../lib/auth/auth-context';
import type { AuthState } from '../../lib/auth/types';
import { AppLayout, WIDE_SCREEN_QUERY } from './app-layout';

/** A matchMedia whose wide-screen answer the test can flip, telling the listeners like a browser. */
function mockScreen(isWideAtStart: boolean) {
  let isWide = isWideAtStart;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === WIDE_SCREEN_QUERY && isWide,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    resize(toWide: boolean) {
      isWide = toWide;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

function renderLayout(unreadCount?: number) {
  const auth: AuthState = {
    user: {
      uid: 'uid-1',
      email: 'anna.nowak@example.com',
      name: 'Anna Nowak',
      role: 'user',
      isSetUp: true,
      profile: null,
      assignedPermissions: [],
      revokedPermissions: [],
    },
    rules: AUTH_RULES,
    isLoading: false,
    isRestoredSignIn: false,
    signOut: () => Promise.resolve(),
  };
  render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={['/profile']}>
        <AppLayout
          themeMode="light"
          onThemeChange={() => undefined}
          onLogout={() => undefined}
          unreadCount={unreadCount}
        >
          <h1>Page content</h1>
        </AppLayout>
        <CurrentPath />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Otwórz menu' });
const drawer = () => screen.getByRole('dialog', { hidden: true });
const queryNav = () => screen.queryByRole('navigation', { name: 'Menu główne' });

describe('AppLayout', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the sidebar beside the page on a wide screen, without a menu button', () => {
    mockScreen(true);
    renderLayout();
    const sider = screen.getByRole('complementary');
    expect(within(sider).getByRole('navigation', { name: 'Menu główne' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('heading', { name: 'Page content' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Otwórz menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });

  it('hides the menu on a phone until the menu button opens it', async () => {
    mockScreen(false);
    renderLayout();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(queryNav()).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton());
    expect(drawer()).toHaveAttribute('open');
    expect(within(drawer()).getByRole('navigation', { name: 'Menu główne' })).toBeVisible();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the drawer once an entry is chosen', async () => {
    mockScreen(false);
    renderLayout();
    await userEvent.click(menuButton());
    await userEvent.click(within(drawer()).getByRole('link', { name: 'Historia zgłoszeń' }));
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/ticket-history');
    expect(drawer()).not.toHaveAttribute('open');
    expect(queryNav()).not.toBeInTheDocument();
  });

  it('closes the drawer on a tap beside it, not on a tap inside it', async () => {
    mockScreen(false);
    renderLayout();
    await userEvent.click(menuButton());
    vi.spyOn(drawer(), 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 260, 740));
    fireEvent.click(drawer(), { clientX: 100, clientY: 300 });
    expect(drawer()).toHaveAttribute('open');
    // A click on the panel's content never counts as the backdrop, whatever coordinates it reports.
    fireEvent.click(within(drawer()).getByText('Anna Nowak'), { clientX: 320, clientY: 600 });
    expect(drawer()).toHaveAttribute('open');
    fireEvent.click(drawer(), { clientX: 320, clientY: 300 });
    expect(drawer()).not.toHaveAttribute('open');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer when the browser closes the dialog (Escape)', async () => {
    mockScreen(false);
    renderLayout();
    await userEvent.click(menuButton());
    act(() => {
      drawer().removeAttribute('open');
      drawer().dispatchEvent(new Event('close'));
    });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not bring back a drawer left open after the screen was wide for a while', async () => {
    const screenSize = mockScreen(false);
    renderLayout();
    await userEvent.click(menuButton());
    screenSize.resize(true);
    expect(screen.getByRole('complementary')).toBeInTheDocument();
    screenSize.resize(false);
    expect(drawer()).not.toHaveAttribute('open');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the unread count on the phone’s menu button and says it in the button’s name', () => {
    mockScreen(false);
    renderLayout(4);
    const button = screen.getByRole('button', { name: 'Otwórz menu (nieprzeczytane powiadomienia: 4)' });
    expect(button).toBeInTheDocument();
    expect(screen.getByTestId('menu-unread-badge')).toHaveTextContent('4');
  });

  it('shows no count on the menu button when nothing is unread', () => {
    mockScreen(false);
    renderLayout(0);
    expect(menuButton()).toBeInTheDocument();
    expect(screen.queryByTestId('menu-unread-badge')).not.toBeInTheDocument();
  });
});
