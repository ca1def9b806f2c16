import { HttpsError } from 'firebase-functions/v2/https';
import { ADMIN_ERRORS, PERMISSIONS, outranks } from '../../domain/index.js';
import { createRateLimiter } from '../rate-limit.js';
import { adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { type MailingDeps, loadTargetAccount } from './account-target.js';
import { createPasswordResetMailer } from './reset-link.js';
import { defineCallable } from '../define-callable.js';

/** An account without an e-mail address cannot get a reset e-mail (not in ADMIN_ERRORS). */
export const ADMIN_NO_EMAIL = 'admin.errors.noEmail';

/**
 * The resetUserPassword callable (RESET_USER_PASSWORD): sends the account's password-reset
 * e-mail; in the local emulator stack the link is returned to the caller instead. Refused for an
 * account of equal or higher role level (oneself included). Limited per caller and per target
 * account (RATE_LIMITS.resetUserPassword / resetUserPasswordTarget): every call sends an e-mail.
 * The audit entry is committed before the e-mail goes out, so no reset is ever sent without its
 * trace.
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
      const target = await loadTargetAccount(deps, input.uid);
      if (!outranks(caller.role, target.role)) {
        throw new HttpsError('permission-denied', ADMIN_ERRORS.equalOrHigherLevel);
      }
      const email = target.email;
      if (!email) throw new HttpsError('failed-precondition', ADMIN_NO_EMAIL);
      await limiter.consume({
        buckets: [
          { operation: 'resetUserPassword', subject: caller.uid },
          { operation: 'resetUserPasswordTarget', subject: target.uid },
        ],
      });

      const batch = deps.db.batch();
      addAuditEntry(deps.db, batch, {
        caller,
        action: 'resetUserPassword',
        target: { uid: target.uid, email },
        now: deps.now(),
      });
      await batch.commit();
      const { link } = await mailer.send(email);

      deps.logger.info('resetUserPassword', { by: caller.uid, target: target.uid });
      return { uid: target.uid, email, link };
    },
  });
}
