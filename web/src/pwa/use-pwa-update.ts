import { SW_UPDATE_CHECK_INTERVAL_MS } from '@domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { registerSW } from './register-sw';
import { logger } from '../lib/logger';
import {
  type FetchVersionFile,
  type UpdateCheckDeps,
  type VersionStorage,
  bundledVersion,
  checkForNewVersion,
  rememberFirstVersion,
  storeVersion,
} from './update-check';

export type UsePwaUpdateOptions = {
  /** Read once at mount; tests pass fakes. */
  fetchFn?: FetchVersionFile;
  storage?: VersionStorage;
  currentVersion?: string;
  checkIntervalMs?: number;
};

export type PwaUpdateState = {
  isUpdateAvailable: boolean;
  /** The version a reload would bring, while the prompt is due. */
  latestVersion: string | null;
  /** Accepts the update: remembers the version and activates the waiting worker (which reloads the page). */
  reload: () => Promise<void>;
  /** Hides the prompt until the next page load finds the worker still waiting. */
  dismiss: () => void;
};

type UpdateServiceWorker = (reloadPage?: boolean) => Promise<void>;

const defaultFetch: FetchVersionFile = (url, init) => fetch(url, init);

function defaultStorage(): VersionStorage {
  try {
    return localStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined };
  }
}

/** Registers the service worker and tells when a new version is waiting (spec section 4). */
export function usePwaUpdate(options: UsePwaUpdateOptions = {}): PwaUpdateState {
  const [deps] = useState<UpdateCheckDeps>(() => ({
    fetchFn: options.fetchFn ?? defaultFetch,
    storage: options.storage ?? defaultStorage(),
    fallbackVersion: options.currentVersion ?? bundledVersion(),
  }));
  const checkIntervalMs = options.checkIntervalMs ?? SW_UPDATE_CHECK_INTERVAL_MS;
  const [latestVersion, setLatestVersion] = useState<string | null>(null);
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const updateSWRef = useRef<UpdateServiceWorker | null>(null);

  useEffect(() => {
    rememberFirstVersion(deps.storage, deps.fallbackVersion);
    // StrictMode runs effects twice; a second registration would double every callback.
    if (updateSWRef.current) return;
    updateSWRef.current = registerSW({
      onNeedRefresh() {
        void checkForNewVersion(deps, true)
          .then(({ shouldPrompt, latestVersion: version }) => {
            if (shouldPrompt) setLatestVersion(version);
          })
          .catch((error: unknown) => logger.error('Update check failed', error));
      },
      onRegisteredSW(_swUrl, swRegistration) {
        if (swRegistration) setRegistration(swRegistration);
      },
      onRegisterError(error: unknown) {
        logger.error('Service worker registration failed', error);
      },
    });
  }, [deps]);

  useEffect(() => {
    if (!registration) return;
    const timer = setInterval(() => {
      // Offline checks would only fail; an installing worker is already an update in progress.
      if (!navigator.onLine || registration.installing) return;
      registration
        .update()
        .catch((error: unknown) => logger.warn('Service worker update check failed', error));
    }, checkIntervalMs);
    return () => clearInterval(timer);
  }, [registration, checkIntervalMs]);

  const reload = useCallback(async () => {
    if (latestVersion) storeVersion(deps.storage, latestVersion);
    setLatestVersion(null);
    try {
      await updateSWRef.current?.(true);
    } catch (error) {
      logger.error('Service worker activation failed', error);
    }
  }, [latestVersion, deps]);

  const dismiss = useCallback(() => setLatestVersion(null), []);

  return { isUpdateAvailable: latestVersion !== null, latestVersion, reload, dismiss };
}
