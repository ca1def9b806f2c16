import { z } from 'zod';
import { ADMIN_ERRORS, type BackendLogLevelResponse } from '../admin-api.js';
import { LOG_LEVELS } from '../constants.js';
import { answers } from './contract.js';

export const setBackendLogLevelSchema = z.object({
  level: z.enum(LOG_LEVELS, 'validation.invalid'),
});
export type SetBackendLogLevelInput = z.input<typeof setBackendLogLevelSchema>;

/** Stores the functions' log level in `config/logging`; the admin role with ACCESS_DEBUG_TOOLS. */
export const setBackendLogLevel = answers<BackendLogLevelResponse>()({
  request: setBackendLogLevelSchema,
  failure: ADMIN_ERRORS.logLevelFailed,
  invalid: 'Invalid log level',
});
