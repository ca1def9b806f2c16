import { z } from 'zod';
import { ADMIN_ERRORS } from '../admin-api.js';
import { answers } from './contract.js';

export const testSecurityLogSchema = z.object({
  message: z.string('validation.invalid').trim().max(500, 'validation.maxChars:500').default(''),
});
export type TestSecurityLogInput = z.input<typeof testSecurityLogSchema>;

export type TestSecurityLogResponse = { entryId: string };

/** Writes a test entry to the security log and the functions log; the admin role with ACCESS_DEBUG_TOOLS. */
export const testSecurityLog = answers<TestSecurityLogResponse>()({
  request: testSecurityLogSchema,
  failure: ADMIN_ERRORS.securityLogFailed,
  invalid: 'Invalid security log test',
  isPayloadOptional: true,
});
