import { type Access, AUTH_RULES, type AuthRules } from '@domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../lib/router';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { AuthContext } from '../lib/auth/auth-context';
import type { AuthState, EnrichedUser } from '../lib/auth/types';
import { markSignedOut } from '../lib/auth/sign-out-cleanup';
import { PublicOnly, RequireAuth, takeIntendedPath } from './guards';
import { RequireAccess } from './require-access';

const ROLES = ['user', 'foreman', 'manager', 'manager_pl', 'admin'] as const;

function makeUser(
  role: string,
  permissions: Partial<Pick<EnrichedUser, 'assignedPermissions' | 'revokedPermissions'>> = {},
): EnrichedUser {
  return {
    uid: `uid-${role}`,
    email: `${role}@example.com`,
    name: `Test ${role}`,
    role,
    isSetUp: true,
    profile: null,
    assignedPermissions: permissions.assignedPermissions ?? [],
    revokedPermissions: permissions.revokedPermissions ?? [],
  };
}

function authState(user: EnrichedUser | null, rules: AuthRules | null = AUTH_RULES): AuthState {
  return { user, rules, isLoading: false, isRestoredSignIn: false, signOut: () => Promise.resolve() };
}

/** Every landing page names itself and the full location, so a test sees where the user ended up. */
function Page({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <h1>{`${name} ${pathname}${search}`}</h1>;
}

function renderAt(path: string, auth: AuthState, routes: ReactNode) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes}
          <Route path="/login" element={<Page name="Login" />} />
          <Route path="/profile" element={<Page name="Profile" />} />
          <Route path="*" element={<Page name="Other" />} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const signedInRoute = (
  <Route
    path="/ticket-history"
    element={
      <RequireAuth>
        <h1>Ticket history</h1>
      </RequireAuth>
    }
  />
);

