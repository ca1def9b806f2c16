import { errorCode } from './auth-errors';

export const PASSWORD_POLICY_ERROR = 'auth/password-does-not-meet-requirements';
export const MISSING_CAPTCHA_ERROR = 'auth/missing-recaptcha-token';
/** Extra tries after a missing-captcha-token error, which a fresh attempt usually clears. */
export const CAPTCHA_RETRIES = 2;

/**
 * Runs a sign-in attempt. A password-policy error refreshes the policy and retries once; a
 * missing-captcha-token error is retried automatically. Any other error is thrown as is.
 */
export async function signInWithRetries<T>(
  attempt: () => Promise<T>,
  refreshPasswordPolicy: () => Promise<void>,
): Promise<T> {
  let hasRefreshedPolicy = false;
  let captchaRetries = 0;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const code = errorCode(error);
      if (code === PASSWORD_POLICY_ERROR && !hasRefreshedPolicy) {
        hasRefreshedPolicy = true;
        await refreshPasswordPolicy();
        continue;
      }
      if (code === MISSING_CAPTCHA_ERROR && captchaRetries < CAPTCHA_RETRIES) {
        captchaRetries++;
        continue;
      }
      throw error;
    }
  }
}
