import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Messaging SDK, the callables and the configuration are faked at their boundaries; the
// browser's Push API is stubbed per test (jsdom has none).
const sdk = vi.hoisted(() => ({
  getMessaging: vi.fn(() => ({ kind: 'messaging' })),
  getToken: vi.fn(() => Promise.resolve('token-1')),
  deleteToken: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('firebase/messaging', () => sdk);
const call = vi.hoisted(() => vi.fn(() => Promise.resolve({ ok: true })));
vi.mock('../call', () => ({ call }));
const env = vi.hoisted(() => ({ push: { vapidKey: 'vapid-key' } as { vapidKey: string } | undefined }));
vi.mock('../../config/env', () => ({ appEnv: env }));
vi.mock('../firebase', () => ({ firebaseApp: () => ({ name: '[DEFAULT]' }) }));

const { disablePush, enablePush, forgetPushOnSignOut, isPushOn, pushAvailability, refreshPush } =
  await import('./api');

const registration = { scope: '/' };
let permission: NotificationPermission = 'default';
const requestPermission = vi.fn(() => Promise.resolve(permission));

function stubPushApi() {
  vi.stubGlobal('Notification', {
    requestPermission,
    get permission() {
      return permission;
    },
  });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
}

beforeEach(() => {
  env.push = { vapidKey: 'vapid-key' };
  permission = 'default';
  stubPushApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.clearAllMocks();
});

describe('pushAvailability', () => {
  it('is available with the Push API and a VAPID key', () => {
    expect(pushAvailability()).toBe('available');
  });
  it('is unconfigured without a VAPID key', () => {
    env.push = undefined;
    expect(pushAvailability()).toBe('unconfigured');
  });
  it('is unsupported without the Push API', () => {
    vi.unstubAllGlobals();
    expect(pushAvailability()).toBe('unsupported');
  });
});

describe('enablePush', () => {
  it('asks permission, registers the token for the app service worker with the language, and remembers it', async () => {
    permission = 'granted';
    await expect(enablePush('u-1', 'ru')).resolves.toBe('on');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(sdk.getToken).toHaveBeenCalledWith(
      { kind: 'messaging' },
      { vapidKey: 'vapid-key', serviceWorkerRegistration: registration },
    );
    expect(call).toHaveBeenCalledWith('registerPushDevice', { token: 'token-1', language: 'ru' });
    expect(isPushOn('u-1')).toBe(true);
    expect(isPushOn('u-2')).toBe(false);
  });
  it.each(['denied', 'default'] as const)('stops when the permission is %s', async (answer) => {
    permission = answer;
    await expect(enablePush('u-1', 'pl')).resolves.toBe('denied');
    expect(sdk.getToken).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
    expect(isPushOn('u-1')).toBe(false);
  });
  it('stays off when the server refuses', async () => {
    permission = 'granted';
    call.mockRejectedValueOnce(new Error('internal'));
    await expect(enablePush('u-1', 'pl')).rejects.toThrow('internal');
    expect(isPushOn('u-1')).toBe(false);
  });
});

describe('disablePush', () => {
  it('has the server forget the registered token, deletes it in the browser and forgets it here', async () => {
    permission = 'granted';
    await enablePush('u-1', 'pl');
    call.mockClear();
    await disablePush('u-1');
    expect(call).toHaveBeenCalledWith('unregisterPushDevice', { token: 'token-1' });
    expect(sdk.deleteToken).toHaveBeenCalledTimes(1);
    expect(isPushOn('u-1')).toBe(false);
  });
  it('stays on when the server cannot be told', async () => {
    permission = 'granted';
    await enablePush('u-1', 'pl');
    call.mockRejectedValueOnce(new Error('unavailable'));
    await expect(disablePush('u-1')).rejects.toThrow('unavailable');
    expect(isPushOn('u-1')).toBe(true);
  });
});

describe('refreshPush', () => {
  it('does nothing while push is off', async () => {
    await expect(refreshPush('u-1', 'pl')).resolves.toBe(false);
    expect(call).not.toHaveBeenCalled();
  });
  it('registers a changed token in the new language and forgets the old one', async () => {
    permission = 'granted';
    await enablePush('u-1', 'pl');
    call.mockClear();
    sdk.getToken.mockResolvedValueOnce('token-2');
    await expect(refreshPush('u-1', 'en')).resolves.toBe(true);
    expect(call.mock.calls).toEqual([
      ['unregisterPushDevice', { token: 'token-1' }],
      ['registerPushDevice', { token: 'token-2', language: 'en' }],
    ]);
  });
  it('turns off when the browser permission was taken back', async () => {
    permission = 'granted';
    await enablePush('u-1', 'pl');
    call.mockClear();
    permission = 'denied';
    await expect(refreshPush('u-1', 'pl')).resolves.toBe(false);
    expect(isPushOn('u-1')).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });
});

describe('forgetPushOnSignOut', () => {
  it('deletes the browser token and forgets push for every account here', async () => {
    permission = 'granted';
    await enablePush('u-1', 'pl');
    await forgetPushOnSignOut();
    expect(sdk.deleteToken).toHaveBeenCalledTimes(1);
    expect(isPushOn('u-1')).toBe(false);
  });
  it('touches nothing when no account turned push on', async () => {
    await forgetPushOnSignOut();
    expect(sdk.deleteToken).not.toHaveBeenCalled();
  });
});
