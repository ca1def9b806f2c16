import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../i18n';
import { TOO_MANY_REQUESTS_KEY, toCallableFailure, tooManyRequestsValues } from './callable-failure';

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

describe('an abuse limit refusal (resource-exhausted)', () => {
  const tooMany = (details?: unknown) => error('resource-exhausted', 'errors.tooManyRequests', details);

  beforeAll(async () => {
    // Loads the English and Russian texts beside the Polish ones.
    await changeLanguage('en');
    await changeLanguage('ru');
  });
  afterAll(async () => {
    await changeLanguage('pl');
  });

  it('is errors.tooManyRequests with the minutes as its count, whatever the feature', () => {
    expect(toCallableFailure(tooMany({ retryAfterMinutes: 12 }), 'demo.failed', KEYS)).toEqual({
      code: 'resource-exhausted',
      messageKey: TOO_MANY_REQUESTS_KEY,
      fields: {},
      values: { count: 12 },
    });
  });

  it('rounds the minutes up, and says 1 when the answer has none (a 429 in front of the functions)', () => {
    expect(tooManyRequestsValues(tooMany({ retryAfterMinutes: 2.2 }))).toEqual({ count: 3 });
    expect(tooManyRequestsValues(tooMany())).toEqual({ count: 1 });
    expect(tooManyRequestsValues(tooMany({ retryAfterMinutes: 'soon' }))).toEqual({ count: 1 });
    expect(tooManyRequestsValues(error('internal', 'demo.failed'))).toBeNull();
    expect(tooManyRequestsValues(undefined)).toBeNull();
  });

  it.each([
    ['en', 1, 'Too many requests. Please try again in 1 minute.'],
    ['en', 45, 'Too many requests. Please try again in 45 minutes.'],
    ['pl', 1, 'Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za 1 minutę.'],
    ['pl', 3, 'Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za 3 minuty.'],
    ['pl', 5, 'Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za 5 minut.'],
    ['pl', 22, 'Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za 22 minuty.'],
    ['ru', 1, 'Слишком много запросов. Повторите попытку через 1 минуту.'],
    ['ru', 21, 'Слишком много запросов. Повторите попытку через 21 минуту.'],
    ['ru', 3, 'Слишком много запросов. Повторите попытку через 3 минуты.'],
    ['ru', 11, 'Слишком много запросов. Повторите попытку через 11 минут.'],
  ])('reads in %s with %i minutes: %s', (language, minutes, text) => {
    const failure = toCallableFailure(tooMany({ retryAfterMinutes: minutes }), 'demo.failed', KEYS);
    expect(i18n.getFixedT(language)(failure.messageKey, failure.values)).toBe(text);
  });
});
