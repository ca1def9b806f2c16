import type { CallableRequest } from 'firebase-functions/v2/https';
import { ADMIN_ERRORS, type BackendLogLevelResponse, PERMISSIONS, ROLES } from '../../domain/index.js';
import { readLogLevel } from '../../logging/backend-logger.js';
import { answerOrInternal } from '../errors.js';
import { type AdminDeps, requireAdminCaller } from './admin-caller.js';

/**
 * The getBackendLogLevel callable (admin role, ACCESS_DEBUG_TOOLS): the level stored in
 * `config/logging`, `error` when none is stored.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `internal`
 * 'admin.errors.logLevelFailed'.
 */
export function createGetBackendLogLevelHandler(deps: AdminDeps) {
  return (request: CallableRequest<unknown>): Promise<BackendLogLevelResponse> =>
    answerOrInternal(deps.logger, 'getBackendLogLevel', ADMIN_ERRORS.logLevelFailed, async () => {
      await requireAdminCaller(deps, request, PERMISSIONS.ACCESS_DEBUG_TOOLS, ROLES.ADMIN);
      return { level: await readLogLevel(deps.db) };
    });
}
