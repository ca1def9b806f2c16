import { bugReportSchema } from '../bug-report.js';
import { answers } from './contract.js';

// The request schema stays in bug-report.ts: it shares its fields with the form's bugReportFormSchema.

export type SubmitBugReportResponse = { reportId: string };

/** Stores a bug report and its uploaded files (idempotent per requestId); callers with SUBMIT_BUG_REPORT. */
export const submitBugReport = answers<SubmitBugReportResponse>()({
  request: bugReportSchema,
  failure: 'bugReport.errors.submitFailed',
  invalid: 'Invalid bug report',
});
