import { ADMIN_ERRORS, type BackendLogLevelResponse } from '../admin-api.js';
import { NO_REQUEST, answers } from './contract.js';

/** The functions' log level stored in `config/logging`; the admin role with ACCESS_DEBUG_TOOLS. */
export const getBackendLogLevel = answers<BackendLogLevelResponse>()({
  ...NO_REQUEST,
  failure: ADMIN_ERRORS.logLevelFailed,
});
