import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { ADMIN_ERRORS, PERMISSIONS, type SetAccountStatusResponse, outranks } from '../../domain/index.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { loadTargetAccount, undoQuietly, userDoc } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';
import { defineCallable } from '../define-callable.js';

/**
 * The setAccountStatus callable (ENABLE_DISABLE_USER): disables or re-enables an account in Auth.
 * Disabling also revokes the refresh tokens, so the user is signed out at the next token refresh
 * and a password sign-in fails with USER_DISABLED. `users/{uid}.disabled` mirrors the state, in
 * one batch with the audit entry. Refused for oneself (checked first) and for an account of
 * equal or higher role level. Asking for the state the account already has changes nothing and
 * writes no audit entry.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'equalOrHigherLevel';
 * `failed-precondition` 'selfDisable'; `invalid-argument` with `details.fields`; `not-found`
 * 'userNotFound'; `internal` 'setStatusFailed'.
 */
export function createSetAccountStatusHandler(deps: AdminDeps) {
  return defineCallable('setAccountStatus', deps, {
    access: adminAccess(PERMISSIONS.ENABLE_DISABLE_USER),
    run: async ({ caller, input }) => {
      if (input.uid === caller.uid) throw new HttpsError('failed-precondition', ADMIN_ERRORS.selfDisable);
      const target = await loadTargetAccount(deps, input.uid);
      if (!outranks(caller.role, target.role)) {
        throw new HttpsError('permission-denied', ADMIN_ERRORS.equalOrHigherLevel);
      }

      const response: SetAccountStatusResponse = { uid: target.uid, disabled: input.disabled };
      const wasDisabled = target.record.disabled;
      if (wasDisabled === input.disabled) return response;

      await deps.auth.updateUser(target.uid, { disabled: input.disabled });
      try {
        if (input.disabled) await deps.auth.revokeRefreshTokens(target.uid);
        const now = deps.now();
        const batch = deps.db.batch();
        batch.set(
          userDoc(deps.db, target.uid),
          { disabled: input.disabled, updatedAt: Timestamp.fromMillis(now) },
          { merge: true },
        );
        addAuditEntry(deps.db, batch, {
          caller,
          action: 'setAccountStatus',
          target: { uid: target.uid, email: target.email },
          changes: { disabled: { from: wasDisabled, to: input.disabled } },
          now,
        });
        await batch.commit();
      } catch (error) {
        // Without its mirror and audit entry the new state must not stay.
        await undoQuietly(deps, 'setAccountStatus', target.uid, () =>
          deps.auth.updateUser(target.uid, { disabled: wasDisabled }),
        );
        throw error;
      }

      invalidateUserIndex();
      deps.logger.info('setAccountStatus', { by: caller.uid, target: target.uid, disabled: input.disabled });
      return response;
    },
  });
}
