import { MenuOutlined } from '@ant-design/icons';
import { SIDEBAR_WIDTH_PX } from '@domain';
import { Button, Drawer, Grid, Layout } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../../lib/theme';
import { Sidebar } from './sidebar';

export type AppLayoutProps = {
  themeMode: ThemeMode;
  onThemeChange: (mode: ThemeMode) => void;
  onLogout: () => void;
  children: ReactNode;
};

/** A 260 px sidebar on wide screens; a header with a menu button and a drawer on phones. */
export function AppLayout({ themeMode, onThemeChange, onLogout, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const isWide = screens.lg ?? false;
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const sidebar = (
    <Sidebar
      themeMode={themeMode}
      onThemeChange={onThemeChange}
      onLogout={onLogout}
      onNavigate={() => setIsDrawerOpen(false)}
    />
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isWide ? (
        <Layout.Sider width={SIDEBAR_WIDTH_PX} className="app-sider">
          {sidebar}
        </Layout.Sider>
      ) : (
        <Drawer
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          placement="left"
          size={SIDEBAR_WIDTH_PX}
          closable={false}
          styles={{ body: { padding: 0 }, header: { display: 'none' } }}
          className="app-drawer"
        >
          {sidebar}
        </Drawer>
      )}
      <Layout>
        {!isWide && (
          <Layout.Header className="app-header">
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('nav.openMenu')}
              aria-expanded={isDrawerOpen}
              onClick={() => setIsDrawerOpen(true)}
            />
            <span className="app-header-title">{t('app.name')}</span>
          </Layout.Header>
        )}
        <Layout.Content className="app-content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
