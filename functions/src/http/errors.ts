import type { Response } from 'express';

export type ApiErrorCode =
  'unauthenticated' | 'token-too-old' | 'not-found' | 'method-not-allowed' | 'internal';

const MESSAGES: Record<ApiErrorCode, string> = {
  unauthenticated: 'Authentication failed. Please try logging out and back in.',
  'token-too-old': 'The token was issued more than 5 minutes ago. Send a fresh one.',
  'not-found': 'Not found.',
  'method-not-allowed': 'Method not allowed.',
  internal: 'Something went wrong. Please try again.',
};

const STATUS: Record<ApiErrorCode, number> = {
  unauthenticated: 401,
  'token-too-old': 401,
  'not-found': 404,
  'method-not-allowed': 405,
  internal: 500,
};

/** Every error a client sees: a code it can translate and a fixed message, never internals. */
export function sendError(res: Response, code: ApiErrorCode): void {
  res.status(STATUS[code]).json({ error: { code, message: MESSAGES[code] } });
}
