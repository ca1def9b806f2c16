import { ADMIN_ERRORS, NOTIFICATION_ERRORS, TICKET_PROCESSING_ERRORS, TICKET_QUEUE_ERRORS } from '@domain';
import { CALLABLES, type CallableName } from '@domain/callables';
import { PUSH_ERRORS } from '@domain/push';
import { describe, expect, it } from 'vitest';
import adminEn from '../i18n/admin/en.json';
import adminPl from '../i18n/admin/pl.json';
import adminRu from '../i18n/admin/ru.json';
import en from '../i18n/en.json';
import pl from '../i18n/pl.json';
import ru from '../i18n/ru.json';
import { CallableError, isCallableError, tooManyRequestsOf } from './callable-failure';
import {
  ADMIN_KEYS,
  CALLABLE_KEYS,
  TICKET_KEYS,
  TICKET_PROCESSING_KEYS,
  TICKET_QUEUE_KEYS,
  callableErrorOf,
  failureKeyOf,
} from './callable-keys';

const sdkError = (code: string, message: string, details?: unknown) =>
  Object.assign(new Error(message), { code: `functions/${code}`, details });

const TEXTS = {
  pl: { ...pl, ...adminPl },
  en: { ...en, ...adminEn },
  ru: { ...ru, ...adminRu },
};

/** Whether `key` has a text in `texts` (a plural key counts by its `_other` form). */
function hasText(texts: Record<string, unknown>, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop() as string;
  let node: unknown = texts;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const leaf = node as Record<string, unknown> | undefined;
  return typeof leaf?.[last] === 'string' || typeof leaf?.[`${last}_other`] === 'string';
}

describe('the key table of call()', () => {
  it("gives every callable the failure key of its contract (the domain's CALLABLES)", () => {
    const domain = Object.fromEntries(
      Object.entries(CALLABLES).map(([name, { failure }]) => [name, failure]),
    );
    const web = Object.fromEntries(
      Object.entries(CALLABLE_KEYS).map(([name, { failure }]) => [name, failure]),
    );
    expect(web).toEqual(domain);
  });

  it("says the domain's forbidden keys", () => {
    expect(ADMIN_KEYS.forbidden).toBe(ADMIN_ERRORS.forbidden);
    expect(TICKET_PROCESSING_KEYS.forbidden).toBe(TICKET_PROCESSING_ERRORS.forbidden);
    expect(TICKET_QUEUE_KEYS.forbidden).toBe(TICKET_QUEUE_ERRORS.forbidden);
    expect(TICKET_KEYS.forbidden).toBe('tickets.errors.forbidden');
    expect(CALLABLE_KEYS.markNotificationsRead.failure).toBe(NOTIFICATION_ERRORS.markFailed);
    expect(CALLABLE_KEYS.registerPushDevice.failure).toBe(PUSH_ERRORS.registerFailed);
  });

  it("matches each feature's own keys with its pattern", () => {
    const owns = [
      [ADMIN_KEYS.own, Object.values(ADMIN_ERRORS)],
      [TICKET_PROCESSING_KEYS.own, Object.values(TICKET_PROCESSING_ERRORS)],
      [TICKET_QUEUE_KEYS.own, Object.values(TICKET_QUEUE_ERRORS)],
    ] as const;
    for (const [own, keys] of owns) for (const key of keys) expect(key).toMatch(own);
  });

  it('has a text for every key it can give, in pl, en and ru', () => {
    const keys = new Set<string>();
    for (const { failure, keys: feature } of Object.values(CALLABLE_KEYS)) {
      keys.add(failure);
      if ('noConnection' in feature) keys.add(feature.noConnection);
      if ('forbidden' in feature) keys.add(feature.forbidden);
    }
    for (const [language, texts] of Object.entries(TEXTS)) {
      const missing = [...keys].filter((key) => !hasText(texts, key));
      expect(missing, language).toEqual([]);
    }
  });
});

