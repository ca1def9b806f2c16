import { ALL_PERMISSIONS, AUTH_RULES, type Access, type AuthRules, canAccess } from '@domain';
import { act, render } from '@testing-library/react';
import i18n from 'i18next';
import { type ReactNode, Suspense, useEffect } from 'react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from '../lib/router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { AuthContext } from '../lib/auth/auth-context';
import type { AuthState, EnrichedUser } from '../lib/auth/types';
import type * as DeviceKey from '../lib/idb/device-key';
import type * as NotificationsApi from '../notifications/api';
import { AppRouteTree } from './app';
import { WIDE_SCREEN_QUERY } from './layout/app-layout';
import { Sidebar } from './layout/sidebar';
import { type AppRoute, SIGNED_IN_ROUTES, SignedInRoutes } from './routes';

// app.tsx brings the update prompt: `virtual:pwa-register` only exists in a Vite build with the PWA plugin.
vi.mock('../pwa/register-sw', () => ({ registerSW: () => () => Promise.resolve() }));
// The signed-in shell is the real one, without its live data: no unread count, outbox or device key.
vi.mock('../notifications/api', async (importOriginal) => ({
  ...(await importOriginal<typeof NotificationsApi>()),
  useUnreadNotificationCount: () => 0,
}));
vi.mock('../tickets/outbox/use-outbox-sender', () => ({ useOutboxSender: () => undefined }));
vi.mock('../safety/outbox/use-safety-outbox', () => ({
  useSafetyOutboxSender: () => undefined,
  unsentSafetyReportCount: () => Promise.resolve(0),
}));
vi.mock('../lib/idb/device-key', async (importOriginal) => ({
  ...(await importOriginal<typeof DeviceKey>()),
  prefetchDeviceKey: () => () => undefined,
}));
// Every screen is a stub that names itself: what is checked is which screen the app's own route tree
// (app.tsx, then the shell's table) shows, where it leaves the user, and what the shell's sidebar lists.
const stub = vi.hoisted(() => (name: string) => () => `[screen:${name}]`);
vi.mock('../profile/profile-page', () => ({ ProfilePage: stub('ProfilePage') }));
vi.mock('../components/not-found-page', () => ({ NotFoundPage: stub('NotFoundPage') }));
vi.mock('../tickets/new-ticket/new-ticket-pages', () => ({
  CategorySelectPage: stub('CategorySelectPage'),
  SubcategorySelectPage: stub('SubcategorySelectPage'),
  NewTicketFormPage: stub('NewTicketFormPage'),
}));
vi.mock('../tickets/history/ticket-history-page', () => ({ TicketHistoryPage: stub('TicketHistoryPage') }));
vi.mock('../tickets/details/ticket-details-page', () => ({ TicketDetailsPage: stub('TicketDetailsPage') }));
vi.mock('../tickets/queue/ticket-queue-page', () => ({ TicketQueuePage: stub('TicketQueuePage') }));
vi.mock('../notifications/notifications-page', () => ({ NotificationsPage: stub('NotificationsPage') }));
vi.mock('../bug-report/report-bug-page', () => ({ ReportBugPage: stub('ReportBugPage') }));
vi.mock('../safety/report-danger-page', () => ({ ReportDangerPage: stub('ReportDangerPage') }));
vi.mock('../safety/safety-report-page', () => ({ SafetyReportPage: stub('SafetyReportPage') }));
vi.mock('../safety/handling/safety-queue-page', () => ({ SafetyQueuePage: stub('SafetyQueuePage') }));
vi.mock('../admin/dashboard/admin-dashboard-page', () => ({
  AdminDashboardPage: stub('AdminDashboardPage'),
}));
vi.mock('../admin/users/user-list-page', () => ({ UserListPage: stub('UserListPage') }));
vi.mock('../admin/profile/admin-profile-page', () => ({ AdminProfilePage: stub('AdminProfilePage') }));
vi.mock('../admin/debug/admin-debug-page', () => ({ AdminDebugPage: stub('AdminDebugPage') }));

