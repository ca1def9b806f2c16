import { describe, expect, it, vi } from 'vitest';
import {
  PWA_VERSION_STORAGE_KEY,
  type FetchVersionFile,
  type VersionStorage,
  bundledVersion,
  checkForNewVersion,
  fetchLatestVersion,
  parseVersionInfo,
  rememberFirstVersion,
} from './update-check';

function memoryStorage(initial: Record<string, string> = {}): VersionStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

function serving(body: unknown, isOk = true) {
  return vi.fn<FetchVersionFile>(async () => ({ ok: isOk, json: async () => body }));
}

describe('parseVersionInfo', () => {
  it('prefers version, then hash', () => {
    expect(parseVersionInfo({ version: '1.2.0+abc', hash: 'abc' })).toBe('1.2.0+abc');
    expect(parseVersionInfo({ hash: 'abc' })).toBe('abc');
    expect(parseVersionInfo({ version: '', hash: 'abc' })).toBe('abc');
  });
  it('finds nothing in other shapes', () => {
    expect(parseVersionInfo({ version: 3 })).toBeNull();
    expect(parseVersionInfo(null)).toBeNull();
    expect(parseVersionInfo('1.0.0')).toBeNull();
  });
});

describe('fetchLatestVersion', () => {
  it('reads /version.json without the HTTP cache when forced', async () => {
    const fetchFn = serving({ version: '2.0.0' });
    await expect(fetchLatestVersion(fetchFn, 'fallback', true)).resolves.toBe('2.0.0');
    expect(fetchFn).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
  });
  it('uses the normal cache rules when not forced', async () => {
    const fetchFn = serving({ hash: 'abc123' });
    await expect(fetchLatestVersion(fetchFn, 'fallback', false)).resolves.toBe('abc123');
    expect(fetchFn).toHaveBeenCalledWith('/version.json', undefined);
  });
  it('falls back on a failed response, a useless body or a network error', async () => {
    await expect(fetchLatestVersion(serving({ version: '2.0.0' }, false), 'fallback', true)).resolves.toBe(
      'fallback',
    );
    await expect(fetchLatestVersion(serving({ builtAt: 'today' }), 'fallback', true)).resolves.toBe(
      'fallback',
    );
    const offline = vi.fn<FetchVersionFile>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchLatestVersion(offline, 'fallback', true)).resolves.toBe('fallback');
  });
});

describe('bundledVersion', () => {
  it('falls back when the build-time global is missing', () => {
    expect(bundledVersion()).toBe('dev');
  });
  it('reads the build-time global when defined', () => {
    vi.stubGlobal('__APP_VERSION__', '1.0.0+abc');
    expect(bundledVersion()).toBe('1.0.0+abc');
    vi.unstubAllGlobals();
  });
});

describe('rememberFirstVersion', () => {
  it('stores the running version only when nothing is stored', () => {
    const empty = memoryStorage();
    rememberFirstVersion(empty, '1.0.0');
    expect(empty.data.get(PWA_VERSION_STORAGE_KEY)).toBe('1.0.0');
    const known = memoryStorage({ [PWA_VERSION_STORAGE_KEY]: '0.9.0' });
    rememberFirstVersion(known, '1.0.0');
    expect(known.data.get(PWA_VERSION_STORAGE_KEY)).toBe('0.9.0');
  });
});

describe('checkForNewVersion', () => {
  it('stores the version on first run without prompting', async () => {
    const storage = memoryStorage();
    const result = await checkForNewVersion({
      fetchFn: serving({ version: '2.0.0' }),
      storage,
      fallbackVersion: '1.0.0',
    });
    expect(result).toEqual({ shouldPrompt: false, latestVersion: '2.0.0' });
    expect(storage.data.get(PWA_VERSION_STORAGE_KEY)).toBe('2.0.0');
  });
  it('prompts when the version differs from the stored one, leaving storage alone', async () => {
    const storage = memoryStorage({ [PWA_VERSION_STORAGE_KEY]: '1.0.0' });
    const result = await checkForNewVersion({
      fetchFn: serving({ version: '2.0.0' }),
      storage,
      fallbackVersion: '1.0.0',
    });
    expect(result).toEqual({ shouldPrompt: true, latestVersion: '2.0.0' });
    expect(storage.data.get(PWA_VERSION_STORAGE_KEY)).toBe('1.0.0');
  });
  it('does not prompt for the stored version', async () => {
    const storage = memoryStorage({ [PWA_VERSION_STORAGE_KEY]: 'abc' });
    const result = await checkForNewVersion({
      fetchFn: serving({ hash: 'abc' }),
      storage,
      fallbackVersion: 'zzz',
    });
    expect(result.shouldPrompt).toBe(false);
  });
  it('compares the fallback version when version.json is unreadable', async () => {
    const storage = memoryStorage({ [PWA_VERSION_STORAGE_KEY]: '1.0.0' });
    const result = await checkForNewVersion({
      fetchFn: serving({}, false),
      storage,
      fallbackVersion: '1.0.0',
    });
    expect(result).toEqual({ shouldPrompt: false, latestVersion: '1.0.0' });
  });
  it('survives storage that throws', async () => {
    const broken: VersionStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const result = await checkForNewVersion({
      fetchFn: serving({ version: '2.0.0' }),
      storage: broken,
      fallbackVersion: '1',
    });
    expect(result.shouldPrompt).toBe(false);
  });
});
