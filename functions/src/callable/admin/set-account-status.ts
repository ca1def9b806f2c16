import { PERMISSIONS } from '../../domain/index.js';
import { decideSetAccountStatus } from '../../domain/operations/set-account-status.js';
import { defineCallable } from '../define-callable.js';
import { runOperation } from '../run-operation.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { readTargetAccount } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';

/**
 * The setAccountStatus callable (ENABLE_DISABLE_USER): disables or re-enables an account in Auth
 * (see `decideSetAccountStatus`). `users/{uid}.disabled` mirrors the state, written in one
 * transaction with the audit entry before Auth is changed; disabling also revokes the refresh
 * tokens, so the user is signed out at the next token refresh and a password sign-in fails with
 * USER_DISABLED. Should Auth fail, the mirror is put back and the audit entry removed.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'equalOrHigherLevel';
 * `failed-precondition` 'selfDisable'; `invalid-argument` with `details.fields`; `not-found`
 * 'userNotFound'; `internal` 'setStatusFailed'.
 */
export function createSetAccountStatusHandler(deps: AdminDeps) {
  return defineCallable('setAccountStatus', deps, {
    rateLimit: { operation: 'setAccountStatus' },
    access: adminAccess(PERMISSIONS.ENABLE_DISABLE_USER),
    run: async ({ caller, input }) => {
      const { result, log } = await runOperation(deps, {
        name: 'setAccountStatus',
        // Oneself is refused before anything is read.
        read: async () => ({
          target: input.uid === caller.uid ? null : await readTargetAccount(deps, input.uid),
        }),
        decide: (state) => decideSetAccountStatus(state, input, caller, deps.now()),
      });
      if (log.length === 0) return result;
      invalidateUserIndex();
      deps.logger.info('setAccountStatus', { by: caller.uid, target: result.uid, disabled: result.disabled });
      return result;
    },
  });
}
