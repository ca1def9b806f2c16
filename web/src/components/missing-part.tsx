import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { ResultPanel } from './ui/result-panel';

const RELOADED_AT_KEY = 'missingPart.reloadedAt';
/** At most one reload for a part that fails online in this long (no reload loop on a broken server). */
const RELOAD_GUARD_MS = 30_000;

/**
 * Reloads the page unless it did so for a missing part within RELOAD_GUARD_MS. Chromium keeps a
 * failed dynamic import for the page's life: once a part's code failed to load offline, importing it
 * again fails at once without asking the network, so only a new page can load it.
 */
function reloadOnce(reload: () => void): void {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  reload();
}

/**
 * What a screen shows in place of its code when that code could not be loaded (no connection, and
 * the part is not on this phone yet: the first visit before the app's offline copy was in place, or
 * a new version whose files the phone has not got): says so, and loads it again with Retry or by
 * itself when the connection returns, then shows the screen. A load that fails with the connection
 * there reloads the page (see reloadOnce).
 */
export function missingPart(
  load: () => Promise<ComponentType>,
  reload: () => void = () => window.location.reload(),
): ComponentType {
  /** The screen once it loaded: later visits show it at once. */
  let loaded: ComponentType | null = null;
  return function MissingPart() {
    const { t } = useTranslation();
    const [Loaded, setLoaded] = useState<ComponentType | null>(() => loaded);
    // A connection that is there when the screen opens is tried at once.
    const [attempt, setAttempt] = useState(() => (navigator.onLine ? 1 : 0));
    const [isTrying, setIsTrying] = useState(false);
    useEffect(() => {
      const again = () => setAttempt((count) => count + 1);
      window.addEventListener('online', again);
      return () => window.removeEventListener('online', again);
    }, []);
    useEffect(() => {
      if (attempt === 0 || loaded) return undefined;
      let isCurrent = true;
      setIsTrying(true);
      load().then(
        (component) => {
          loaded = component;
          if (isCurrent) setLoaded(() => component);
        },
        () => {
          if (navigator.onLine) reloadOnce(reload);
          if (isCurrent) setIsTrying(false);
        },
      );
      return () => {
        isCurrent = false;
      };
    }, [attempt]);
    if (Loaded) return <Loaded />;
    return (
      <div role="alert">
        <ResultPanel
          status="warning"
          title={t('missingPart.title')}
          subTitle={t('missingPart.text')}
          extra={
            <Button
              variant="primary"
              isLoading={isTrying}
              disabled={isTrying}
              onClick={() => setAttempt((count) => count + 1)}
            >
              {t('missingPart.retry')}
            </Button>
          }
        />
      </div>
    );
  };
}
