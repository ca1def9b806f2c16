import { Timestamp } from 'firebase-admin/firestore';
import { PERMISSIONS, ROLES } from '../../domain/index.js';
import { SERVICE_LEVELS_PATH, serviceLevelsOf } from '../tickets/ticket-writer.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { defineCallable } from '../define-callable.js';

/**
 * The saveServiceLevels callable (admin role): stores the levels in `config/serviceLevels`
 * {country, extraHolidays, targets, updatedAt, updatedBy} and an audit entry with what changed, in
 * one batch. New tickets take their answer day from them at once; tickets already filed keep theirs.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields` (`targets.<key>`, `extraHolidays.N`, `country`); `internal`
 * 'admin.errors.saveServiceLevelsFailed'.
 */
export function createSaveServiceLevelsHandler(deps: AdminDeps) {
  return defineCallable('saveServiceLevels', deps, {
    rateLimit: { operation: 'saveServiceLevels' },
    access: adminAccess(PERMISSIONS.VIEW_ALL_USER_DATA, ROLES.ADMIN),
    run: async ({ caller, input }) => {
      const ref = deps.db.doc(SERVICE_LEVELS_PATH);
      const previous = serviceLevelsOf((await ref.get()).data());
      const now = deps.now();
      const levels = {
        country: input.country,
        extraHolidays: [...input.extraHolidays],
        targets: { ...input.targets },
      };
      const batch = deps.db.batch();
      batch.set(ref, {
        ...levels,
        updatedAt: Timestamp.fromMillis(now),
        updatedBy: { uid: caller.uid, email: caller.email },
      });
      const changes = Object.fromEntries(
        (['country', 'extraHolidays', 'targets'] as const)
          .filter((field) => JSON.stringify(previous[field]) !== JSON.stringify(levels[field]))
          .map((field) => [field, { from: previous[field], to: levels[field] }]),
      );
      addAuditEntry(deps.db, batch, {
        caller,
        action: 'saveServiceLevels',
        target: { setting: SERVICE_LEVELS_PATH },
        changes,
        now,
      });
      await batch.commit();
      return levels;
    },
  });
}
