import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { authErrorText } from './auth-errors';

const err = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
const english = (key: string, values: Record<string, string> = {}) => {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
};

describe('authErrorText', () => {
  it.each([
    ['auth/invalid-email', 'Invalid e-mail address.'],
    ['auth/user-disabled', 'This account has been disabled. Please contact support.'],
    ['auth/user-not-found', 'No account found with this e-mail.'],
    ['auth/wrong-password', 'Incorrect password.'],
    ['auth/email-already-in-use', 'This e-mail is already in use.'],
    ['auth/weak-password', 'The password is too weak: it must be at least 6 characters.'],
    ['auth/too-many-requests', 'Too many attempts. Please try again later.'],
    ['auth/network-request-failed', 'Network error. Check your connection and try again.'],
    ['auth/operation-not-allowed', 'This sign-in method is not enabled.'],
    ['auth/requires-recent-login', 'For your security, please sign in again and retry.'],
    ['auth/invalid-credential', 'Invalid or expired credentials.'],
    ['auth/invalid-login-credentials', 'Invalid or expired credentials.'],
    ['auth/invalid-action-code', 'The link is invalid or has expired. It may have been used already.'],
    ['auth/expired-action-code', 'The link is invalid or has expired. It may have been used already.'],
    ['auth/user-mismatch', 'This link was meant for a different user.'],
    ['auth/invalid-verification-code', 'Invalid verification code or ID.'],
    ['auth/invalid-verification-id', 'Invalid verification code or ID.'],
  ])('maps %s to its own text', (code, text) => {
    const { key, values } = authErrorText(err(code));
    expect(english(key, values)).toBe(text);
  });

  it.each([
    'auth/user-not-found',
    'auth/wrong-password',
    'auth/invalid-credential',
    'auth/invalid-login-credentials',
  ])('says "Invalid email or password" for %s on the login form', (code) => {
    expect(english(authErrorText(err(code), 'login').key)).toBe('Invalid email or password');
  });

  it('keeps specific texts on the login form for other codes', () => {
    expect(english(authErrorText(err('auth/user-disabled'), 'login').key)).toBe(
      'This account has been disabled. Please contact support.',
    );
  });

  it('says the link is meant for a different user for auth/invalid-email when finishing a link sign-in', () => {
    // signInWithEmailLink answers auth/invalid-email when the address is not the one the link was sent to.
    expect(english(authErrorText(err('auth/invalid-email'), 'emailLink').key)).toBe(
      'This link was meant for a different user.',
    );
    expect(english(authErrorText(err('auth/invalid-action-code'), 'emailLink').key)).toBe(
      'The link is invalid or has expired. It may have been used already.',
    );
  });

  it('falls back to the default text for an unknown code', () => {
    expect(english(authErrorText(err('auth/quota-exceeded')).key)).toBe(
      'An authentication error occurred. Please try again.',
    );
    expect(english(authErrorText(null).key)).toBe('An authentication error occurred. Please try again.');
  });

  it('says accounts are made by the office when the sign-up gate refuses an unknown e-mail', () => {
    // What the SDK throws for a blocking function's refusal: internal-error, the answer in the message.
    const refused = Object.assign(
      new Error(
        'Firebase: HTTP Cloud Function returned an error: {"error":{"message":"auth.errors.signUpClosed","status":"PERMISSION_DENIED"}} (auth/internal-error).',
      ),
      { code: 'auth/internal-error' },
    );
    expect(english(authErrorText(refused, 'emailLink').key)).toBe(
      'Accounts are made by the office. Ask your office for access.',
    );
  });

  it('uses the with-message variant for an error that only has a message', () => {
    const { key, values } = authErrorText(new Error('Popup closed'));
    expect(english(key, values)).toBe('An authentication error occurred: Popup closed');
  });
});
