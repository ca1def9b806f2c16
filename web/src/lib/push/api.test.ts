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

const {
  disablePush,
  enablePush,
  forgetPushOnSignOut,
  isPushOn,
  pushAvailability,
  refreshPush,
  sendQueuedUnregisters,
  unregisterPushBeforeSignOut,
} = await import('./api');
const { hasQueuedUnregisters, setPushFlag } = await import('./push-flag');

// The app's service worker registration with the browser's push subscription (PushManager
// getSubscription / PushSubscription.unsubscribe, as the Push API defines them:
// https://developer.mozilla.org/en-US/docs/Web/API/PushManager/getSubscription).
let subscription: { unsubscribe: ReturnType<typeof vi.fn> } | null = null;
const registration = {
  scope: '/',
  pushManager: { getSubscription: vi.fn(() => Promise.resolve(subscription)) },
};
function subscribe() {
  const made = {
    unsubscribe: vi.fn(() => {
      subscription = null;
      return Promise.resolve(true);
    }),
  };
  subscription = made;
  return made;
}
/** deleteToken as SDK 12 answers without a bound registration: it cannot register its default worker. */
const noDefaultWorker = () =>
  Object.assign(new Error('Messaging: We are unable to register the default service worker.'), {
    code: 'messaging/failed-service-worker-registration',
  });
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
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
}

beforeEach(() => {
  env.push = { vapidKey: 'vapid-key' };
  permission = 'default';
  subscription = null;
  stubPushApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
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
    subscribe();
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

describe('the sign-out', () => {
  it('has the server forget the device first, and still unsubscribes when deleteToken rejects', async () => {
    permission = 'granted';
    await enablePush('u-1', 'pl');
    const made = subscribe();
    call.mockClear();
    sdk.deleteToken.mockRejectedValueOnce(noDefaultWorker());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await unregisterPushBeforeSignOut('u-1');
    expect(call.mock.calls).toEqual([['unregisterPushDevice', { token: 'token-1' }]]);
    await forgetPushOnSignOut();

    expect(sdk.deleteToken).toHaveBeenCalledTimes(1);
    expect(made.unsubscribe).toHaveBeenCalledTimes(1);
    expect(isPushOn('u-1')).toBe(false);
    expect(hasQueuedUnregisters()).toBe(false);
  });

  it('binds the app’s service worker registration to Messaging before deleteToken, in a fresh page', async () => {
    permission = 'granted';
    setPushFlag('u-1', 'token-1');
    subscribe();
    await forgetPushOnSignOut();
    expect(sdk.getToken).toHaveBeenCalledWith(
      { kind: 'messaging' },
      { vapidKey: 'vapid-key', serviceWorkerRegistration: registration },
    );
    const [getTokenOrder] = sdk.getToken.mock.invocationCallOrder;
    const [deleteTokenOrder] = sdk.deleteToken.mock.invocationCallOrder;
    expect(getTokenOrder).toBeLessThan(deleteTokenOrder ?? 0);
  });

  it('shows no prompt when the permission was taken back, and still unsubscribes', async () => {
    permission = 'default';
    setPushFlag('u-1', 'token-1');
    const made = subscribe();
    sdk.deleteToken.mockRejectedValueOnce(noDefaultWorker());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await forgetPushOnSignOut();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(sdk.getToken).not.toHaveBeenCalled();
    expect(made.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('offline, queues the unregistration and sends it at the same account’s next sign-in', async () => {
    permission = 'granted';
    await enablePush('u-1', 'pl');
    call.mockClear();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await unregisterPushBeforeSignOut('u-1');
    expect(call).not.toHaveBeenCalled();
    expect(hasQueuedUnregisters()).toBe(true);
    expect(JSON.stringify(localStorage)).not.toContain('u-1');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await sendQueuedUnregisters('u-2');
    expect(call).not.toHaveBeenCalled();
    await sendQueuedUnregisters('u-1');
    expect(call.mock.calls).toEqual([['unregisterPushDevice', { token: 'token-1' }]]);
    expect(hasQueuedUnregisters()).toBe(false);
  });

  it('keeps the unregistration queued when the server fails, and queues an account signed out elsewhere', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setPushFlag('u-1', 'token-1');
    call.mockRejectedValueOnce(new Error('unavailable'));
    await unregisterPushBeforeSignOut('u-1');
    expect(hasQueuedUnregisters()).toBe(true);
    await sendQueuedUnregisters('u-1');
    expect(hasQueuedUnregisters()).toBe(false);

    // A disabled account's sign-out starts in no tab's log-out: the clean-up queues its device.
    setPushFlag('u-3', 'token-3');
    await forgetPushOnSignOut();
    call.mockClear();
    await sendQueuedUnregisters('u-3');
    expect(call.mock.calls).toEqual([['unregisterPushDevice', { token: 'token-3' }]]);
  });

  it('touches nothing when no account turned push on and no subscription is left', async () => {
    await forgetPushOnSignOut();
    expect(sdk.deleteToken).not.toHaveBeenCalled();
  });
});
