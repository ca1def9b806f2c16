import type { Response } from 'express';

export type ApiErrorCode =
  | 'unauthenticated'
  | 'token-too-old'
  | 'app-check-failed'
  | 'account-not-set-up'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'internal';

const MESSAGES: Record<ApiErrorCode, string> = {
  unauthenticated: 'Authentication failed. Please try logging out and back in.',
  'token-too-old': 'The token was issued more than 5 minutes ago. Send a fresh one.',
  'app-check-failed': 'This request did not come from the app.',
  'account-not-set-up': 'Your account is not set up yet: ask your office.',
  forbidden: 'You are not allowed to do this.',
  'not-found': 'Not found.',
  'method-not-allowed': 'Method not allowed.',
  internal: 'Something went wrong. Please try again.',
};

const STATUS: Record<ApiErrorCode, number> = {
  unauthenticated: 401,
  'token-too-old': 401,
  'app-check-failed': 401,
  'account-not-set-up': 403,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  internal: 500,
};

/** Every error a client sees: a code it can translate and a fixed message, never internals. */
export function sendError(res: Response, code: ApiErrorCode): void {
  res.status(STATUS[code]).json({ error: { code, message: MESSAGES[code] } });
}
