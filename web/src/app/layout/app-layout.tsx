// Plain markup in place of antd Layout and Grid: the shell is on every signed-in route. On a phone
// the sidebar opens in the kit's Drawer.
import { SIDEBAR_WIDTH_PX } from '@domain';
import { type ReactNode, useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../../lib/theme';
import { Sidebar, badgeText } from './sidebar';
import { Button } from '../../components/ui/button';
import { Drawer } from '../../components/ui/drawer';
import { MenuOutlined } from '../../components/ui/icons';
import './app-layout.css';

export type AppLayoutProps = {
  themeMode: ThemeMode;
  onThemeChange: (mode: ThemeMode) => void;
  onLogout: () => void;
  children: ReactNode;
  /** The reader's unread notifications: a badge on the Notifications entry and the menu button. */
  unreadCount?: number;
};

/** antd's `lg` breakpoint: from here on the sidebar stays in place. */
export const WIDE_SCREEN_QUERY = '(min-width: 992px)';

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** A 260 px sidebar on wide screens; a header with a menu button and a drawer on phones. */
export function AppLayout({ themeMode, onThemeChange, onLogout, children, unreadCount = 0 }: AppLayoutProps) {
  const { t } = useTranslation();
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  // Turning a phone to a wide screen and back must not bring back a drawer left open.
  const [wasWide, setWasWide] = useState(isWide);
  if (wasWide !== isWide) {
    setWasWide(isWide);
    if (isWide) setIsDrawerOpen(false);
  }
  const closeDrawer = useCallback(() => setIsDrawerOpen(false), []);
  const sidebar = (
    <Sidebar
      themeMode={themeMode}
      onThemeChange={onThemeChange}
      onLogout={onLogout}
      onNavigate={closeDrawer}
      unreadCount={unreadCount}
    />
  );
  return (
    <div className="app-layout">
      {isWide ? (
        <aside className="app-sider" style={{ width: SIDEBAR_WIDTH_PX }}>
          {sidebar}
        </aside>
      ) : (
        <Drawer
          isOpen={isDrawerOpen}
          label={t('nav.label')}
          onClose={closeDrawer}
          className="app-drawer"
          style={{ width: SIDEBAR_WIDTH_PX }}
        >
          {sidebar}
        </Drawer>
      )}
      <div className="app-main">
        {!isWide && (
          <header className="app-header">
            <span className="app-menu-button">
              <Button
                variant="text"
                icon={<MenuOutlined />}
                aria-label={
                  unreadCount > 0 ? t('nav.openMenuUnread', { count: unreadCount }) : t('nav.openMenu')
                }
                aria-expanded={isDrawerOpen}
                onClick={() => setIsDrawerOpen(true)}
              />
              {unreadCount > 0 && (
                <span className="app-menu-badge" data-testid="menu-unread-badge" aria-hidden>
                  {badgeText(unreadCount)}
                </span>
              )}
            </span>
            <span className="app-header-title">{t('app.name')}</span>
          </header>
        )}
        <main className="app-content">{children}</main>
      </div>
    </div>
  );
}
