/*
 * The version half of the update prompt, free of React and of the service worker so it can be tested
 * with a fake fetch and storage. A waiting worker only means "something changed"; the prompt shows
 * when /version.json names a version other than the one this browser last accepted.
 */

export const PWA_VERSION_STORAGE_KEY = 'pwa-app-version';
export const VERSION_FILE_URL = '/version.json';

export type FetchVersionFile = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'json'>>;
export type VersionStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type UpdateCheckDeps = {
  fetchFn: FetchVersionFile;
  storage: VersionStorage;
  /** Used when version.json cannot be read: the running bundle's version. */
  fallbackVersion: string;
};

export type UpdateCheckResult = { shouldPrompt: boolean; latestVersion: string };

/** The running bundle's version; Vite defines __APP_VERSION__, the test runner does not. */
export function bundledVersion(): string {
  return typeof __APP_VERSION__ === 'string' && __APP_VERSION__ !== '' ? __APP_VERSION__ : 'dev';
}

/** The version named by a version.json body: its version field, else its hash, else null. */
export function parseVersionInfo(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { version, hash } = body as { version?: unknown; hash?: unknown };
  if (typeof version === 'string' && version.trim() !== '') return version;
  if (typeof hash === 'string' && hash.trim() !== '') return hash;
  return null;
}

/** Reads version.json, bypassing the HTTP cache when forced; any failure yields the fallback version. */
export async function fetchLatestVersion(
  fetchFn: FetchVersionFile,
  fallbackVersion: string,
  isForced: boolean,
): Promise<string> {
  try {
    const response = await fetchFn(VERSION_FILE_URL, isForced ? { cache: 'no-store' } : undefined);
    if (!response.ok) return fallbackVersion;
    return parseVersionInfo(await response.json()) ?? fallbackVersion;
  } catch {
    return fallbackVersion;
  }
}

export function readStoredVersion(storage: VersionStorage): string | null {
  try {
    return storage.getItem(PWA_VERSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeVersion(storage: VersionStorage, version: string): void {
  try {
    storage.setItem(PWA_VERSION_STORAGE_KEY, version);
  } catch {
    // storage may be unavailable (private mode); the prompt then simply shows again next time
  }
}

/** On first run nothing is stored yet: remember the running version without prompting. */
export function rememberFirstVersion(storage: VersionStorage, currentVersion: string): void {
  if (readStoredVersion(storage) === null) storeVersion(storage, currentVersion);
}

/** Decides whether a waiting worker deserves a prompt; first run stores the latest version silently. */
export async function checkForNewVersion(
  { fetchFn, storage, fallbackVersion }: UpdateCheckDeps,
  isForced = true,
): Promise<UpdateCheckResult> {
  const latestVersion = await fetchLatestVersion(fetchFn, fallbackVersion, isForced);
  const storedVersion = readStoredVersion(storage);
  if (storedVersion === null) {
    storeVersion(storage, latestVersion);
    return { shouldPrompt: false, latestVersion };
  }
  return { shouldPrompt: storedVersion !== latestVersion, latestVersion };
}
