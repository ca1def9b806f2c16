import { HttpsError } from 'firebase-functions/v2/https';

import { AUTH_RULES, canSubmitCategory, dayRangeErrors, findCategory } from '../../domain/index.js';

import { invalidArgument } from '../errors.js';

import { createRateLimiter } from '../rate-limit.js';

import { checkUploadQuota } from '../upload-quota.js';

import { type TicketWriterDeps, createTicketWriter, ticketIdFor } from './ticket-writer.js';

import { defineCallable } from '../define-callable.js';

export type SubmitTicketDeps = TicketWriterDeps;

/**
 * The submitTicket callable: signed in -> payload valid for its category -> caller may file that
 * category (role claim plus users/{uid} permission changes) -> within the account's limit
 * (RATE_LIMITS.submitTicket; a retry of the same requestId neither counts nor is refused) -> the
 * announced files fit in the account's upload quota (UPLOAD_QUOTA, counted when they are attached)
 * -> create the ticket, idempotently.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (field path -> translation
 * key); `permission-denied` 'tickets.errors.forbidden'; `resource-exhausted`
 * 'errors.tooManyRequests' with `details.retryAfterMinutes`; `failed-precondition`
 * 'tickets.presalary.periodTaken'; `internal` 'tickets.errors.submitFailed'.
 */
export function createSubmitTicketHandler(deps: SubmitTicketDeps) {
  const writer = createTicketWriter(deps);
  const limiter = createRateLimiter(deps);
  return defineCallable('submitTicket', deps, {
    run: async ({ caller, input: submission }) => {
      const outOfRange = dayRangeErrors(submission, new Date(deps.now()).toISOString().slice(0, 10));
      if (Object.keys(outOfRange).length > 0) throw invalidArgument(outOfRange, 'Invalid ticket');
      const category = findCategory(submission.category);
      if (!category || !canSubmitCategory(caller, category, AUTH_RULES)) {
        throw new HttpsError('permission-denied', 'tickets.errors.forbidden');
      }
      const ticketRef = deps.db.collection('tickets').doc(ticketIdFor(caller.uid, submission.requestId));
      // A retry of a created ticket gets its first answer, even when its files have filled the day.
      if (submission.attachments.length > 0 && !(await ticketRef.get()).exists) {
        await checkUploadQuota(
          deps,
          caller.uid,
          submission.attachments.map((file) => file.size),
        );
      }
      await limiter.consume({
        buckets: [{ operation: 'submitTicket', subject: caller.uid }],
        key: submission.requestId,
        doneRef: ticketRef,
      });
      return writer.submit(caller, submission);
    },
  });
}
