import { HttpsError } from 'firebase-functions/v2/https';

import { AUTH_RULES, PERMISSIONS, hasPermission } from '../../domain/index.js';

import { invalidArgument } from '../errors.js';

import { createRateLimiter } from '../rate-limit.js';

import {
  type BugReportWriterDeps,
  attachmentPathErrors,
  bugReportIdFor,
  createBugReportWriter,
} from './bug-report-writer.js';

import { defineCallable } from '../define-callable.js';

export type SubmitBugReportDeps = BugReportWriterDeps;

/**
 * The submitBugReport callable: signed in -> payload valid -> caller holds SUBMIT_BUG_REPORT (role
 * claim plus users/{uid} permission changes) -> every attachment in the caller's folder of this
 * request -> within the account's limit (RATE_LIMITS.submitBugReport; a retry of the same
 * requestId neither counts nor is refused) -> the files exist and are within the limits -> store
 * the report, idempotently.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (field path -> translation
 * key; `attachments.N.path` 'validation.filePath', `attachments.N.size` 'validation.fileTooLarge',
 * `attachments.N.contentType` 'validation.fileType'); `permission-denied`
 * 'bugReport.errors.forbidden'; `resource-exhausted` 'errors.tooManyRequests' with
 * `details.retryAfterMinutes`; `failed-precondition` 'bugReport.errors.fileMissing' with
 * `details.paths`; `internal` 'bugReport.errors.submitFailed'.
 */
export function createSubmitBugReportHandler(deps: SubmitBugReportDeps) {
  const writer = createBugReportWriter(deps);
  const limiter = createRateLimiter(deps);
  return defineCallable('submitBugReport', deps, {
    run: async ({ caller, input: report }) => {
      if (!hasPermission(caller, PERMISSIONS.SUBMIT_BUG_REPORT, AUTH_RULES)) {
        throw new HttpsError('permission-denied', 'bugReport.errors.forbidden');
      }
      const outside = attachmentPathErrors(caller.uid, report);
      if (Object.keys(outside).length > 0) throw invalidArgument(outside, 'Invalid bug report');
      await limiter.consume({
        buckets: [{ operation: 'submitBugReport', subject: caller.uid }],
        key: report.requestId,
        doneRef: deps.db.collection('bugReports').doc(bugReportIdFor(caller.uid, report.requestId)),
      });
      return writer.submit(caller, report);
    },
  });
}
