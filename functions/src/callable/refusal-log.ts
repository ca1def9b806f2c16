import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https';
import type { CallableLogger } from './errors.js';

/** Refusals that concern who is calling: logged as errors, so the default level (errors only) keeps them. */
const SECURITY_CODES = new Set(['unauthenticated', 'permission-denied']);

/**
 * Every refused call leaves a log line: the operation, the caller (uid, or none) and the reason (the error
 * code and its translation key; field keys of an invalid payload, never the values), so an attacker's
 * probing shows in the functions log. Refusals about the caller are errors, the rest (bad input, a limit,
 * a state that does not allow it) warnings. Internal failures are logged where they happen.
 */
export function logRefusals<Response>(
  logger: CallableLogger,
  operation: string,
  handler: (request: CallableRequest<unknown>) => Promise<Response>,
): (request: CallableRequest<unknown>) => Promise<Response> {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      if (error instanceof HttpsError && error.code !== 'internal') {
        const details = error.details as { fields?: Record<string, unknown> } | undefined;
        const entry = {
          operation,
          uid: request.auth?.uid ?? null,
          code: error.code,
          reason: error.message,
          ...(details?.fields ? { fields: Object.keys(details.fields) } : {}),
        };
        if (SECURITY_CODES.has(error.code)) logger.error(`${operation} refused`, entry);
        else logger.warn(`${operation} refused`, entry);
      }
      throw error;
    }
  };
}
