import type { SubmitSafetyReportResponse } from '../operations/safety-report.js';
import { SAFETY_ERRORS, submitSafetyReportSchema } from '../safety.js';
import { answers } from './contract.js';

// The request schema stays in safety.ts beside the report's other rules.

export type { SubmitSafetyReportResponse };

/**
 * Makes a safety report (idempotent per requestId) and tells the site's foremen, the handlers and,
 * for immediate danger to life, the admins; any signed-in account that may file tickets.
 */
export const submitSafetyReport = answers<SubmitSafetyReportResponse>()({
  request: submitSafetyReportSchema,
  failure: SAFETY_ERRORS.submitFailed,
  invalid: 'Invalid safety report',
});
