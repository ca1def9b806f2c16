import type { FirebaseApp } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../config/env';

const sdk = vi.hoisted(() => ({
  initializeAppCheck: vi.fn(),
  ReCaptchaEnterpriseProvider: vi.fn(function (this: { siteKey: string }, siteKey: string) {
    this.siteKey = siteKey;
  }),
}));
vi.mock('firebase/app-check', () => sdk);

const app = { name: '[DEFAULT]' } as FirebaseApp;
type DebugTokenGlobal = { FIREBASE_APPCHECK_DEBUG_TOKEN?: string | boolean };

/** A fresh module: it starts App Check at most once per page load. */
const load = async () => (await import('./firebase-app-check')).startAppCheck;

describe('startAppCheck', () => {
  beforeEach(() => {
    vi.resetModules();
    sdk.initializeAppCheck.mockReset();
    sdk.ReCaptchaEnterpriseProvider.mockClear();
    delete (self as DebugTokenGlobal).FIREBASE_APPCHECK_DEBUG_TOKEN;
  });
  afterEach(() => {
    delete (self as DebugTokenGlobal).FIREBASE_APPCHECK_DEBUG_TOKEN;
  });

  it('does nothing without a site key (the local stack)', async () => {
    const startAppCheck = await load();
    await startAppCheck(app, undefined);
    expect(sdk.initializeAppCheck).not.toHaveBeenCalled();
  });

  it('starts reCAPTCHA Enterprise once with the site key, however often it is asked', async () => {
    const startAppCheck = await load();
    const config = { siteKey: 'site-key-1', debugToken: undefined };
    await Promise.all([startAppCheck(app, config), startAppCheck(app, config)]);
    await startAppCheck(app, config);
    expect(sdk.ReCaptchaEnterpriseProvider).toHaveBeenCalledExactlyOnceWith('site-key-1');
    expect(sdk.initializeAppCheck).toHaveBeenCalledExactlyOnceWith(app, {
      provider: expect.objectContaining({ siteKey: 'site-key-1' }) as unknown,
      isTokenAutoRefreshEnabled: true,
    });
    expect((self as DebugTokenGlobal).FIREBASE_APPCHECK_DEBUG_TOKEN).toBeUndefined();
  });

  it('sets the debug token before starting, for the debug provider', async () => {
    const startAppCheck = await load();
    sdk.initializeAppCheck.mockImplementation(() => {
      expect((self as DebugTokenGlobal).FIREBASE_APPCHECK_DEBUG_TOKEN).toBe(true);
    });
    await startAppCheck(app, { siteKey: 'site-key-1', debugToken: true });
    expect(sdk.initializeAppCheck).toHaveBeenCalledOnce();
  });

  it('never fails the call, and tries again next time when it could not start', async () => {
    const startAppCheck = await load();
    const config = { siteKey: 'site-key-1', debugToken: undefined };
    sdk.initializeAppCheck.mockImplementationOnce(() => {
      throw new Error('offline');
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(startAppCheck(app, config)).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledOnce();
    consoleError.mockRestore();
    await startAppCheck(app, config);
    expect(sdk.initializeAppCheck).toHaveBeenCalledTimes(2);
  });
});

describe('parseEnv: App Check', () => {
  it('is off without a site key, on the emulators and in a real project', () => {
    expect(parseEnv({}).appCheck).toBeUndefined();
    expect(
      parseEnv({ VITE_FIREBASE_PROJECT_ID: 'acme-tickets', VITE_APP_CHECK_DEBUG_TOKEN: 'x' }).appCheck,
    ).toBe(undefined);
  });

  it('uses reCAPTCHA Enterprise with the site key in a real project', () => {
    expect(
      parseEnv({ VITE_FIREBASE_PROJECT_ID: 'acme-tickets', VITE_APP_CHECK_SITE_KEY: ' 6Lc-key ' }).appCheck,
    ).toEqual({ siteKey: '6Lc-key', debugToken: undefined });
  });

  it('uses the debug provider on the emulators, or with a configured debug token', () => {
    expect(parseEnv({ VITE_APP_CHECK_SITE_KEY: '6Lc-key' }).appCheck).toEqual({
      siteKey: '6Lc-key',
      debugToken: true,
    });
    const real = { VITE_FIREBASE_PROJECT_ID: 'acme-tickets', VITE_APP_CHECK_SITE_KEY: '6Lc-key' };
    expect(parseEnv({ ...real, VITE_APP_CHECK_DEBUG_TOKEN: 'true' }).appCheck?.debugToken).toBe(true);
    expect(parseEnv({ ...real, VITE_APP_CHECK_DEBUG_TOKEN: '0f1e-registered' }).appCheck?.debugToken).toBe(
      '0f1e-registered',
    );
  });
});