describe('callableErrorOf (what call() rejects with)', () => {
  it("maps the SDK's error with the callable's keys, keeping it as the cause", () => {
    const cause = sdkError('failed-precondition', 'admin.errors.lastAdmin', {
      fields: { role: 'validation.invalid' },
    });
    const failure = callableErrorOf('updateUserRole', cause);
    expect(failure).toBeInstanceOf(CallableError);
    expect(failure).toMatchObject({
      name: 'CallableError',
      callable: 'updateUserRole',
      code: 'failed-precondition',
      messageKey: 'admin.errors.lastAdmin',
      message: 'admin.errors.lastAdmin',
      fields: { role: 'validation.invalid' },
      source: 'server',
      cause,
    });
  });

  it("falls back to the callable's failure key and says the feature's no connection and not allowed", () => {
    expect(callableErrorOf('assignTicket', sdkError('internal', 'INTERNAL')).messageKey).toBe(
      failureKeyOf('assignTicket'),
    );
    expect(callableErrorOf('listTicketQueue', sdkError('unavailable', 'unavailable')).messageKey).toBe(
      'tickets.queue.errors.noConnection',
    );
    expect(callableErrorOf('submitTicket', sdkError('permission-denied', 'Nope')).messageKey).toBe(
      'tickets.errors.forbidden',
    );
    // Another feature's key is not shown as this one's.
    expect(
      callableErrorOf('changeTicketStatus', sdkError('failed-precondition', 'admin.errors.lastAdmin'))
        .messageKey,
    ).toBe('tickets.processing.errors.statusFailed');
  });

  it('says the failure key where the feature has no texts of its own for a lost connection or a refusal', () => {
    expect(callableErrorOf('submitBugReport', sdkError('unavailable', 'unavailable')).messageKey).toBe(
      'bugReport.errors.submitFailed',
    );
    expect(callableErrorOf('getDeviceKey', sdkError('permission-denied', 'Nope')).messageKey).toBe(
      'session.errors.deviceKeyFailed',
    );
  });

  it('says "Your account is not set up yet" and "Too many requests" for every callable, with the minutes', () => {
    const names: CallableName[] = ['submitTicket', 'listUsers', 'listTicketQueue', 'markNotificationsRead'];
    for (const name of names) {
      expect(
        callableErrorOf(name, sdkError('permission-denied', 'auth.errors.accountNotSetUp')).messageKey,
      ).toBe('auth.errors.accountNotSetUp');
      const tooMany = callableErrorOf(
        name,
        sdkError('resource-exhausted', 'errors.tooManyRequests', { retryAfterMinutes: 7 }),
      );
      expect(tooMany).toMatchObject({ messageKey: 'errors.tooManyRequests', values: { count: 7 } });
      expect(tooManyRequestsOf(tooMany)).toEqual({ count: 7 });
    }
    expect(tooManyRequestsOf(callableErrorOf('listUsers', sdkError('internal', 'INTERNAL')))).toBeNull();
    expect(tooManyRequestsOf(new Error('errors.tooManyRequests'))).toBeNull();
  });

  it("gives the answer's retryAt as epoch ms", () => {
    const failure = callableErrorOf(
      'updateWorker',
      sdkError('unavailable', 'admin.errors.boardLimited', { retryAt: '2026-11-28T10:00:00.000Z' }),
    );
    expect(failure).toMatchObject({
      messageKey: 'admin.errors.boardLimited',
      values: { retryAt: Date.parse('2026-11-28T10:00:00.000Z') },
    });
  });

  it('says where the call ended: the server, the network (no answer), or the device', () => {
    const sourceOf = (error: unknown) => callableErrorOf('submitTicket', error).source;
    expect(sourceOf(sdkError('invalid-argument', 'Invalid ticket'))).toBe('server');
    expect(sourceOf(sdkError('internal', 'tickets.errors.submitFailed'))).toBe('server');
    expect(sourceOf(sdkError('unavailable', 'unavailable'))).toBe('network');
    expect(sourceOf(sdkError('deadline-exceeded', 'deadline-exceeded'))).toBe('network');
    // The SDK's failed fetch: `internal` with the bare message "internal".
    expect(sourceOf(sdkError('internal', 'internal'))).toBe('network');
    expect(sourceOf(Object.assign(new Error(''), { code: 'auth/network-request-failed' }))).toBe('network');
    expect(sourceOf(new TypeError('Failed to fetch dynamically imported module'))).toBe('device');
    expect(sourceOf(undefined)).toBe('device');
  });

  it('passes a CallableError on as it is', () => {
    const failure = callableErrorOf('listUsers', sdkError('not-found', 'admin.errors.userNotFound'));
    expect(callableErrorOf('getUserProfile', failure)).toBe(failure);
    expect(isCallableError(failure)).toBe(true);
    expect(isCallableError(sdkError('not-found', 'x'))).toBe(false);
  });
});
