import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../i18n';
import {
  TOO_MANY_REQUESTS_KEY,
  retryAtOf,
  toCallableFailure,
  tooManyRequestsValues,
} from './callable-failure';

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

  it('says "Your account is not set up yet" to an account staff did not make, in every feature', () => {
    const failure = toCallableFailure(
      error('permission-denied', 'auth.errors.accountNotSetUp'),
      'demo.failed',
      KEYS,
    );
    expect(failure.messageKey).toBe('auth.errors.accountNotSetUp');
    expect(i18n.t(failure.messageKey, { lng: 'pl' })).toBe(
      'Twoje konto nie jest jeszcze skonfigurowane: zapytaj w biurze',
    );
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

describe('an answer that says when to try again (details.retryAt)', () => {
  const RETRY_AT = '2026-03-15T14:30:00.000Z';
  const limited = (details?: unknown) => error('unavailable', 'admin.errors.boardLimited', details);
  const ADMIN_KEYS = {
    own: /^admin\.errors\.[A-Za-z]+$/,
    noConnection: 'admin.errors.noConnection',
    forbidden: 'x',
  };

  beforeAll(async () => {
    await changeLanguage('en');
    await changeLanguage('ru');
  });
  afterAll(async () => {
    await changeLanguage('pl');
  });

  it('gives the time as values.retryAt, in epoch ms', () => {
    expect(toCallableFailure(limited({ retryAt: RETRY_AT }), 'demo.failed', ADMIN_KEYS)).toEqual({
      code: 'unavailable',
      messageKey: 'admin.errors.boardLimited',
      fields: {},
      values: { retryAt: Date.parse(RETRY_AT) },
    });
  });

  it('gives no values when the time is missing or unreadable', () => {
    expect(toCallableFailure(limited(), 'demo.failed', ADMIN_KEYS)).not.toHaveProperty('values');
    expect(retryAtOf(limited({ retryAt: 'soon' }))).toBeNull();
    expect(retryAtOf(limited({ retryAt: Date.parse(RETRY_AT) }))).toBeNull();
    expect(retryAtOf(limited(null))).toBeNull();
    expect(retryAtOf(undefined)).toBeNull();
  });

  it.each([
    ['en', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, 'try again after'],
    ['pl', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, 'spróbuj ponownie po'],
    [
      'ru',
      { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
      'попробуйте ещё раз после',
    ],
  ] as const)('shows the date and time in %s', (language, options, words) => {
    const failure = toCallableFailure(limited({ retryAt: RETRY_AT }), 'demo.failed', ADMIN_KEYS);
    const time = new Intl.DateTimeFormat(language, options).format(Date.parse(RETRY_AT));
    const text = i18n.getFixedT(language)(failure.messageKey, failure.values);
    expect(text).toContain(`${words} ${time}.`);
    expect(text).not.toContain('{{');
  });
});
