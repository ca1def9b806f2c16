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

type CallableErrorLike = { code?: unknown; message?: unknown; details?: unknown };

/**
 * Where a failed call ended: `server`, the server answered (a refusal, an invalid request, an
 * error of its own); `network`, no answer came (no connection, a timeout, the Functions SDK's bare
 * `internal` of a failed fetch, a sign-in token that could not be refreshed for lack of network);
 * `device`, the call never got as far as the SDK's answer (its code failed to load, App Check).
 */
export type CallableFailureSource = 'server' | 'network' | 'device';

/**
 * What call() (lib/call.ts) rejects with: the CallableFailure of callable `callable`, mapped once
 * from the SDK's error (kept as `cause`), and where it ended. Its `message` is the translation key.
 */
export class CallableError extends Error implements CallableFailure {
  override readonly name = 'CallableError';
  readonly code: string;
  readonly messageKey: string;
  readonly fields: Record<string, string>;
  readonly values?: Record<string, number>;

  constructor(
    readonly callable: string,
    failure: CallableFailure,
    readonly source: CallableFailureSource,
    cause?: unknown,
  ) {
    super(failure.messageKey, { cause });
    this.code = failure.code;
    this.messageKey = failure.messageKey;
    this.fields = failure.fields;
    if (failure.values) this.values = failure.values;
  }
}

/** Whether `error` is a failure of call(). */
export function isCallableError(error: unknown): error is CallableError {
  return error instanceof CallableError;
}

/** Where the callable error `error` (FunctionsError: code `functions/<code>`, message) ended. */
export function failureSourceOf(error: unknown): CallableFailureSource {
  const { code, message } = (error ?? {}) as CallableErrorLike;
  if (code === 'auth/network-request-failed') return 'network';
  if (typeof code !== 'string' || !code.startsWith('functions/')) return 'device';
  const shortCode = code.slice('functions/'.length);
  if (shortCode === 'unavailable' || shortCode === 'deadline-exceeded') return 'network';
  // The SDK's failed fetch: code `internal` with the bare message "internal"; a real server error
  // carries its own message.
  if (shortCode === 'internal' && message === 'internal') return 'network';
  return 'server';
}

/**
 * The refusal of every callable to an account staff did not make (the domain's ACCOUNT_NOT_SET_UP_KEY):
 * "Your account is not set up yet: ask your office".
 */
export const ACCOUNT_NOT_SET_UP_KEY = 'auth.errors.accountNotSetUp';

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
 * The interpolation values of errors.tooManyRequests when the call failed over an abuse limit
 * (`count`, the minutes to wait); null for any other failure.
 */
export function tooManyRequestsOf(error: unknown): { count: number } | null {
  if (!isCallableError(error) || error.messageKey !== TOO_MANY_REQUESTS_KEY) return null;
  return { count: error.values?.count ?? 1 };
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
