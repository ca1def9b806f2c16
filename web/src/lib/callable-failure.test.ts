import { describe, expect, it } from 'vitest';
import { toCallableFailure } from './callable-failure';

const KEYS = { own: /^demo\.errors\.[A-Za-z]+$/, noConnection: 'demo.offline', forbidden: 'demo.forbidden' };
const error = (code: string, message: string, details?: unknown) =>
  Object.assign(new Error(message), { code: `functions/${code}`, details });

describe('toCallableFailure', () => {
  it("prefers the server's own key, with the field errors of the answer", () => {
    expect(
      toCallableFailure(
        error('failed-precondition', 'demo.errors.lastAdmin', { fields: { role: 'validation.invalid' } }),
        'demo.failed',
        KEYS,
      ),
    ).toEqual({
      code: 'failed-precondition',
      messageKey: 'demo.errors.lastAdmin',
      fields: { role: 'validation.invalid' },
    });
  });

  it('says "no connection", "not allowed", or falls back to the operation\'s key', () => {
    expect(toCallableFailure(error('unavailable', 'x'), 'demo.failed', KEYS).messageKey).toBe('demo.offline');
    expect(toCallableFailure(error('deadline-exceeded', 'x'), 'demo.failed', KEYS).messageKey).toBe(
      'demo.offline',
    );
    expect(toCallableFailure(error('permission-denied', 'Nope'), 'demo.failed', KEYS).messageKey).toBe(
      'demo.forbidden',
    );
    // Another feature's key is not shown as ours.
    expect(toCallableFailure(error('internal', 'other.errors.boom'), 'demo.failed', KEYS)).toEqual({
      code: 'internal',
      messageKey: 'demo.failed',
      fields: {},
    });
  });

  it('says "Authentication failed…" when the server no longer accepts the session', () => {
    expect(
      toCallableFailure(error('unauthenticated', 'auth.errors.sessionFailed'), 'demo.failed', KEYS)
        .messageKey,
    ).toBe('auth.errors.sessionFailed');
  });

  it('reads anything thrown, not only callable errors', () => {
    expect(toCallableFailure(undefined, 'demo.failed', KEYS)).toEqual({
      code: 'unknown',
      messageKey: 'demo.failed',
      fields: {},
    });
    expect(toCallableFailure(new TypeError('fetch failed'), 'demo.failed', KEYS).messageKey).toBe(
      'demo.failed',
    );
  });
});
