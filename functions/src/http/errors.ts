import type { Response } from 'express';

export type ApiErrorCode =
  'unauthenticated' | 'recent-sign-in-required' | 'not-found' | 'method-not-allowed' | 'internal';

const MESSAGES: Record<ApiErrorCode, string> = {
  unauthenticated: 'Authentication failed. Please try logging out and back in.',
  'recent-sign-in-required': 'Sign in again to start a session.',
  'not-found': 'Not found.',
  'method-not-allowed': 'Method not allowed.',
  internal: 'Something went wrong. Please try again.',
};

const STATUS: Record<ApiErrorCode, number> = {
  unauthenticated: 401,
  'recent-sign-in-required': 401,
  'not-found': 404,
  'method-not-allowed': 405,
  internal: 500,
};

/** Every error a client sees: a code it can translate and a fixed message, never internals. */
export function sendError(res: Response, code: ApiErrorCode): void {
  res.status(STATUS[code]).json({ error: { code, message: MESSAGES[code] } });
}
