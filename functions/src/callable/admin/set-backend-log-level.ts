import { Timestamp } from 'firebase-admin/firestore';
import { PERMISSIONS, ROLES } from '../../domain/index.js';
import { LOG_CONFIG_PATH, readLogLevel } from '../../logging/backend-logger.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { defineCallable } from '../define-callable.js';

/**
 * The setBackendLogLevel callable (admin role, ACCESS_DEBUG_TOOLS): stores the level in
 * `config/logging` {level, updatedAt, updatedBy} and an audit entry {level: {from, to}} in one
 * batch. Every instance's backend logger picks it up within its TTL (a minute).
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields`; `internal` 'admin.errors.logLevelFailed'.
 */
export function createSetBackendLogLevelHandler(deps: AdminDeps) {
  return defineCallable('setBackendLogLevel', deps, {
    rateLimit: { operation: 'setBackendLogLevel' },
    access: adminAccess(PERMISSIONS.ACCESS_DEBUG_TOOLS, ROLES.ADMIN),
    run: async ({ caller, input: { level } }) => {
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
    },
  });
}
