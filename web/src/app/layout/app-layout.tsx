// Plain markup in place of antd Layout, Grid and Drawer: the shell is on every signed-in route, and
// Drawer alone brings rc-drawer, its motion and antd's form context along. A native modal <dialog>
// gives the phone menu what the Drawer did: the page behind inert, Escape to close, focus back after.
import { MenuOutlined } from '@ant-design/icons';
import { SIDEBAR_WIDTH_PX } from '@domain';
import { Button } from 'antd';
import {
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../../lib/theme';
import { Sidebar } from './sidebar';
import './app-layout.css';

export type AppLayoutProps = {
  themeMode: ThemeMode;
  onThemeChange: (mode: ThemeMode) => void;
  onLogout: () => void;
  children: ReactNode;
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

type MenuDrawerProps = {
  isOpen: boolean;
  label: string;
  onClose: () => void;
  children: ReactNode;
};

/** The sidebar as a modal panel sliding in from the left; a tap beside it closes it. */
function MenuDrawer({ isOpen, label, onClose, children }: MenuDrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen === dialog.open) return;
    // Without showModal (jsdom, browsers before 2022) the panel still opens, just not modal.
    if (typeof dialog.showModal !== 'function') dialog.toggleAttribute('open', isOpen);
    else if (isOpen) dialog.showModal();
    else dialog.close();
  }, [isOpen]);
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the backdrop targets the dialog itself, outside its box.
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const isInside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!isInside) onClose();
  };
  return (
    <dialog
      ref={ref}
      className="app-drawer"
      aria-label={label}
      style={{ width: SIDEBAR_WIDTH_PX }}
      onClose={onClose}
      onClick={closeOnBackdrop}
    >
      {children}
    </dialog>
  );
}

/** A 260 px sidebar on wide screens; a header with a menu button and a drawer on phones. */
export function AppLayout({ themeMode, onThemeChange, onLogout, children }: AppLayoutProps) {
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
    />
  );
  return (
    <div className="app-layout">
      {isWide ? (
        <aside className="app-sider" style={{ width: SIDEBAR_WIDTH_PX }}>
          {sidebar}
        </aside>
      ) : (
        <MenuDrawer isOpen={isDrawerOpen} label={t('nav.label')} onClose={closeDrawer}>
          {sidebar}
        </MenuDrawer>
      )}
      <div className="app-main">
        {!isWide && (
          <header className="app-header">
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('nav.openMenu')}
              aria-expanded={isDrawerOpen}
              onClick={() => setIsDrawerOpen(true)}
            />
            <span className="app-header-title">{t('app.name')}</span>
          </header>
        )}
        <main className="app-content">{children}</main>
      </div>
    </div>
  );
}
