import { ADMIN_ERRORS } from '@domain';
import { callFunction } from '../../lib/firebase-data';

/**
 * Calls an admin callable by its name in ADMIN_CALLABLES. The server re-checks the caller; the
 * screens only build requests of the contract's types (functions/src/domain/admin-api.ts).
 */
export function callAdmin<Request, Response>(name: string, data: Request): Promise<Response> {
  return callFunction<Request, Response>(name, data);
}

/** Why an admin call failed, in the terms the screens react to. */
export type AdminFailure = {
  /** Short callable code: permission-denied, not-found, invalid-argument, unavailable, ... */
  code: string;
  /** The translation key to show. */
  messageKey: string;
  /** Field path -> translation key, from an invalid-argument answer. */
  fields: Record<string, string>;
};

type CallableErrorLike = { code?: unknown; message?: unknown; details?: unknown };

const ADMIN_KEY = /^admin\.errors\.[A-Za-z]+$/;

/**
 * Maps a callable error (FunctionsError: code `functions/<code>`, message, details) to an
 * AdminFailure. The server's own `admin.errors.*` key wins; no connection says so; anything
 * else falls back to the operation's failure key (for example admin.errors.updateRoleFailed).
 */
export function toAdminFailure(error: unknown, fallbackKey: string): AdminFailure {
  const { code, message, details } = (error ?? {}) as CallableErrorLike;
  const shortCode = typeof code === 'string' ? code.replace(/^functions\//, '') : 'unknown';
  const rawFields = (details as { fields?: unknown } | undefined)?.fields;
  const fields =
    rawFields !== null && typeof rawFields === 'object' ? (rawFields as Record<string, string>) : {};
  if (typeof message === 'string' && ADMIN_KEY.test(message)) {
    return { code: shortCode, messageKey: message, fields };
  }
  if (shortCode === 'unavailable' || shortCode === 'deadline-exceeded') {
    return { code: shortCode, messageKey: 'admin.errors.noConnection', fields };
  }
  if (shortCode === 'permission-denied')
    return { code: shortCode, messageKey: ADMIN_ERRORS.forbidden, fields };
  return { code: shortCode, messageKey: fallbackKey, fields };
}
