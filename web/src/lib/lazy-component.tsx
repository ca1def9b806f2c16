import { type ComponentType, useEffect, useState } from 'react';
import { logger } from './logger';

/**
 * A component whose code is a separate chunk, loaded on first render or earlier with `preload()`.
 * Once loaded it renders at once, so tests that preload can read it synchronously, and a second mount
 * never flashes. Used for UI that most visits never show (notices on /login, the session warning, the
 * ticket actions), to keep it out of the first download.
 *
 * The loaded component is taken once per mount and kept: rendering a placeholder tree first and the loaded
 * component on a later render would swap element types, so React would remount it and lose its state (the
 * session manager restarted its session, a half-typed rejection reason was gone).
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; preload: () => Promise<ComponentType<Props>> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Component(props: Props) {
    const [Loaded, setLoaded] = useState<ComponentType<Props> | undefined>(() => loaded);
    // A load that failed (no connection) is tried again when the connection returns.
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Loaded) return undefined;
      let isMounted = true;
      const retry = () => setAttempt((count) => count + 1);
      preload().then(
        (component) => {
          if (isMounted) setLoaded(() => component);
        },
        (error: unknown) => {
          logger.error('A part of the page failed to load', error);
          if (isMounted) window.addEventListener('online', retry, { once: true });
        },
      );
      return () => {
        isMounted = false;
        window.removeEventListener('online', retry);
      };
    }, [Loaded, attempt]);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { Component, preload };
}
