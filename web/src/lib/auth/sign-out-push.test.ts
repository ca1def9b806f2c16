import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueUnregister, setPushFlag } from '../push/push-flag';
import { forgetSignedOutUser, sendPendingPushUnregisters, stopPushBeforeSignOut } from './sign-out-cleanup';

// Web push at sign-out: a shared phone must not keep getting the last user's pushes. The push code is
// loaded only when some account turned push on here (so /login never loads the Messaging SDK).
const push = vi.hoisted(() => ({
  forgetPushOnSignOut: vi.fn(() => Promise.resolve()),
  unregisterPushBeforeSignOut: vi.fn(() => Promise.resolve()),
  sendQueuedUnregisters: vi.fn(() => Promise.resolve()),
}));
vi.mock('../push/api', () => push);

const stopFirestore = () => Promise.resolve();

describe('forgetSignedOutUser and web push', () => {
  afterEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllGlobals();
  });

  it('turns push off on this device when an account had turned it on', async () => {
    setPushFlag('u-worker', 'token-1');
    await forgetSignedOutUser({ stopFirestore });
    expect(push.forgetPushOnSignOut).toHaveBeenCalledTimes(1);
  });

  it('turns push off when a push subscription is left though no account is marked', async () => {
    vi.stubGlobal('PushManager', class {});
    const registration = { pushManager: { getSubscription: () => Promise.resolve({}) } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(registration) },
    });
    await forgetSignedOutUser({ stopFirestore });
    expect(push.forgetPushOnSignOut).toHaveBeenCalledTimes(1);
  });

  it('leaves push alone when nobody turned it on here', async () => {
    await forgetSignedOutUser({ stopFirestore });
    expect(push.forgetPushOnSignOut).not.toHaveBeenCalled();
  });

  it('before the sign-out, has the server forget the device of the account signing out only', async () => {
    await stopPushBeforeSignOut('u-worker');
    expect(push.unregisterPushBeforeSignOut).not.toHaveBeenCalled();
    setPushFlag('u-worker', 'token-1');
    await stopPushBeforeSignOut('u-worker');
    expect(push.unregisterPushBeforeSignOut).toHaveBeenCalledWith('u-worker');
  });

  it('never stops the sign-out when the push code fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setPushFlag('u-worker', 'token-1');
    push.unregisterPushBeforeSignOut.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(stopPushBeforeSignOut('u-worker')).resolves.toBeUndefined();
  });

  it('after a sign-in, sends what an earlier sign-out left queued', async () => {
    await sendPendingPushUnregisters('u-worker');
    expect(push.sendQueuedUnregisters).not.toHaveBeenCalled();
    await queueUnregister('u-worker', 'token-1');
    await sendPendingPushUnregisters('u-worker');
    expect(push.sendQueuedUnregisters).toHaveBeenCalledWith('u-worker');
  });
});
