import type { CallableRequest } from 'firebase-functions/v2/https';
import { HttpsError } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import { fieldMessages } from '../domain/index.js';

/** What the callables log through; `firebase-functions/logger` fits it, tests pass a spy. */
export type CallableLogger = {
  info: (message: string, details?: Record<string, unknown>) => void;
  warn: (message: string, details?: Record<string, unknown>) => void;
  error: (message: string, details?: Record<string, unknown>) => void;
};

/** Field path -> translation key, sent as `details.fields` of an invalid-argument error. */
export type FieldErrors = Record<string, string>;

/** A key the web app can translate: `validation.required`, `validation.maxChars:2000`. */
const TRANSLATION_KEY = /^validation\.[A-Za-z]+(:[^\s]*)?$/;
const FALLBACK_KEY = 'validation.invalid';

/**
 * `invalid-argument` with `details.fields`. Every value is a translation key: zod's own English
 * messages (a wrong type, an unknown category) become `validation.invalid`, so the client never
 * has to show untranslated text.
 */
export function invalidArgument(fields: FieldErrors, message: string): HttpsError {
  const translated = Object.fromEntries(
    Object.entries(fields).map(([path, key]) => [path, TRANSLATION_KEY.test(key) ? key : FALLBACK_KEY]),
  );
  return new HttpsError('invalid-argument', message, { fields: translated });
}

/** Parses a callable payload with a domain schema, or throws `invalid-argument` with field keys. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalidArgument(fieldMessages(parsed.error), message);
  return parsed.data;
}

/** The verified uid and token of the caller, or `unauthenticated`. */
export function requireAuth(request: CallableRequest<unknown>) {
  if (!request.auth?.uid) throw new HttpsError('unauthenticated', 'auth.errors.sessionFailed');
  return request.auth;
}

/** gRPC status ALREADY_EXISTS, as the Admin SDK reports a failed `create()`. */
const GRPC_ALREADY_EXISTS = 6;

/** Whether a Firestore error says a `create()` found its document already there. */
export function isAlreadyExists(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === GRPC_ALREADY_EXISTS || error.code === 'already-exists')
  );
}

function describe(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { error: String(error) };
}

/**
 * Runs a callable body: an HttpsError passes through as it is; anything else is logged with its
 * detail and answered with `internal` and a fixed translation key, so no internals leak.
 */
export async function answerOrInternal<T>(
  logger: CallableLogger,
  operation: string,
  failureKey: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error(`${operation} failed`, describe(error));
    throw new HttpsError('internal', failureKey);
  }
}
