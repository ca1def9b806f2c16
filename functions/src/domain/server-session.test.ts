import { describe, expect, it } from 'vitest';
import { SESSION_TIMEOUT_MS } from './constants.js';
import { SERVER_SESSION_GRACE_MS, decideSessionActivity } from './server-session.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 28, 7, 0);
const LIMIT = SESSION_TIMEOUT_MS + SERVER_SESSION_GRACE_MS;

describe('decideSessionActivity', () => {
  it.each<[string, number | null, number | null, number, ReturnType<typeof decideSessionActivity>]>([
    [
      'the first call right after sign-in records it',
      T0,
      null,
      T0 + 1000,
      { isExpired: false, shouldRecord: true },
    ],
    [
      'a call a few seconds after the last record writes nothing',
      T0,
      T0 + MINUTE,
      T0 + MINUTE + 5000,
      { isExpired: false, shouldRecord: false },
    ],
    [
      'a call a minute after the last record writes again',
      T0,
      T0 + MINUTE,
      T0 + 2 * MINUTE,
      { isExpired: false, shouldRecord: true },
    ],
    [
      'quiet up to the limit is still alive',
      T0,
      T0 + MINUTE,
      T0 + MINUTE + LIMIT,
      { isExpired: false, shouldRecord: true },
    ],
    [
      'quiet one millisecond past the limit is over',
      T0,
      T0 + MINUTE,
      T0 + MINUTE + LIMIT + 1,
      { isExpired: true },
    ],
    [
      'no activity ever and the sign-in past the limit is over',
      T0,
      null,
      T0 + LIMIT + 1,
      { isExpired: true },
    ],
    [
      'a record older than the sign-in does not count against it',
      T0,
      T0 - 60 * MINUTE,
      T0 + MINUTE,
      { isExpired: false, shouldRecord: true },
    ],
    ['a token without a sign-in time is refused', null, T0, T0 + 1000, { isExpired: true }],
  ])('%s', (_, signedInAt, lastActivityAt, now, expected) => {
    expect(decideSessionActivity({ signedInAt, lastActivityAt, now })).toEqual(expected);
  });
});
