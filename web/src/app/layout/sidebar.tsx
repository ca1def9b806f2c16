// The sidebar is plain markup on purpose: antd Menu (with rc-menu, Tooltip, Overflow and motion),
// Switch, Space and Typography cost every signed-in route 15 to 40 KB gzip of JavaScript.
import { hasPermission } from '@domain';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
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
import './sidebar.css';

export type SidebarProps = {
  themeMode: ThemeMode;
  onThemeChange: (mode: ThemeMode) => void;
  onLogout: () => void;
  /** Called after a menu choice, so the phone drawer can close. */
  onNavigate?: () => void;
  /** The reader's unread notifications, shown on the Notifications entry (none: no badge). */
  unreadCount?: number;
};

/** A menu entry: `key` is its route path; the three disabled entries have no route. */
export type NavEntry = {
  key: string;
  icon: ReactNode;
  label: string;
  isDisabled?: boolean;
};

export type NavSections = {
  main: NavEntry[];
  /** Absent when the user may not see the administration section at all. */
  admin?: NavEntry[];
};

/** The entries this user may see, in the order of the spec. */
export function useNavSections(): NavSections {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const main: NavEntry[] = [
    { key: '/profile', icon: <UserOutlined aria-hidden />, label: t('nav.profile') },
    { key: '/new-ticket', icon: <PlusCircleOutlined aria-hidden />, label: t('nav.newTicket') },
    { key: '/ticket-history', icon: <HistoryOutlined aria-hidden />, label: t('nav.ticketHistory') },
  ];
  if (hasPermission(user, 'PROCESS_TICKETS', rules)) {
    main.push({
      key: '/ticket-queue',
      icon: <OrderedListOutlined aria-hidden />,
      label: t('nav.ticketQueue'),
    });
  }
  main.push(
    { key: '/notifications', icon: <BellOutlined aria-hidden />, label: t('nav.notifications') },
    { key: 'documents', icon: <FileTextOutlined aria-hidden />, label: t('nav.documents'), isDisabled: true },
    { key: 'mail', icon: <MailOutlined aria-hidden />, label: t('nav.mail'), isDisabled: true },
    {
      key: 'report-danger',
      icon: <AlertOutlined aria-hidden />,
      label: t('nav.reportDanger'),
      isDisabled: true,
    },
    {
      key: '/report-bug',
      icon: <BugOutlined aria-hidden />,
      label: t('nav.reportBug'),
      // Shown to everyone, like the other entries, but only usable with the permission.
      isDisabled: !hasPermission(user, 'SUBMIT_BUG_REPORT', rules),
    },
  );
  if (!hasPermission(user, 'CREATE_USER_ACCOUNTS', rules)) return { main };
  const admin: NavEntry[] = [];
  if (hasPermission(user, 'VIEW_ALL_USER_DATA', rules)) {
    admin.push(
      { key: '/admin', icon: <DashboardOutlined aria-hidden />, label: t('nav.adminDashboard') },
      { key: '/admin/users', icon: <TeamOutlined aria-hidden />, label: t('nav.userManagement') },
    );
  }
  if (hasPermission(user, 'ACCESS_DEBUG_TOOLS', rules)) {
    admin.push({ key: '/admin/debug', icon: <ToolOutlined aria-hidden />, label: t('nav.adminDebug') });
  }
  // No heading over an empty section (e.g. a manager whose VIEW_ALL_USER_DATA was revoked).
  if (admin.length === 0) return { main };
  return { main, admin };
}

/** The selected entry: the first path segment decides (/ticket/1 belongs to ticket history). */
export function selectedKey(pathname: string): string {
  if (pathname === '/' || pathname.startsWith('/profile')) return '/profile';
  if (pathname.startsWith('/new-ticket')) return '/new-ticket';
  if (pathname === '/ticket-queue' || pathname.startsWith('/ticket-queue/')) return '/ticket-queue';
  if (pathname.startsWith('/ticket')) return '/ticket-history';
  if (pathname.startsWith('/admin/profile')) return '/admin/users';
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