/** The screen each route of the table shows, and an address that opens it. */
const SCREENS: Record<string, { screen: string; url: string }> = {
  '/': { screen: 'ProfilePage', url: '/' },
  '/profile': { screen: 'ProfilePage', url: '/profile' },
  '/new-ticket': { screen: 'CategorySelectPage', url: '/new-ticket' },
  '/new-ticket/:category': { screen: 'SubcategorySelectPage', url: '/new-ticket/car' },
  '/new-ticket/:category/:subcategory': { screen: 'NewTicketFormPage', url: '/new-ticket/car/fuel' },
  '/ticket-history': { screen: 'TicketHistoryPage', url: '/ticket-history' },
  '/ticket/:ticketId': { screen: 'TicketDetailsPage', url: '/ticket/t-0001' },
  '/ticket-queue': { screen: 'TicketQueuePage', url: '/ticket-queue' },
  '/notifications': { screen: 'NotificationsPage', url: '/notifications' },
  '/report-danger': { screen: 'ReportDangerPage', url: '/report-danger' },
  '/safety/:reportId': { screen: 'SafetyReportPage', url: '/safety/r-0001' },
  '/safety-queue': { screen: 'SafetyQueuePage', url: '/safety-queue' },
  '/report-bug': { screen: 'ReportBugPage', url: '/report-bug' },
  '/admin': { screen: 'AdminDashboardPage', url: '/admin' },
  '/admin/users': { screen: 'UserListPage', url: '/admin/users' },
  '/admin/profile/:userId': { screen: 'AdminProfilePage', url: '/admin/profile/u-7' },
  '/admin/debug': { screen: 'AdminDebugPage', url: '/admin/debug' },
  '*': { screen: 'NotFoundPage', url: '/no-such-page' },
};
const screenOf = (route: AppRoute) => {
  const entry = SCREENS[route.path];
  if (!entry) throw new Error(`No expected screen for ${route.path}: add it to SCREENS`);
  return entry;
};

type Subject = { label: string; user: EnrichedUser; rules: AuthRules | null };

function makeUser(role: string, assigned: string[] = [], revoked: string[] = []): EnrichedUser {
  return {
    uid: `uid-${role}`,
    email: `${role}@example.com`,
    name: `Test ${role}`,
    role,
    isSetUp: true,
    profile: null,
    assignedPermissions: assigned,
    revokedPermissions: revoked,
  };
}

// An unknown role ('intern') holds no role default and no level, only what is assigned to it.
const ROLES = ['user', 'foreman', 'manager', 'manager_pl', 'admin', 'intern'];
/**
 * Each role with its defaults, with each permission assigned, with each revoked, with all assigned, with
 * all revoked, and without rules.
 */
const SUBJECTS: Subject[] = ROLES.flatMap((role) => [
  { label: `${role}`, user: makeUser(role), rules: AUTH_RULES },
  ...ALL_PERMISSIONS.flatMap((permission) => [
    { label: `${role} +${permission}`, user: makeUser(role, [permission]), rules: AUTH_RULES },
    { label: `${role} -${permission}`, user: makeUser(role, [], [permission]), rules: AUTH_RULES },
  ]),
  { label: `${role} +all`, user: makeUser(role, [...ALL_PERMISSIONS]), rules: AUTH_RULES },
  { label: `${role} -all`, user: makeUser(role, [], [...ALL_PERMISSIONS]), rules: AUTH_RULES },
  { label: `${role} (no rules)`, user: makeUser(role), rules: null },
]);

const authState = ({ user, rules }: Subject): AuthState => ({
  user,
  rules,
  isLoading: false,
  isRestoredSignIn: false,
  signOut: () => Promise.resolve(),
});

function LocationProbe() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

const renderApp = (subject: Subject, url: string, driver?: ReactNode, tree: ReactNode = <AppRouteTree />) =>
  render(
    <AuthContext.Provider value={authState(subject)}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback="loading">{tree}</Suspense>
        <LocationProbe />
        {driver}
      </MemoryRouter>
    </AuthContext.Provider>,
  );

function Driver({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onNavigate(navigate);
  }, [navigate, onNavigate]);
  return null;
}

type SidebarEntry = { label: string; href: string | null };

