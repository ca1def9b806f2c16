import { describe, expect, it, vi } from 'vitest';
import { MISSING_CAPTCHA_ERROR, PASSWORD_POLICY_ERROR, signInWithRetries } from './sign-in-retry';

const fail = (code: string) => Object.assign(new Error(code), { code });

describe('signInWithRetries', () => {
  it('returns the first success without refreshing anything', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    await expect(signInWithRetries(() => Promise.resolve('ok'), refresh)).resolves.toBe('ok');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes the password policy and retries once on a policy error', async () => {
    const attempt = vi.fn().mockRejectedValueOnce(fail(PASSWORD_POLICY_ERROR)).mockResolvedValueOnce('ok');
    const refresh = vi.fn(() => Promise.resolve());
    await expect(signInWithRetries(attempt, refresh)).resolves.toBe('ok');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('retries the policy error only once', async () => {
    const attempt = vi.fn().mockRejectedValue(fail(PASSWORD_POLICY_ERROR));
    const refresh = vi.fn(() => Promise.resolve());
    await expect(signInWithRetries(attempt, refresh)).rejects.toMatchObject({ code: PASSWORD_POLICY_ERROR });
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('retries a missing-captcha-token error automatically, then gives up', async () => {
    const recovering = vi.fn().mockRejectedValueOnce(fail(MISSING_CAPTCHA_ERROR)).mockResolvedValueOnce('ok');
    await expect(signInWithRetries(recovering, () => Promise.resolve())).resolves.toBe('ok');
    const stuck = vi.fn().mockRejectedValue(fail(MISSING_CAPTCHA_ERROR));
    await expect(signInWithRetries(stuck, () => Promise.resolve())).rejects.toMatchObject({
      code: MISSING_CAPTCHA_ERROR,
    });
    expect(stuck).toHaveBeenCalledTimes(3);
  });

  it('does not retry other errors', async () => {
    const attempt = vi.fn().mockRejectedValue(fail('auth/wrong-password'));
    await expect(signInWithRetries(attempt, () => Promise.resolve())).rejects.toMatchObject({
      code: 'auth/wrong-password',
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
