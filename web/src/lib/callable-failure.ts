/**
 * Why a callable failed, in the terms the screens react to: the short callable code
 * (permission-denied, not-found, invalid-argument, unavailable, ...), the translation key to show
 * and the field errors of an invalid-argument answer (field path -> translation key).
 */
export type CallableFailure = { code: string; messageKey: string; fields: Record<string, string> };

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
 * Maps a callable error (FunctionsError: code `functions/<code>`, message, details) to a
 * CallableFailure: the server's own key wins; then no connection; then not allowed; then a session the
 * server refused ("Authentication failed. Please try logging out and back in."); anything else
 * falls back to the operation's failure key (for example admin.errors.updateRoleFailed).
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
  let messageKey = fallbackKey;
  if (typeof message === 'string' && keys.own.test(message)) messageKey = message;
  else if (shortCode === 'unavailable' || shortCode === 'deadline-exceeded') messageKey = keys.noConnection;
  else if (shortCode === 'permission-denied') messageKey = keys.forbidden;
  // The spec's text for a session the server no longer accepts (revoked, disabled, signed out).
  else if (shortCode === 'unauthenticated') messageKey = 'auth.errors.sessionFailed';
  return { code: shortCode, messageKey, fields };
}