type App = {
  /** Where the app's router leaves the subject who opens `url`, and the screen it shows there. */
  open: (url: string) => { location: string | null; screen: string | null };
  /** Whether the router lets the subject into the route: its screen shows at its address. */
  admits: (route: AppRoute) => boolean;
  /** The entries of the shell's sidebar, by label, with the address each links to (none: disabled). */
  sidebar: () => SidebarEntry[];
};

/**
 * The app's route tree (app.tsx) mounted once for a subject, with the real signed-in shell and its
 * sidebar; the subject then opens one address after another. `tree` replaces the app's tree.
 */
function withApp(subject: Subject, check: (app: App) => void, tree?: ReactNode) {
  let navigate: NavigateFunction | undefined;
  const view = renderApp(subject, '/profile', <Driver onNavigate={(to) => (navigate = to)} />, tree);
  // Queries by role would cost more than the navigations: thousands of these run.
  const open = (url: string) => {
    act(() => void navigate?.(url));
    return {
      location: view.container.querySelector('output[aria-label="location"]')?.textContent ?? null,
      screen: (view.container.textContent ?? '').match(/\[screen:(\w+)\]/)?.[1] ?? null,
    };
  };
  const admits = (route: AppRoute) => {
    const { screen: expected, url } = screenOf(route);
    const landed = open(url);
    if (landed.location === url && landed.screen === expected) return true;
    // Refused: always to the profile, never anywhere else.
    expect(landed, `${subject.label} refused ${url}`).toEqual({
      location: '/profile',
      screen: 'ProfilePage',
    });
    return false;
  };
  const sidebar = () => {
    const links = [...view.container.querySelectorAll('nav a')];
    expect(links.length, 'the shell shows its sidebar').toBeGreaterThan(0);
    return links.map((link) => ({ label: link.textContent ?? '', href: link.getAttribute('href') }));
  };
  try {
    check({ open, admits, sidebar });
  } finally {
    view.unmount();
  }
}

