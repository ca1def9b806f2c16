import { type Access, PERMISSIONS, ROLES } from '@domain';
import { type ComponentType, type ReactNode, lazy } from 'react';
import { Route, Routes } from '../lib/router';
import { missingPart } from '../components/missing-part';
import { type TextBundle, loadTexts } from '../i18n';
import { logger } from '../lib/logger';
import type plTexts from '../i18n/pl.json';
import { RequireAccess } from './require-access';

/*
 * The signed-in screens in one table: the router guards each one with its `access` (RequireAccess,
 * SignedInRoutes below) and the sidebar lists the ones with a `nav` entry to exactly the users that
 * access admits, both through canAccess. docs/web-routes.md lists who may open what.
 *
 * The table comes with the signed-in shell's chunk, so /login loads none of it; each screen is a
 * lazy chunk of its own, and each icon a name the sidebar turns into the icon.
 */

/**
 * A screen's lazy chunk; when it cannot be loaded (offline, not on this phone yet) the screen says so
 * and loads it again on Retry or when the connection returns, rather than ending on the error page.
 */
const named = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  lazy(async () => {
    try {
      return { default: pick(await load()) };
    } catch (error) {
      logger.warn('A screen could not be loaded', error);
      return { default: missingPart(async () => pick(await load())) };
    }
  });

/** A screen's module, once the bundles of texts only some screens use are loaded too. */
const withTexts = async <T,>(bundles: TextBundle | TextBundle[], module: Promise<T>): Promise<T> => {
  const [loaded] = await Promise.all([module, ...[bundles].flat().map((bundle) => loadTexts(bundle))]);
  return loaded;
};

// Each screen is its own chunk: /login loads neither the layout nor any signed-in screen.
const ProfilePage = named(
  () => withTexts('profile', import('../profile/profile-page')),
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
  () => withTexts('new-ticket', import('../tickets/new-ticket/new-ticket-pages')),
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
  () => withTexts('queue', import('../tickets/queue/ticket-queue-page')),
  (m) => m.TicketQueuePage,
);
const NotificationsPage = named(
  () => import('../notifications/notifications-page'),
  (m) => m.NotificationsPage,
);
const ReportBugPage = named(
  () => withTexts('bug-report', import('../bug-report/report-bug-page')),
  (m) => m.ReportBugPage,
);
const ReportDangerPage = named(
  () => withTexts('safety', import('../safety/report-danger-page')),
  (m) => m.ReportDangerPage,
);
const SafetyReportPage = named(
  () => withTexts('safety', import('../safety/safety-report-page')),
  (m) => m.SafetyReportPage,
);
const SafetyQueuePage = named(
  () => withTexts('safety', import('../safety/handling/safety-queue-page')),
  (m) => m.SafetyQueuePage,
);
const AdminDashboardPage = named(
  () => withTexts('admin', import('../admin/dashboard/admin-dashboard-page')),
  (m) => m.AdminDashboardPage,
);
const UserListPage = named(
  () => withTexts('admin', import('../admin/users/user-list-page')),
  (m) => m.UserListPage,
);
const AdminProfilePage = named(
  () => withTexts(['admin', 'profile'], import('../admin/profile/admin-profile-page')),
  (m) => m.AdminProfilePage,
);
const AdminDebugPage = named(
  () => withTexts('admin', import('../admin/debug/admin-debug-page')),
  (m) => m.AdminDebugPage,
);

/** The sidebar's icons, by name (sidebar.tsx draws them). */
export type NavIcon =
  | 'profile'
  | 'newTicket'
  | 'ticketHistory'
  | 'ticketQueue'
  | 'notifications'
  | 'documents'
  | 'mail'
  | 'reportDanger'
  | 'reportBug'
  | 'adminDashboard'
  | 'userManagement'
  | 'adminDebug';

/** The sidebar's lists: the main one, then "Administration" (shown when it has an entry). */
export type NavGroup = 'main' | 'admin';

export type NavLabelKey = `nav.${keyof (typeof plTexts)['nav']}`;

export type RouteNav = {
  labelKey: NavLabelKey;
  icon: NavIcon;
  group: NavGroup;
  /** Position in its group, lowest first. */
  order: number;
  /** Listed to everyone the route admits, but a link only for users this also admits (else disabled). */
  enabledFor?: Access;
};

export type AppRoute = {
  /** Absolute path, as the sidebar links to it. */
  path: string;
  element: ReactNode;
  /** Who may open it, beyond being signed in (RequireAuth): canAccess(user, access, rules). */
  access: Access;
  /** Its sidebar entry; none: reached from other screens only. */
  nav?: RouteNav;
};

/** Every signed-in user. */
const SIGNED_IN: Access = {};

/**
 * The administration screens: at least manager (as the server's admin callables want), holding
 * CREATE_USER_ACCOUNTS (whose holders the Administration section is for) and VIEW_ALL_USER_DATA
 * (which the server wants for the dashboard, the user list and a user's profile).
 */
const USER_ADMINISTRATION: Access = {
  role: ROLES.MANAGER,
  allPermissions: [PERMISSIONS.CREATE_USER_ACCOUNTS, PERMISSIONS.VIEW_ALL_USER_DATA],
};

