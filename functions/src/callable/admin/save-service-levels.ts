import { PERMISSIONS, ROLES } from '../../domain/index.js';
import { SERVICE_LEVELS_PATH, decideSaveServiceLevels } from '../../domain/operations/save-service-levels.js';
import { serviceLevelsOf } from '../tickets/ticket-writer.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { defineCallable } from '../define-callable.js';
import { runOperation } from '../run-operation.js';

/**
 * The saveServiceLevels callable (admin role): see `decideSaveServiceLevels`, run in one
 * transaction that reads the levels in force.
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
      const { result } = await runOperation(deps, {
        name: 'saveServiceLevels',
        read: async (tx) => ({
          current: serviceLevelsOf((await tx.get(deps.db.doc(SERVICE_LEVELS_PATH))).data()),
        }),
        decide: (state) => decideSaveServiceLevels(state, input, caller, deps.now()),
      });
      deps.logger.info('saveServiceLevels', { by: caller.uid });
      return result;
    },
  });
}