/** The entries of the sidebar alone, as sidebar() reads them in the app. */
function sidebarEntries(subject: Subject): SidebarEntry[] {
  const view = render(
    <AuthContext.Provider value={authState(subject)}>
      <MemoryRouter initialEntries={['/profile']}>
        <Sidebar themeMode="light" onThemeChange={() => undefined} onLogout={() => undefined} />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  const entries = [...view.container.querySelectorAll('nav a')].map((link) => ({
    label: link.textContent ?? '',
    href: link.getAttribute('href'),
  }));
  view.unmount();
  return entries;
}

const NAV_ROUTES = SIGNED_IN_ROUTES.filter((route) => route.nav);
const labelOf = (route: AppRoute) => i18n.t(route.nav?.labelKey ?? '');

const everyone: Subject = { label: 'admin', user: makeUser('admin'), rules: AUTH_RULES };

beforeAll(async () => {
  // A wide screen, where the sidebar stays in place (on a phone it waits in a closed drawer).
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === WIDE_SCREEN_QUERY,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  // The screens are lazy: load each once, so that every later render is synchronous.
  for (const route of SIGNED_IN_ROUTES) {
    const view = renderApp(everyone, screenOf(route).url);
    expect(await view.findByText(`[screen:${screenOf(route).screen}]`)).toBeInTheDocument();
    view.unmount();
  }
});

describe('the access map: one route table for the router and the sidebar', () => {
  it('names a screen for every route of the table, and the app shows it to an admin', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(SIGNED_IN_ROUTES.map(({ path }) => path).sort());
    withApp(everyone, (app) => {
      for (const route of SIGNED_IN_ROUTES) expect(app.admits(route), route.path).toBe(true);
    });
  });

  it('checks every role and permission variant it is meant to', () => {
    // 6 roles x (defaults + each permission assigned + each revoked + all assigned + all revoked + no rules).
    expect(SUBJECTS).toHaveLength(ROLES.length * (2 * ALL_PERMISSIONS.length + 4));
    expect(NAV_ROUTES.map(({ path }) => path)).toEqual([
      '/profile',
      '/new-ticket',
      '/ticket-history',
      '/ticket-queue',
      '/notifications',
      '/report-danger',
      '/safety-queue',
      '/report-bug',
      '/admin',
      '/admin/users',
      '/admin/debug',
    ]);
  });

  it.each(ROLES)(
    'for %s with every permission variant: the sidebar lists a route exactly when the router lets the user in',
    (role) => {
      for (const subject of SUBJECTS.filter(({ user }) => user.role === role)) {
        // The sidebar and the routes the shell renders, each without the shell around it: the shell
        // would triple the time of these thousands of renders (the tests below go through the whole app).
        const entries = sidebarEntries(subject);
        withApp(
          subject,
          (app) => {
            for (const route of SIGNED_IN_ROUTES) {
              const isAdmitted = app.admits(route);
              // The router's answer is the table's: canAccess on the route's own access.
              expect(isAdmitted, `${subject.label} at ${route.path}`).toBe(
                canAccess(subject.user, route.access, subject.rules),
              );
              if (!route.nav) continue;
              const entry = entries.find(({ label }) => label === labelOf(route));
              expect(entry !== undefined, `${subject.label}: sidebar lists ${route.path}`).toBe(isAdmitted);
              if (!entry) continue;
              // A listed entry links to its route, unless it is shown disabled (no link to follow).
              const isEnabled = route.nav.enabledFor
                ? canAccess(subject.user, route.nav.enabledFor, subject.rules)
                : true;
              expect(entry.href, `${subject.label}: link of ${route.path}`).toBe(
                isEnabled ? route.path : null,
              );
            }
          },
          <SignedInRoutes />,
        );
        // Nothing else links anywhere: every link of the sidebar is a route of the table.
        const routed = entries.filter(({ href }) => href !== null).map(({ href }) => href);
        expect(routed.every((href) => NAV_ROUTES.some(({ path }) => path === href))).toBe(true);
      }
    },
    120_000,
  );

  it('sends a refused user to /profile, which admits every signed-in user, with or without rules', () => {
    const profile = SIGNED_IN_ROUTES.find(({ path }) => path === '/profile');
    expect(profile).toBeDefined();
    for (const subject of SUBJECTS) {
      expect(canAccess(subject.user, profile?.access ?? { anyPermission: [] }, subject.rules)).toBe(true);
    }
  });

  it('keeps the disabled entries without a route for everyone, and "Zgłoś zagrożenie" is not one of them', () => {
    for (const subject of [everyone, SUBJECTS[0] as Subject]) {
      withApp(subject, (app) => {
        const disabled = app
          .sidebar()
          .filter(({ href }) => href === null)
          .map(({ label }) => label);
        expect(disabled).toEqual(['Dokumenty', 'Poczta']);
      });
    }
  });

  describe('both read the table itself', () => {
    const NOBODY: Access = { anyPermission: [] };

    /** Runs `check` with the access of these routes replaced, then puts it back. */
    function withAccess(routes: readonly AppRoute[], access: Access, check: () => void) {
      const originals = routes.map((route) => route.access);
      for (const route of routes) route.access = access;
      try {
        check();
      } finally {
        routes.forEach((route, index) => (route.access = originals[index] as Access));
      }
    }

    /** For each route, whether the whole app (real shell) admits the subject and its sidebar lists it. */
    function inApp(subject: Subject, routes: readonly AppRoute[]) {
      const seen: { path: string; isAdmitted: boolean; isListed: boolean }[] = [];
      withApp(subject, (app) => {
        const labels = app.sidebar().map(({ label }) => label);
        for (const route of routes) {
          const isListed = route.nav !== undefined && labels.includes(labelOf(route));
          seen.push({ path: route.path, isAdmitted: app.admits(route), isListed });
        }
      });
      return seen;
    }

    const expected = (routes: readonly AppRoute[], isOpen: boolean) =>
      routes.map(({ path, nav }) => ({ path, isAdmitted: isOpen, isListed: isOpen && nav !== undefined }));

    // /profile is where a refused user goes: it cannot refuse anybody (see above).
    const changeable = SIGNED_IN_ROUTES.filter(({ path }) => path !== '/profile');

    it('closes each route and its entry to an admin when its table entry admits nobody', () => {
      expect(inApp(everyone, changeable)).toEqual(expected(changeable, true));
      withAccess(changeable, NOBODY, () => {
        expect(inApp(everyone, changeable)).toEqual(expected(changeable, false));
      });
    });

    it('opens each restricted route and its entry to an unknown role when its table entry admits everyone', () => {
      const stranger: Subject = { label: 'intern', user: makeUser('intern'), rules: AUTH_RULES };
      const restricted = changeable.filter((route) => !canAccess(stranger.user, route.access, AUTH_RULES));
      expect(restricted.map(({ path }) => path)).toEqual([
        '/ticket-queue',
        '/safety-queue',
        '/admin',
        '/admin/users',
        '/admin/profile/:userId',
        '/admin/debug',
      ]);
      expect(inApp(stranger, restricted)).toEqual(expected(restricted, false));
      withAccess(restricted, {}, () => {
        expect(inApp(stranger, restricted)).toEqual(expected(restricted, true));
      });
    });
  });
});