/**
 * Admin debug: admins only, holding ACCESS_DEBUG_TOOLS (as the server's debug callables want) and,
 * like every Administration entry, CREATE_USER_ACCOUNTS.
 */
const ADMIN_DEBUG: Access = {
  role: ROLES.ADMIN,
  allPermissions: [PERMISSIONS.CREATE_USER_ACCOUNTS, PERMISSIONS.ACCESS_DEBUG_TOOLS],
};

/** The screens inside the signed-in shell, which app.tsx puts behind RequireAuth. */
export const SIGNED_IN_ROUTES: readonly AppRoute[] = [
  { path: '/', element: <ProfilePage />, access: SIGNED_IN },
  {
    path: '/profile',
    element: <ProfilePage />,
    access: SIGNED_IN,
    nav: { labelKey: 'nav.profile', icon: 'profile', group: 'main', order: 10 },
  },
  {
    path: '/new-ticket',
    element: <CategorySelectPage />,
    access: SIGNED_IN,
    nav: { labelKey: 'nav.newTicket', icon: 'newTicket', group: 'main', order: 20 },
  },
  { path: '/new-ticket/:category', element: <SubcategorySelectPage />, access: SIGNED_IN },
  { path: '/new-ticket/:category/:subcategory', element: <NewTicketFormPage />, access: SIGNED_IN },
  {
    path: '/ticket-history',
    element: <TicketHistoryPage />,
    access: SIGNED_IN,
    nav: { labelKey: 'nav.ticketHistory', icon: 'ticketHistory', group: 'main', order: 30 },
  },
  // Which tickets a user may read is the server's answer; the page says "Ticket not found" otherwise.
  { path: '/ticket/:ticketId', element: <TicketDetailsPage />, access: SIGNED_IN },
  {
    path: '/ticket-queue',
    element: <TicketQueuePage />,
    access: { allPermissions: [PERMISSIONS.PROCESS_TICKETS] },
    nav: { labelKey: 'nav.ticketQueue', icon: 'ticketQueue', group: 'main', order: 40 },
  },
  {
    path: '/notifications',
    element: <NotificationsPage />,
    access: SIGNED_IN,
    nav: { labelKey: 'nav.notifications', icon: 'notifications', group: 'main', order: 50 },
  },
  {
    // Every worker may report danger.
    path: '/report-danger',
    element: <ReportDangerPage />,
    access: SIGNED_IN,
    nav: { labelKey: 'nav.reportDanger', icon: 'reportDanger', group: 'main', order: 80 },
  },
  // Opened from the report sent, from its notifications and from the safety queue: the reporter's view
  // from their own copy, else the report as the people told of it read it; which reports a user may
  // read is the rules' answer, the page says "Report not found" otherwise.
  { path: '/safety/:reportId', element: <SafetyReportPage />, access: SIGNED_IN },
  {
    path: '/safety-queue',
    element: <SafetyQueuePage />,
    access: { allPermissions: [PERMISSIONS.HANDLE_SAFETY_REPORTS] },
    nav: { labelKey: 'nav.safetyQueue', icon: 'reportDanger', group: 'main', order: 85 },
  },
  {
    // Open to everyone: the page itself says why when the user may not report bugs.
    path: '/report-bug',
    element: <ReportBugPage />,
    access: SIGNED_IN,
    nav: {
      labelKey: 'nav.reportBug',
      icon: 'reportBug',
      group: 'main',
      order: 90,
      enabledFor: { allPermissions: [PERMISSIONS.SUBMIT_BUG_REPORT] },
    },
  },
  {
    path: '/admin',
    element: <AdminDashboardPage />,
    access: USER_ADMINISTRATION,
    nav: { labelKey: 'nav.adminDashboard', icon: 'adminDashboard', group: 'admin', order: 10 },
  },
  {
    path: '/admin/users',
    element: <UserListPage />,
    access: USER_ADMINISTRATION,
    nav: { labelKey: 'nav.userManagement', icon: 'userManagement', group: 'admin', order: 20 },
  },
  // Opened from the user list, under its sidebar entry: the same access.
  { path: '/admin/profile/:userId', element: <AdminProfilePage />, access: USER_ADMINISTRATION },
  {
    path: '/admin/debug',
    element: <AdminDebugPage />,
    access: ADMIN_DEBUG,
    nav: { labelKey: 'nav.adminDebug', icon: 'adminDebug', group: 'admin', order: 30 },
  },
  { path: '*', element: <NotFoundPage />, access: SIGNED_IN },
];

/** Sidebar entries without a screen yet: listed to everyone, disabled, between the routes' entries. */
export const PLANNED_NAV_ENTRIES: readonly { key: string; nav: RouteNav }[] = [
  { key: 'documents', nav: { labelKey: 'nav.documents', icon: 'documents', group: 'main', order: 60 } },
  { key: 'mail', nav: { labelKey: 'nav.mail', icon: 'mail', group: 'main', order: 70 } },
];

/** The signed-in screens, each behind the RequireAccess of its table entry (the shell renders them). */
export function SignedInRoutes() {
  return (
    <Routes>
      {SIGNED_IN_ROUTES.map(({ path, element, access }) => (
        <Route key={path} path={path} element={<RequireAccess access={access}>{element}</RequireAccess>} />
      ))}
    </Routes>
  );
}
