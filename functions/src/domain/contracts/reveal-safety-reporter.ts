import { SAFETY_ERRORS, revealSafetyReporterSchema } from '../safety.js';
import { answers } from './contract.js';

export type RevealSafetyReporterResponse = { uid: string; name: string; email: string | null };

/** Who made a safety report, anonymous ones included; admins only, and every answer is audited. */
export const revealSafetyReporter = answers<RevealSafetyReporterResponse>()({
  request: revealSafetyReporterSchema,
  failure: SAFETY_ERRORS.revealFailed,
  invalid: 'Invalid request',
});
