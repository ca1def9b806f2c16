import { type ReactNode, useMemo, useState, useSyncExternalStore } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import type { NoticeStackProps } from './notice-stack';
import { createPortal } from 'react-dom';
import { createNoticeStore } from './notice-store';
import type { NoticesApi } from './notice-types';
import { NoticesContext } from './notices-context';

// Top-right on desktop, top-centre on phones, both under the signed-in header (64 px), so a notice
// never covers its menu button, unread badge or page title; the stack itself lets clicks through
// between notices.
const NOTICE_CSS = `
.app-notices {
  position: fixed;
  z-index: 1010;
  top: 72px;
  right: 16px;
  width: 380px;
  max-width: calc(100vw - 32px);
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  pointer-events: none;
}
.app-notice {
  position: relative;
  overflow: hidden;
  pointer-events: auto;
}
.app-notice__progress {
  position: absolute;
  left: 0;
  bottom: 0;
  width: 100%;
  height: 3px;
  transform-origin: left center;
  animation-name: app-notice-drain;
  animation-timing-function: linear;
  animation-fill-mode: forwards;
}
@keyframes app-notice-drain {
  from { transform: scaleX(1); }
  to { transform: scaleX(0); }
}
@media (max-width: 575px) {
  .app-notices {
    top: 72px;
    right: auto;
    left: 50%;
    transform: translateX(-50%);
    width: calc(100vw - 16px);
    max-width: none;
  }
}
`;

const noticeStack = lazyComponent<NoticeStackProps>(() =>
  import('./notice-stack').then((m) => m.whenAntdReady(m.NoticeStack)),
);
const NoticeStack = noticeStack.Component;

/** Loads the notice view ahead of need (tests, or a page that is about to say something). */
export const preloadNoticeStack = noticeStack.preload;

export type NoticesProviderProps = { children: ReactNode };

/** Holds the notice stack and gives useNotices() to everything below it. */
export function NoticesProvider({ children }: NoticesProviderProps) {
  const [store] = useState(createNoticeStore);
  const notices = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const api = useMemo<NoticesApi>(
    () => ({
      show: store.show,
      dismiss: store.dismiss,
      update: store.update,
      success: store.success,
      error: store.error,
      info: store.info,
      warning: store.warning,
      loading: store.loading,
    }),
    [store],
  );

  return (
    <NoticesContext value={api}>
      {children}
      <style href="app-notices" precedence="default">
        {NOTICE_CSS}
      </style>
      {notices.length > 0
        ? createPortal(<NoticeStack notices={notices} onDismiss={store.dismiss} />, document.body)
        : null}
    </NoticesContext>
  );
}
