import type { NoticeStack as NoticeStackType, NoticeStackProps } from './notice-stack';
import { type ReactNode, Suspense, lazy, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { createNoticeStore } from './notice-store';
import type { NoticesApi } from './notice-types';
import { NoticesContext } from './notices-context';

// Top-right on desktop, top-centre on phones; the stack itself lets clicks through between notices.
const NOTICE_CSS = `
.app-notices {
  position: fixed;
  z-index: 1010;
  top: 16px;
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
    top: 8px;
    right: auto;
    left: 50%;
    transform: translateX(-50%);
    width: calc(100vw - 16px);
    max-width: none;
  }
}
`;

type NoticeStackModule = { NoticeStack: typeof NoticeStackType };
let stackModule: NoticeStackModule | undefined;

/** Loads the notice view ahead of need (tests, or a page that is about to say something). */
export function preloadNoticeStack(): Promise<NoticeStackModule> {
  return import('./notice-stack').then((module) => (stackModule = module));
}

const LazyNoticeStack = lazy(() => preloadNoticeStack().then((m) => ({ default: m.NoticeStack })));

/** The notice view; rendered at once when already loaded, else after its chunk arrives. */
function NoticeStack(props: NoticeStackProps) {
  if (stackModule) return <stackModule.NoticeStack {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyNoticeStack {...props} />
    </Suspense>
  );
}

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
