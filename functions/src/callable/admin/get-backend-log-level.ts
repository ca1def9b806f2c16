import { PERMISSIONS, ROLES } from '../../domain/index.js';
import { readLogLevel } from '../../logging/backend-logger.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { defineCallable } from '../define-callable.js';

/**
 * The getBackendLogLevel callable (admin role, ACCESS_DEBUG_TOOLS): the level stored in
 * `config/logging`, `error` when none is stored.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `internal`
 * 'admin.errors.logLevelFailed'.
 */
export function createGetBackendLogLevelHandler(deps: AdminDeps) {
  return defineCallable('getBackendLogLevel', deps, {
    access: adminAccess(PERMISSIONS.ACCESS_DEBUG_TOOLS, ROLES.ADMIN),
    run: async () => {
      return { level: await readLogLevel(deps.db) };
    },
  });
}
