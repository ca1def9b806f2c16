import { describe, expect, it } from 'vitest';
import { base64Json as b64, signJwt } from '../../../test/monday-jwt.js';
import { verifyMondayJwt } from './webhook.js';

describe('monday webhook signature', () => {
  const now = 1_800_000_000;
  it.each([
    ['a token signed with the secret', signJwt({ exp: now + 60 }, 's3cret'), true],
    ['a token without exp', signJwt({ accountId: 1 }, 's3cret'), true],
    ['another secret', signJwt({ exp: now + 60 }, 'other'), false],
    ['an expired token', signJwt({ exp: now - 1 }, 's3cret'), false],
    ['alg none', `${b64({ alg: 'none' })}.${b64({})}.`, false],
    ['another algorithm', signJwt({}, 's3cret', 'HS512'), false],
    [
      'a tampered payload',
      signJwt({ exp: now + 60 }, 's3cret').replace(/\.[^.]+\./, `.${b64({ exp: now + 9999 })}.`),
      false,
    ],
    ['garbage', 'not-a-jwt', false],
  ])('%s -> %s', (_what, token, expected) => {
    expect(verifyMondayJwt(token, 's3cret', now)).toBe(expected);
  });

  it('refuses everything without a secret', () => {
    expect(verifyMondayJwt(signJwt({}, ''), '', now)).toBe(false);
  });
});
