// The sidebar is plain markup on purpose: antd Menu (with rc-menu, Tooltip, Overflow and motion),
// Switch, Space and Typography cost every signed-in route 15 to 40 KB gzip of JavaScript.
import { canAccess } from '@domain';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../lib/router';
import { LanguageSwitch } from '../../components/language-switch';
import { useAuth } from '../../lib/auth/auth-context';
import type { ThemeMode } from '../../lib/theme';
import { Button } from '../../components/ui/button';
import {
  AlertOutlined,
  BellOutlined,
  BugOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HistoryOutlined,
  LogoutOutlined,
  MailOutlined,
  MoonOutlined,
  OrderedListOutlined,
  PlusCircleOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '../../components/ui/icons';
import { type NavGroup, type NavIcon, PLANNED_NAV_ENTRIES, type RouteNav, SIGNED_IN_ROUTES } from '../routes';
import './sidebar.css';

const NAV_ICONS: Record<NavIcon, typeof UserOutlined> = {
  profile: UserOutlined,
  newTicket: PlusCircleOutlined,
  ticketHistory: HistoryOutlined,
  ticketQueue: OrderedListOutlined,
  notifications: BellOutlined,
  documents: FileTextOutlined,
  mail: MailOutlined,
  reportDanger: AlertOutlined,
  reportBug: BugOutlined,
  adminDashboard: DashboardOutlined,
  userManagement: TeamOutlined,
  adminDebug: ToolOutlined,
};

export type SidebarProps = {
  themeMode: ThemeMode;
  onThemeChange: (mode: ThemeMode) => void;
  onLogout: () => void;
  /** Called after a menu choice, so the phone drawer can close. */
  onNavigate?: () => void;
  /** The reader's unread notifications, shown on the Notifications entry (none: no badge). */
  unreadCount?: number;
};

/** A menu entry: `key` is its route path; the entries planned without a route yet are disabled. */
export type NavEntry = {
  key: string;
  icon: ReactNode;
  label: string;
  isDisabled?: boolean;
};

export type NavSections = {
  main: NavEntry[];
  /** Absent when the user may open none of the administration screens. */
  admin?: NavEntry[];
};

/**
 * The entries this user may see, from the route table (routes.tsx): a route's entry exactly when
 * canAccess admits the user to the route, as its guard does; the planned entries always, disabled.
 */
export function useNavSections(): NavSections {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const listed: { key: string; nav: RouteNav; isDisabled: boolean }[] = [
    ...SIGNED_IN_ROUTES.flatMap(({ path, access, nav }) =>
      nav && canAccess(user, access, rules)
        ? [{ key: path, nav, isDisabled: nav.enabledFor ? !canAccess(user, nav.enabledFor, rules) : false }]
        : [],
    ),
    ...PLANNED_NAV_ENTRIES.map(({ key, nav }) => ({ key, nav, isDisabled: true })),
  ];
  const group = (name: NavGroup): NavEntry[] =>
    listed
      .filter(({ nav }) => nav.group === name)
      .sort((a, b) => a.nav.order - b.nav.order)
      .map(({ key, nav, isDisabled }) => {
        const Icon = NAV_ICONS[nav.icon];
        return { key, icon: <Icon aria-hidden />, label: t(nav.labelKey), isDisabled };
      });
  const admin = group('admin');
  // No heading over an empty section.
  return admin.length > 0 ? { main: group('main'), admin } : { main: group('main') };
}

/** The selected entry: the first path segment decides (/ticket/1 belongs to ticket history). */
export function selectedKey(pathname: string): string {
  if (pathname === '/' || pathname.startsWith('/profile')) return '/profile';
  if (pathname.startsWith('/new-ticket')) return '/new-ticket';
  if (pathname === '/ticket-queue' || pathname.startsWith('/ticket-queue/')) return '/ticket-queue';
  if (pathname.startsWith('/ticket')) return '/ticket-history';
  if (pathname.startsWith('/admin/profile')) return '/admin/users';
  if (pathname.startsWith('/safety/')) return '/report-danger';
  return pathname;
}

/** A plain left click follows the link here; a new-tab click leaves the drawer as it is. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

type NavListProps = {
  entries: NavEntry[];
  current: string;
  onNavigate?: () => void;
  labelledBy?: string;
  unreadCount?: number;
};

/** The count on the Notifications entry: up to 99, then "99+". */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      className="sidebar-nav-badge"
      data-testid="unread-badge"
      aria-label={t('nav.unreadBadge', { count })}
    >
      {badgeText(count)}
    </span>
  );
}

function NavList({ entries, current, onNavigate, labelledBy, unreadCount = 0 }: NavListProps) {
  const location = useLocation();
  // The bug report form fills in the page the worker was on.
  const from = `${location.pathname}${location.search}${location.hash}`;
  return (
    <ul className="sidebar-nav-list" aria-labelledby={labelledBy}>
      {entries.map(({ key, icon, label, isDisabled }) => (
        <li key={key}>
          {isDisabled ? (
            // A link without href: not focusable, cannot be followed, announced as unavailable.
            <a role="link" aria-disabled="true" className="sidebar-nav-link is-disabled">
              {icon}
              <span className="sidebar-nav-label">{label}</span>
            </a>
          ) : (
            <Link
              to={key}
              state={key === '/report-bug' ? { from } : undefined}
              aria-current={key === current ? 'page' : undefined}
              className="sidebar-nav-link"
              onClick={(event) => {
                if (isPlainClick(event)) onNavigate?.();
              }}
            >
              {icon}
              <span className="sidebar-nav-label">{label}</span>
              {key === '/notifications' && <UnreadBadge count={unreadCount} />}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Sidebar({ themeMode, onThemeChange, onLogout, onNavigate, unreadCount }: SidebarProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const adminHeadingId = useId();
  const { main, admin } = useNavSections();
  const current = selectedKey(location.pathname);
  const isDark = themeMode === 'dark';
  return (
    <div className="sidebar">
      <div className="sidebar-title">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>{t('app.name')}</span>
      </div>
      <nav aria-label={t('nav.label')} className="sidebar-nav">
        <NavList entries={main} current={current} onNavigate={onNavigate} unreadCount={unreadCount} />
        {admin && (
          <>
            <h2 id={adminHeadingId} className="sidebar-nav-heading">
              {t('nav.admin')}
            </h2>
            <NavList entries={admin} current={current} onNavigate={onNavigate} labelledBy={adminHeadingId} />
          </>
        )}
      </nav>
      <div className="sidebar-footer">
        <LanguageSwitch />
        <label className="sidebar-theme">
          <MoonOutlined aria-hidden />
          <span>{t('theme.dark')}</span>
          <button
            type="button"
            role="switch"
            aria-checked={isDark}
            aria-label={t('theme.dark')}
            className="sidebar-switch"
            onClick={() => onThemeChange(isDark ? 'light' : 'dark')}
          />
        </label>
        <div className="sidebar-user">
          <strong className="sidebar-user-name">{user?.name}</strong>
          <span className="sidebar-user-email">{user?.email}</span>
        </div>
        <Button icon={<LogoutOutlined />} onClick={onLogout} isDanger isGhost className="sidebar-logout">
          {t('nav.logout')}
        </Button>
      </div>
    </div>
  );
}