describe('what each role may open (the product rules the table keeps)', () => {
  const admitted = (
    role: string,
    extra: Partial<Pick<EnrichedUser, 'assignedPermissions' | 'revokedPermissions'>> = {},
  ) => {
    const subject: Subject = {
      label: role,
      user: { ...makeUser(role), ...extra },
      rules: AUTH_RULES,
    };
    const restricted = [
      '/ticket-queue',
      '/safety-queue',
      '/admin',
      '/admin/users',
      '/admin/profile/:userId',
      '/admin/debug',
    ];
    let admitted: string[] = [];
    withApp(subject, (app) => {
      admitted = restricted.filter((path) =>
        app.admits(SIGNED_IN_ROUTES.find((route) => route.path === path) as AppRoute),
      );
    });
    return admitted;
  };

  it.each([
    ['user', []],
    ['foreman', ['/ticket-queue']],
    ['manager', ['/ticket-queue', '/safety-queue', '/admin', '/admin/users', '/admin/profile/:userId']],
    ['manager_pl', ['/ticket-queue', '/safety-queue', '/admin', '/admin/users', '/admin/profile/:userId']],
    [
      'admin',
      ['/ticket-queue', '/safety-queue', '/admin', '/admin/users', '/admin/profile/:userId', '/admin/debug'],
    ],
    ['intern', []],
  ])('%s opens %j of the restricted screens', (role, paths) => {
    expect(admitted(role)).toEqual(paths);
  });

  it('keeps a permission from opening a screen whose role the user lacks', () => {
    expect(admitted('user', { assignedPermissions: ['CREATE_USER_ACCOUNTS', 'VIEW_ALL_USER_DATA'] })).toEqual(
      [],
    );
    expect(admitted('manager', { assignedPermissions: ['ACCESS_DEBUG_TOOLS'] })).not.toContain(
      '/admin/debug',
    );
    expect(admitted('user', { assignedPermissions: ['PROCESS_TICKETS'] })).toEqual(['/ticket-queue']);
  });

  it('closes a screen to a role whose permission for it is revoked', () => {
    expect(admitted('admin', { revokedPermissions: ['ACCESS_DEBUG_TOOLS'] })).not.toContain('/admin/debug');
    expect(admitted('manager', { revokedPermissions: ['VIEW_ALL_USER_DATA'] })).toEqual([
      '/ticket-queue',
      '/safety-queue',
    ]);
    expect(admitted('manager', { revokedPermissions: ['CREATE_USER_ACCOUNTS'] })).toEqual([
      '/ticket-queue',
      '/safety-queue',
    ]);
    expect(admitted('manager', { revokedPermissions: ['HANDLE_SAFETY_REPORTS'] })).not.toContain(
      '/safety-queue',
    );
    expect(admitted('foreman', { assignedPermissions: ['HANDLE_SAFETY_REPORTS'] })).toEqual([
      '/ticket-queue',
      '/safety-queue',
    ]);
    expect(admitted('foreman', { revokedPermissions: ['PROCESS_TICKETS'] })).toEqual([]);
  });
});
