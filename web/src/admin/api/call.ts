import { ADMIN_ERRORS } from '@domain';
import { type CallableFailure, toCallableFailure } from '../../lib/callable-failure';

/** Why an admin call failed, in the terms the screens react to. */
export type AdminFailure = CallableFailure;

const ADMIN_FAILURE_KEYS = {
  own: /^admin\.errors\.[A-Za-z]+$/,
  noConnection: 'admin.errors.noConnection',
  forbidden: ADMIN_ERRORS.forbidden,
};

/**
 * Maps a callable error to an AdminFailure: the server's own `admin.errors.*` key wins; no
 * connection says so; anything else falls back to the operation's failure key (for example
 * admin.errors.updateRoleFailed).
 */
export function toAdminFailure(error: unknown, fallbackKey: string): AdminFailure {
  return toCallableFailure(error, fallbackKey, ADMIN_FAILURE_KEYS);
}
