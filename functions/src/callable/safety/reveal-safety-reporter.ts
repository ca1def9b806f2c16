import { HttpsError } from 'firebase-functions/v2/https';
import { AUTH_RULES, isAdmin } from '../../domain/index.js';
import { reporterPath } from '../../domain/operations/safety-report.js';
import { SAFETY_ERRORS } from '../../domain/safety.js';
import { addAuditEntry } from '../admin/audit.js';
import { type CallableShellDeps, defineCallable } from '../define-callable.js';

export type RevealSafetyReporterDeps = CallableShellDeps & { now: () => number };

/**
 * The revealSafetyReporter callable: who made a safety report, for abuse handling. Admins only
 * (`permission-denied` before the request is read); the audit entry `viewSafetyReporter` (who,
 * which report, whose name) is written before the answer goes out: no trace, no answer.
 *
 * Errors: `unauthenticated`; `permission-denied` 'safety.errors.forbidden'; `invalid-argument`;
 * `not-found` 'safety.errors.notFound'; `internal` 'safety.errors.revealFailed'.
 */
export function createRevealSafetyReporterHandler(deps: RevealSafetyReporterDeps) {
  const { db, now } = deps;
  return defineCallable('revealSafetyReporter', deps, {
    access: (caller) => {
      if (!isAdmin(caller.role, AUTH_RULES))
        throw new HttpsError('permission-denied', SAFETY_ERRORS.forbidden);
    },
    run: async ({ caller, input }) => {
      const reporter = await db.doc(reporterPath(input.reportId)).get();
      const uid = reporter.get('uid');
      if (!reporter.exists || typeof uid !== 'string')
        throw new HttpsError('not-found', SAFETY_ERRORS.notFound);
      const name = String(reporter.get('name') ?? '');
      const email = typeof reporter.get('email') === 'string' ? (reporter.get('email') as string) : null;
      const batch = db.batch();
      addAuditEntry(db, batch, {
        caller,
        action: 'viewSafetyReporter',
        target: { uid, email, safetyReportId: input.reportId },
        now: now(),
      });
      await batch.commit();
      return { uid, name, email };
    },
  });
}
