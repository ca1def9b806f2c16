import type { SafetyReportStepResponse } from '../operations/safety-report.js';
import { SAFETY_ERRORS, safetyReportStepSchema } from '../safety.js';
import { answers } from './contract.js';

export type { SafetyReportStepResponse };

/** A handler's step on a safety report (acknowledge, update, made safe, close); HANDLE_SAFETY_REPORTS. */
export const safetyReportStep = answers<SafetyReportStepResponse>()({
  request: safetyReportStepSchema,
  failure: SAFETY_ERRORS.stepFailed,
  invalid: 'Invalid safety report step',
});