describe('RequireAuth', () => {
  it('sends a visitor to /login and remembers the path with its query', async () => {
    renderAt('/ticket-history?status=new&archived=1', authState(null), signedInRoute);
    expect(await screen.findByRole('heading', { name: 'Login /login' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ticket history' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('intendedPath')).toBe('/ticket-history?status=new&archived=1');
  });

  it('remembers nothing after a logout, and only for that one redirect', async () => {
    sessionStorage.setItem('intendedPath', '/ticket-history');
    markSignedOut();
    const { unmount } = renderAt('/ticket-history', authState(null), signedInRoute);
    expect(await screen.findByRole('heading', { name: 'Login /login' })).toBeInTheDocument();
    expect(sessionStorage.getItem('intendedPath')).toBeNull();
    unmount();

    // The next visitor redirect is a normal one again.
    renderAt('/ticket-history', authState(null), signedInRoute);
    expect(await screen.findByRole('heading', { name: 'Login /login' })).toBeInTheDocument();
    expect(sessionStorage.getItem('intendedPath')).toBe('/ticket-history');
  });

  it('shows the screen to a signed-in user and remembers nothing', () => {
    renderAt('/ticket-history', authState(makeUser('user')), signedInRoute);
    expect(screen.getByRole('heading', { name: 'Ticket history' })).toBeInTheDocument();
    expect(sessionStorage.getItem('intendedPath')).toBeNull();
  });

  it('shows an account staff did not make only that it is not set up, and lets it log out', async () => {
    let signedOut = false;
    const selfMade = { ...makeUser('user'), isSetUp: false };
    const auth = {
      ...authState(selfMade),
      signOut: () => {
        signedOut = true;
        return Promise.resolve();
      },
    };
    renderAt('/ticket-history', auth, signedInRoute);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Twoje konto nie jest jeszcze skonfigurowane: zapytaj w biurze',
    );
    expect(screen.queryByRole('heading', { name: 'Ticket history' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Wyloguj' }));
    await waitFor(() => expect(signedOut).toBe(true));
  });
});

function renderRestricted(access: Access, auth: AuthState) {
  return renderAt(
    '/admin/area',
    auth,
    <Route
      path="/admin/area"
      element={
        <RequireAccess access={access}>
          <h1>Restricted area</h1>
        </RequireAccess>
      }
    />,
  );
}

describe('RequireAccess', () => {
  // Hierarchy: user < foreman < manager < manager_pl < admin.
  const cases = ROLES.flatMap((role) => [
    { role, required: 'manager' as const, isAllowed: ['manager', 'manager_pl', 'admin'].includes(role) },
    { role, required: 'admin' as const, isAllowed: role === 'admin' },
  ]);

  it.each(cases)(
    '$role against minimum role $required: allowed = $isAllowed',
    ({ role, required, isAllowed }) => {
      renderRestricted({ role: required }, authState(makeUser(role)));
      if (isAllowed) {
        expect(screen.getByRole('heading', { name: 'Restricted area' })).toBeInTheDocument();
      } else {
        expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
        expect(screen.queryByRole('heading', { name: 'Restricted area' })).not.toBeInTheDocument();
      }
    },
  );

  const viewAll: Access = { allPermissions: ['VIEW_ALL_USER_DATA'] };

  it('lets in a worker who was assigned the permission', () => {
    const worker = makeUser('user', { assignedPermissions: ['VIEW_ALL_USER_DATA'] });
    renderRestricted(viewAll, authState(worker));
    expect(screen.getByRole('heading', { name: 'Restricted area' })).toBeInTheDocument();
  });

  it('keeps out a manager whose permission was revoked', () => {
    const manager = makeUser('manager', { revokedPermissions: ['VIEW_ALL_USER_DATA'] });
    renderRestricted(viewAll, authState(manager));
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
  });

  it('grants a permission by role default and refuses a worker without it', () => {
    const { unmount } = renderRestricted(viewAll, authState(makeUser('manager')));
    expect(screen.getByRole('heading', { name: 'Restricted area' })).toBeInTheDocument();
    unmount();
    renderRestricted(viewAll, authState(makeUser('user')));
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
  });

  it('wants the role and the permission together', () => {
    const debug: Access = { role: 'admin', allPermissions: ['ACCESS_DEBUG_TOOLS'] };
    const { unmount } = renderRestricted(
      debug,
      authState(makeUser('manager', { assignedPermissions: ['ACCESS_DEBUG_TOOLS'] })),
    );
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
    unmount();
    renderRestricted(debug, authState(makeUser('admin')));
    expect(screen.getByRole('heading', { name: 'Restricted area' })).toBeInTheDocument();
  });

  it('refuses even an admin while there are no rules', () => {
    renderRestricted({ role: 'manager' }, authState(makeUser('admin'), null));
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
  });

  it('lets any signed-in user into a screen that requires nothing, even without rules', () => {
    renderRestricted({}, authState(makeUser('user'), null));
    expect(screen.getByRole('heading', { name: 'Restricted area' })).toBeInTheDocument();
  });

  it('refuses a visitor', () => {
    renderRestricted({ role: 'manager' }, authState(null));
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
  });
});

const loginRoute = (
  <Route
    path="/login"
    element={
      <PublicOnly>
        <h1>Sign-in form</h1>
      </PublicOnly>
    }
  />
);

describe('PublicOnly', () => {
  it('shows the sign-in screen to a visitor and keeps the intended path for later', () => {
    sessionStorage.setItem('intendedPath', '/ticket/abc');
    renderAt('/login', authState(null), loginRoute);
    expect(screen.getByRole('heading', { name: 'Sign-in form' })).toBeInTheDocument();
    expect(sessionStorage.getItem('intendedPath')).toBe('/ticket/abc');
  });

  it('sends a signed-in user to the stored intended path once, then to /profile', () => {
    sessionStorage.setItem('intendedPath', '/ticket/abc?tab=log');
    const { unmount } = renderAt('/login', authState(makeUser('user')), loginRoute);
    expect(screen.getByRole('heading', { name: 'Other /ticket/abc?tab=log' })).toBeInTheDocument();
    expect(sessionStorage.getItem('intendedPath')).toBeNull();
    unmount();

    renderAt('/login', authState(makeUser('user')), loginRoute);
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
  });

  it('sends a signed-in user without an intended path to /profile', () => {
    renderAt('/login', authState(makeUser('user')), loginRoute);
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
  });

  it.each([
    '//evil.com',
    '//evil.com/profile',
    'https://evil.com',
    'javascript:alert(1)',
    'ticket/abc',
    '/login?next=x',
  ])('never follows the stored value %s', (stored) => {
    sessionStorage.setItem('intendedPath', stored);
    renderAt('/login', authState(makeUser('user')), loginRoute);
    expect(screen.getByRole('heading', { name: 'Profile /profile' })).toBeInTheDocument();
    expect(sessionStorage.getItem('intendedPath')).toBeNull();
  });

  // main.tsx renders in <StrictMode>: the double render and effect run must not use up the path.
  it('restores the intended path under StrictMode, as main.tsx renders the app', () => {
    sessionStorage.setItem('intendedPath', '/ticket/abc');
    render(
      <StrictMode>
        <AuthContext.Provider value={authState(makeUser('user'))}>
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              {loginRoute}
              <Route path="/profile" element={<Page name="Profile" />} />
              <Route path="*" element={<Page name="Other" />} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </StrictMode>,
    );
    expect(screen.getByRole('heading', { name: 'Other /ticket/abc' })).toBeInTheDocument();
  });
});

describe('takeIntendedPath', () => {
  it('returns a stored same-app path once and then /profile', () => {
    sessionStorage.setItem('intendedPath', '/new-ticket/car?draft=1#top');
    expect(takeIntendedPath()).toBe('/new-ticket/car?draft=1#top');
    expect(takeIntendedPath()).toBe('/profile');
  });
});
