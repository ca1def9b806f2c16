// Firebase Auth error codes to translation keys (spec section 8). Bad credentials on the login
// form read "Invalid email or password" so the form does not reveal which accounts exist.
// Finishing an e-mail link sign-in, Firebase answers auth/invalid-email when the address typed is
// not the one the link was sent to (the form has already checked the address's shape), so there
// it reads "link meant for a different user".
const CODE_KEYS: Record<string, string> = {
  'auth/invalid-email': 'auth.errors.invalidEmail',
  'auth/user-disabled': 'auth.errors.userDisabled',
  'auth/user-not-found': 'auth.errors.userNotFound',
  'auth/wrong-password': 'auth.errors.wrongPassword',
  'auth/email-already-in-use': 'auth.errors.emailAlreadyInUse',
  'auth/weak-password': 'auth.errors.weakPassword',
  'auth/too-many-requests': 'auth.errors.tooManyRequests',
  'auth/network-request-failed': 'auth.errors.networkRequestFailed',
  'auth/operation-not-allowed': 'auth.errors.operationNotAllowed',
  'auth/requires-recent-login': 'auth.errors.requiresRecentLogin',
  'auth/invalid-credential': 'auth.errors.invalidCredential',
  'auth/invalid-login-credentials': 'auth.errors.invalidCredential',
  'auth/invalid-action-code': 'auth.errors.invalidActionCode',
  'auth/expired-action-code': 'auth.errors.invalidActionCode',
  'auth/user-mismatch': 'auth.errors.userMismatch',
  'auth/invalid-verification-code': 'auth.errors.invalidVerification',
  'auth/invalid-verification-id': 'auth.errors.invalidVerification',
};

/** The sign-up gate's refusal, as the functions send it. */
const SIGN_UP_CLOSED_KEY = 'auth.errors.signUpClosed';

const BAD_CREDENTIAL_CODES = new Set([
  'auth/user-not-found',
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);

export type TranslatedError = { key: string; values?: Record<string, string> };

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export type AuthErrorContext = 'login' | 'emailLink' | 'general';

/**
 * The text for an Auth error. `context: 'login'` folds bad credentials into one message;
 * `context: 'emailLink'` reads a mismatching address as a link meant for another user.
 * Unknown errors get the default text, or its with-message variant when they carry a message.
 */
export function authErrorText(error: unknown, context: AuthErrorContext = 'general'): TranslatedError {
  const code = errorCode(error);
  const message = (error as { message?: unknown } | null)?.message;
  // The sign-up gate (a blocking function) refuses an e-mail the worker directory does not know; the
  // SDK reports it as auth/internal-error with the function's answer in the message.
  if (typeof message === 'string' && message.includes(SIGN_UP_CLOSED_KEY)) return { key: SIGN_UP_CLOSED_KEY };
  if (code && context === 'login' && BAD_CREDENTIAL_CODES.has(code))
    return { key: 'auth.errors.invalidLogin' };
  if (code === 'auth/invalid-email' && context === 'emailLink') return { key: 'auth.errors.userMismatch' };
  if (code && CODE_KEYS[code]) return { key: CODE_KEYS[code] };
  if (!code && typeof message === 'string' && message.trim()) {
    return { key: 'auth.errors.defaultWithMessage', values: { message: message.trim() } };
  }
  return { key: 'auth.errors.default' };
}
