import { Timestamp } from 'firebase-admin/firestore';
import { PERMISSIONS, ROLES } from '../../domain/index.js';
import type { BackendLogger } from '../../logging/backend-logger.js';
import type { CallableLogger } from '../errors.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { defineCallable } from '../define-callable.js';

/** The test entry needs a logger with the unfiltered security channel: the backend logger. */
export type TestSecurityLogDeps = Omit<AdminDeps, 'logger'> & {
  logger: CallableLogger & Pick<BackendLogger, 'security'>;
};

/**
 * The testSecurityLog callable (admin role, ACCESS_DEBUG_TOOLS): writes a `securityLog/{id}` entry
 * {at, type 'test', message, by {uid, email, role}} and its audit entry in one batch, then the
 * same event to the functions log through the security channel: WARNING severity, marked
 * `security: true`, and written whatever the backend log level, because a security event is not
 * debug chatter and a test that shows nothing under the default level (errors only) would prove
 * nothing.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields`; `internal` 'admin.errors.securityLogFailed'.
 */
export function createTestSecurityLogHandler(deps: TestSecurityLogDeps) {
  return defineCallable('testSecurityLog', deps, {
    rateLimit: { operation: 'testSecurityLog' },
    access: adminAccess(PERMISSIONS.ACCESS_DEBUG_TOOLS, ROLES.ADMIN),
    run: async ({ caller, input: { message } }) => {
      const now = deps.now();
      const entry = deps.db.collection('securityLog').doc();
      const by = { uid: caller.uid, email: caller.email, role: caller.role };
      const batch = deps.db.batch();
      batch.set(entry, { at: Timestamp.fromMillis(now), type: 'test', message, by });
      addAuditEntry(deps.db, batch, {
        caller,
        action: 'testSecurityLog',
        target: { setting: `securityLog/${entry.id}` },
        changes: { entry: { from: null, to: entry.id } },
        now,
      });
      await batch.commit();
      deps.logger.security('Security log test entry', { entryId: entry.id, type: 'test', message, by });
      return { entryId: entry.id };
    },
  });
}
