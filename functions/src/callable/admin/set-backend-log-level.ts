import { Timestamp } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  type BackendLogLevelResponse,
  PERMISSIONS,
  ROLES,
  setBackendLogLevelSchema,
} from '../../domain/index.js';
import { LOG_CONFIG_PATH, readLogLevel } from '../../logging/backend-logger.js';
import { answerOrInternal, parseOrThrow } from '../errors.js';
import { type AdminDeps, requireAdminCaller } from './admin-caller.js';
import { addAuditEntry } from './audit.js';

/**
 * The setBackendLogLevel callable (admin role, ACCESS_DEBUG_TOOLS): stores the level in
 * `config/logging` {level, updatedAt, updatedBy} and an audit entry {level: {from, to}} in one
 * batch. Every instance's backend logger picks it up within its TTL (a minute).
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields`; `internal` 'admin.errors.logLevelFailed'.
 */
export function createSetBackendLogLevelHandler(deps: AdminDeps) {
  return (request: CallableRequest<unknown>): Promise<BackendLogLevelResponse> =>
    answerOrInternal(deps.logger, 'setBackendLogLevel', ADMIN_ERRORS.logLevelFailed, async () => {
      const caller = await requireAdminCaller(deps, request, PERMISSIONS.ACCESS_DEBUG_TOOLS, ROLES.ADMIN);
      const { level } = parseOrThrow(setBackendLogLevelSchema, request.data, 'Invalid log level');
      const previous = await readLogLevel(deps.db);
      const now = deps.now();
      const batch = deps.db.batch();
      batch.set(deps.db.doc(LOG_CONFIG_PATH), {
        level,
        updatedAt: Timestamp.fromMillis(now),
        updatedBy: { uid: caller.uid, email: caller.email },
      });
      addAuditEntry(deps.db, batch, {
        caller,
        action: 'setBackendLogLevel',
        target: { setting: LOG_CONFIG_PATH },
        changes: { level: { from: previous, to: level } },
        now,
      });
      await batch.commit();
      return { level };
    });
}
