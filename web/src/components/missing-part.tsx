import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { ResultPanel } from './ui/result-panel';

/**
 * What a screen shows in place of its code when that code could not be loaded (no connection, and
 * the part is not on this phone yet: the first visit before the app's offline copy was in place, or
 * a new version whose files the phone has not got): says so, and loads it again with Retry or by
 * itself when the connection returns, then shows the screen.
 */
export function missingPart(load: () => Promise<ComponentType>): ComponentType {
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
