/**
 * Why a callable failed, in the terms the screens react to: the short callable code
 * (permission-denied, not-found, invalid-argument, unavailable, ...), the translation key to show
 * and the field errors of an invalid-argument answer (field path -> translation key). `values`
 * are the interpolation values the key needs: `count` of errors.tooManyRequests, and `retryAt`
 * (epoch ms, for `{{retryAt, datetime(...)}}`) when the answer says when to try again.
 */
export type CallableFailure = {
  code: string;
  messageKey: string;
  fields: Record<string, string>;
  values?: Record<string, number>;
};

/** The translation keys one feature's callables answer with. */
export type CallableFailureKeys = {
  /** The server's own keys of the feature, e.g. /^admin\.errors\.[A-Za-z]+$/. */
  own: RegExp;
  /** No connection to the server. */
  noConnection: string;
  /** The server refused the caller (permission-denied without a key of its own). */
  forbidden: string;
};

/**
 * The refusal of every callable to an account staff did not make (the domain's ACCOUNT_NOT_SET_UP_KEY):
 * "Your account is not set up yet: ask your office".
 */
export const ACCOUNT_NOT_SET_UP_KEY = 'auth.errors.accountNotSetUp';

type CallableErrorLike = { code?: unknown; message?: unknown; details?: unknown };

/** The text of a refused call over an abuse limit: "Too many requests. Please try again in N minutes." */
/**
 * The rate limit's refusal key, as the functions send it (the domain's TOO_MANY_REQUESTS_KEY; written out
 * here so the screens that map failures load no domain schema code).
 */
export const TOO_MANY_REQUESTS_KEY = 'errors.tooManyRequests';

/**
 * The interpolation values of errors.tooManyRequests for a `resource-exhausted` answer: `count`,
 * the whole minutes from `details.retryAfterMinutes`; 1 when the answer has none (a 429 of the
 * infrastructure in front of the functions). Null for any other error.
 */
export function tooManyRequestsValues(error: unknown): { count: number } | null {
  const { code, details } = (error ?? {}) as CallableErrorLike;
  if (code !== 'functions/resource-exhausted' && code !== 'resource-exhausted') return null;
  const minutes = (details as { retryAfterMinutes?: unknown } | undefined)?.retryAfterMinutes;
  const isMinutes = typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0;
  return { count: isMinutes ? Math.ceil(minutes) : 1 };
}

/**
 * When the answer says to try again (`details.retryAt`, an ISO time, e.g. of admin.errors.boardLimited),
 * as epoch ms; null when it says nothing readable.
 */
export function retryAtOf(error: unknown): number | null {
  const { details } = (error ?? {}) as CallableErrorLike;
  const retryAt = (details as { retryAt?: unknown } | null | undefined)?.retryAt;
  if (typeof retryAt !== 'string') return null;
  const time = Date.parse(retryAt);
  return Number.isFinite(time) ? time : null;
}

/**
 * Maps a callable error (FunctionsError: code `functions/<code>`, message, details) to a
 * CallableFailure: the server's own key wins; then no connection; then not allowed; then a session the
 * server refused ("Authentication failed. Please try logging out and back in."); anything else
 * falls back to the operation's failure key (for example admin.errors.updateRoleFailed). An abuse
 * limit's refusal (`resource-exhausted`) is always errors.tooManyRequests with its minutes; an
 * answer with `details.retryAt` gives it as `values.retryAt`.
 */
export function toCallableFailure(
  error: unknown,
  fallbackKey: string,
  keys: CallableFailureKeys,
): CallableFailure {
  const { code, message, details } = (error ?? {}) as CallableErrorLike;
  const shortCode = typeof code === 'string' ? code.replace(/^functions\//, '') : 'unknown';
  const rawFields = (details as { fields?: unknown } | undefined)?.fields;
  const fields =
    rawFields !== null && typeof rawFields === 'object' ? (rawFields as Record<string, string>) : {};
  const tooMany = tooManyRequestsValues(error);
  if (tooMany) return { code: shortCode, messageKey: TOO_MANY_REQUESTS_KEY, fields, values: tooMany };
  let messageKey = fallbackKey;
  if (message === ACCOUNT_NOT_SET_UP_KEY) messageKey = ACCOUNT_NOT_SET_UP_KEY;
  else if (typeof message === 'string' && keys.own.test(message)) messageKey = message;
  else if (shortCode === 'unavailable' || shortCode === 'deadline-exceeded') messageKey = keys.noConnection;
  else if (shortCode === 'permission-denied') messageKey = keys.forbidden;
  // The product's text for a session the server no longer accepts (revoked, disabled, signed out).
  else if (shortCode === 'unauthenticated') messageKey = 'auth.errors.sessionFailed';
  const retryAt = retryAtOf(error);
  return retryAt === null
    ? { code: shortCode, messageKey, fields }
    : { code: shortCode, messageKey, fields, values: { retryAt } };
}
