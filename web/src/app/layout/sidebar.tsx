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
  PlusCircleOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { hasPermission } from '@domain';
import { Button, Menu, type MenuProps, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../components/language-switch';
import { useAuth } from '../../lib/auth/auth-context';
import type { ThemeMode } from '../../lib/theme';

export type SidebarProps = {
  themeMode: ThemeMode;
  onThemeChange: (mode: ThemeMode) => void;
  onLogout: () => void;
  /** Called after a menu choice, so the phone drawer can close. */
  onNavigate?: () => void;
};

type MenuItem = Required<MenuProps>['items'][number];

/** Menu keys are route paths; the four disabled entries have no route. */
export function useMenuItems(): MenuItem[] {
  const { t } = useTranslation();
  const { user, rules } = useAuth();
  const items: MenuItem[] = [
    { key: '/profile', icon: <UserOutlined aria-hidden />, label: t('nav.profile') },
    { key: '/new-ticket', icon: <PlusCircleOutlined aria-hidden />, label: t('nav.newTicket') },
    { key: '/ticket-history', icon: <HistoryOutlined aria-hidden />, label: t('nav.ticketHistory') },
    {
      key: 'notifications',
      icon: <BellOutlined aria-hidden />,
      label: t('nav.notifications'),
      disabled: true,
    },
    { key: 'documents', icon: <FileTextOutlined aria-hidden />, label: t('nav.documents'), disabled: true },
    { key: 'mail', icon: <MailOutlined aria-hidden />, label: t('nav.mail'), disabled: true },
    {
      key: 'report-danger',
      icon: <AlertOutlined aria-hidden />,
      label: t('nav.reportDanger'),
      disabled: true,
    },
    { key: '/report-bug', icon: <BugOutlined aria-hidden />, label: t('nav.reportBug') },
  ];
  if (hasPermission(user, 'CREATE_USER_ACCOUNTS', rules)) {
    const adminItems: MenuItem[] = [];
    if (hasPermission(user, 'VIEW_ALL_USER_DATA', rules)) {
      adminItems.push({
        key: '/admin',
        icon: <DashboardOutlined aria-hidden />,
        label: t('nav.adminDashboard'),
      });
      adminItems.push({
        key: '/admin/users',
        icon: <TeamOutlined aria-hidden />,
        label: t('nav.userManagement'),
      });
    }
    if (hasPermission(user, 'ACCESS_DEBUG_TOOLS', rules)) {
      adminItems.push({
        key: '/admin/debug',
        icon: <ToolOutlined aria-hidden />,
        label: t('nav.adminDebug'),
      });
    }
    items.push({ type: 'group', key: 'admin', label: t('nav.admin'), children: adminItems });
  }
  return items;
}

/** The selected entry: the first path segment decides (/ticket/1 belongs to ticket history). */
export function selectedKey(pathname: string): string {
  if (pathname === '/' || pathname.startsWith('/profile')) return '/profile';
  if (pathname.startsWith('/new-ticket')) return '/new-ticket';
  if (pathname.startsWith('/ticket')) return '/ticket-history';
  if (pathname.startsWith('/admin/profile')) return '/admin/users';
  return pathname;
}

export function Sidebar({ themeMode, onThemeChange, onLogout, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const items = useMenuItems();
  return (
    <div className="sidebar">
      <div className="sidebar-title">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>{t('app.name')}</span>
      </div>
      <nav aria-label={t('nav.label')} className="sidebar-nav">
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selectedKey(location.pathname)]}
          items={items}
          onClick={({ key }) => {
            if (!key.startsWith('/')) return;
            // The bug report form fills in the page the worker was on.
            const from = `${location.pathname}${location.search}${location.hash}`;
            void navigate(key, key === '/report-bug' ? { state: { from } } : undefined);
            onNavigate?.();
          }}
        />
      </nav>
      <div className="sidebar-footer">
        <LanguageSwitch />
        <label className="sidebar-theme">
          <MoonOutlined aria-hidden />
          <span>{t('theme.dark')}</span>
          <Switch
            size="small"
            checked={themeMode === 'dark'}
            onChange={(isDark) => onThemeChange(isDark ? 'dark' : 'light')}
            aria-label={t('theme.dark')}
          />
        </label>
        <div className="sidebar-user">
          <Typography.Text strong className="sidebar-user-name">
            {user?.name}
          </Typography.Text>
          <Typography.Text className="sidebar-user-email">{user?.email}</Typography.Text>
        </div>
        <Space>
          <Button icon={<LogoutOutlined />} onClick={onLogout} danger ghost>
            {t('nav.logout')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
