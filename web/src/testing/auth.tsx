import { AUTH_RULES, type WorkerProfile } from '@domain';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { NoticesProvider } from '../notices';
import { MemoryRouter } from '../lib/router';
import '../i18n';
import { AuthContext, useAuth } from '../lib/auth/auth-context';
import type { AuthState, EnrichedUser } from '../lib/auth/types';

export type TestUserOptions = {
  uid?: string;
  role?: string;
  name?: string;
  email?: string;
  assignedPermissions?: string[];
  revokedPermissions?: string[];
  worker?: WorkerProfile | null;
};

/** A signed-in user as the auth provider would build it. */
export function testUser(options: TestUserOptions = {}): EnrichedUser {
  const {
    uid = 'u-worker',
    role = 'user',
    name = 'Piotr Kowalczyk',
    email = 'worker@example.com',
    assignedPermissions = [],
    revokedPermissions = [],
    worker = null,
  } = options;
  return {
    uid,
    email,
    name,
    role,
    isSetUp: true,
    profile: { name, assignedPermissions, revokedPermissions, worker },
    assignedPermissions,
    revokedPermissions,
  };
}

/** Renders a screen for a signed-in user (the real rules table) inside a router at `path`. */
export function renderSignedIn(ui: ReactElement, options: TestUserOptions & { path?: string } = {}) {
  const user = testUser(options);
  const auth: AuthState = {
    user,
    rules: AUTH_RULES,
    isLoading: false,
    isRestoredSignIn: false,
    signOut: () => Promise.resolve(),
  };
  // As in the app, notices are offered above every screen: a screen part that loads late (a lazy
  // chunk such as the ticket actions) may show them whenever it arrives.
  const wrap = (screen: ReactElement) => (
    <AuthContext.Provider value={auth}>
      <NoticesProvider>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{screen}</MemoryRouter>
      </NoticesProvider>
    </AuthContext.Provider>
  );
  const result = render(wrap(ui));
  return {
    user,
    ...result,
    /** Renders `next` inside the same providers, keeping their state (give it new elements). */
    rerender: (next: ReactElement) => result.rerender(wrap(next)),
  };
}

/** Shows the auth state as text: 'loading', the signed-in user's name, or 'signed out'. */
export function AuthProbe({ onRender }: { onRender?: (state: AuthState) => void }) {
  const state = useAuth();
  onRender?.(state);
  return <p>{state.isLoading ? 'loading' : (state.user?.name ?? 'signed out')}</p>;
}
