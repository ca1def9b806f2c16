import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPushFlag } from '../push/push-flag';
import { forgetSignedOutUser } from './sign-out-cleanup';

// Web push at sign-out: a shared phone must not keep getting the last user's pushes. The push code is
// loaded only when some account turned push on here (so /login never loads the Messaging SDK).
const forgetPushOnSignOut = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../push/api', () => ({ forgetPushOnSignOut }));

const stopFirestore = () => Promise.resolve();

describe('forgetSignedOutUser and web push', () => {
  afterEach(() => vi.clearAllMocks());

  it('turns push off on this device when an account had turned it on', async () => {
    setPushFlag('u-worker', 'token-1');
    await forgetSignedOutUser({ stopFirestore });
    expect(forgetPushOnSignOut).toHaveBeenCalledTimes(1);
  });

  it('leaves push alone when nobody turned it on here', async () => {
    await forgetSignedOutUser({ stopFirestore });
    expect(forgetPushOnSignOut).not.toHaveBeenCalled();
  });
});
