import { PERMISSIONS } from '../../domain/index.js';
import { decideResetUserPassword } from '../../domain/operations/reset-user-password.js';
import { defineCallable } from '../define-callable.js';
import { createRateLimiter } from '../rate-limit.js';
import { applyDecision, decideOrThrow } from '../run-operation.js';
import { adminAccess } from './admin-caller.js';
import { type MailingDeps, readTargetAccount } from './account-target.js';
import { createPasswordResetMailer } from './reset-link.js';

/**
 * The resetUserPassword callable (RESET_USER_PASSWORD): sends the account's password-reset
 * e-mail; in the local emulator stack the link is returned to the caller instead. Decided by
 * `decideResetUserPassword`; then limited per caller and per target account
 * (RATE_LIMITS.resetUserPassword / resetUserPasswordTarget: every call sends an e-mail), and the
 * audit entry is committed before the e-mail goes out, so no reset is ever sent without its trace.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'equalOrHigherLevel';
 * `invalid-argument` with `details.fields`; `not-found` 'userNotFound'; `failed-precondition`
 * 'admin.errors.noEmail'; `resource-exhausted` 'errors.tooManyRequests' with
 * `details.retryAfterMinutes`; `internal` 'resetPasswordFailed'.
 */
export function createResetUserPasswordHandler(deps: MailingDeps) {
  const mailer = deps.mailer ?? createPasswordResetMailer();
  const limiter = createRateLimiter(deps);
  return defineCallable('resetUserPassword', deps, {
    access: adminAccess(PERMISSIONS.RESET_USER_PASSWORD),
    run: async ({ caller, input }) => {
      const target = await readTargetAccount(deps, input.uid);
      const decision = decideOrThrow(decideResetUserPassword({ target }, input, caller, deps.now()));
      const { uid, email } = decision.result;
      await limiter.consume({
        buckets: [
          { operation: 'resetUserPassword', subject: caller.uid },
          { operation: 'resetUserPasswordTarget', subject: uid },
        ],
      });
      const batch = deps.db.batch();
      applyDecision(deps.db, batch, decision);
      await batch.commit();
      const { link } = await mailer.send(email);

      deps.logger.info('resetUserPassword', { by: caller.uid, target: uid });
      return { uid, email, link };
    },
  });
}
