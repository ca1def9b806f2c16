import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.js';
import {
  PUSH_DEVICES_PER_ACCOUNT,
  PUSH_MAX_DEVICES,
  devicesToDropFor,
  PUSH_TOKEN_MAX_LENGTH,
  type PushDevice,
  type PushMessage,
  type PushNotification,
  type PushTexts,
  deadDevices,
  extractPushTexts,
  interpolate,
  planPush,
  pushText,
  registerPushDeviceSchema,
  unregisterPushDeviceSchema,
} from './push.js';

// The real web texts, as the functions' build takes them (scripts/push-texts.mjs).
const webTexts = (language: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../web/src/i18n/${language}.json`, import.meta.url), 'utf8'));
const TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [language, extractPushTexts(webTexts(language))]),
) as PushTexts;

const notification = (overrides: Partial<PushNotification> = {}): PushNotification => ({
  id: 'n1',
  recipient: 'u-worker',
  ticketId: 't1',
  ticketNumber: 'T-0001',
  key: 'notifications.kinds.statusChanged',
  values: { number: 'T-0001', status: 'resolved' },
  ...overrides,
});

const device = (id: string, overrides: Partial<PushDevice> = {}): PushDevice => ({
  id,
  token: `token-${id}`,
  language: 'pl',
  updatedAt: 1000,
  ...overrides,
});

describe('push requests', () => {
  it.each([
    [{ token: 'abc' }, true],
    [{ token: 'abc', language: 'ru' }, true],
    [{ token: '' }, false],
    [{ token: '   ' }, false],
    [{ token: 'x'.repeat(PUSH_TOKEN_MAX_LENGTH + 1) }, false],
    [{ token: 'abc', language: 'de' }, false],
    [{ token: 'abc', extra: 1 }, false],
    [{}, false],
  ])('registerPushDevice %j: valid %s', (request, isValid) => {
    expect(registerPushDeviceSchema.safeParse(request).success).toBe(isValid);
  });
  it.each([
    [{ token: 'abc' }, true],
    [{ token: '' }, false],
    [{ token: 'abc', language: 'pl' }, false],
  ])('unregisterPushDevice %j: valid %s', (request, isValid) => {
    expect(unregisterPushDeviceSchema.safeParse(request).success).toBe(isValid);
  });
});

describe('push texts', () => {
  it('come from the web translation files, in every language', () => {
    expect(TEXTS.en.title).toBe('Site Tickets');
    for (const language of LANGUAGES) {
      expect(Object.keys(TEXTS[language].kinds).sort()).toEqual(
        [
          'assigned',
          'assignedToYou',
          'itemConfirmed',
          'ratedDown',
          'ticketOverdue',
          'statusChanged',
          'updateAdded',
          'safetyReported',
          'safetyAcknowledged',
          'safetyUpdated',
          'safetyMadeSafe',
          'safetyClosed',
        ].sort(),
      );
      expect(TEXTS[language].status.resolved).toBeTruthy();
      expect(Object.keys(TEXTS[language].safetyKinds)).toHaveLength(7);
      expect(Object.keys(TEXTS[language].safetyUrgencies)).toEqual(['lifeThreatening', 'serious', 'minor']);
    }
  });
  it('refuse web texts that lack one', () => {
    expect(() => extractPushTexts({ app: { name: 'X' } })).toThrow('notifications.fallback');
  });
  it('fill placeholders as i18next does, leaving unknown ones', () => {
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: '1', b: '2' })).toBe('1 and 2 and {{c}}');
  });
  it.each([
    ['en', notification(), 'Ticket T-0001: the status is now Resolved. Did this solve it?'],
    ['pl', notification(), 'Zgłoszenie T-0001: nowy status — Rozwiązane. Czy to rozwiązało sprawę?'],
    ['ru', notification(), 'Заявка T-0001: новый статус — Решена. Это решило вопрос?'],
    [
      'en',
      notification({ values: { number: 'T-0001', status: 'inProgress' } }),
      'Ticket T-0001: the status is now In progress',
    ],
    [
      'en',
      notification({ key: 'notifications.kinds.updateAdded', values: { number: 'T-0001', by: 'Anna' } }),
      'Anna added an update to ticket T-0001',
    ],
    [
      'en',
      notification({
        key: 'notifications.kinds.itemConfirmed',
        values: { number: 'T-0001', item: 'Gloves' },
      }),
      'Ticket T-0001: “Gloves” was confirmed',
    ],
    [
      'en',
      notification({ values: { status: 'resolved' } }),
      'Ticket T-0001: the status is now Resolved. Did this solve it?',
    ],
    [
      'en',
      notification({ values: { number: 'T-0001', status: 'melted' } }),
      'Ticket T-0001: the status is now Unknown',
    ],
    ['en', notification({ key: 'notifications.kinds.exploded' }), 'Ticket T-0001 has changed'],
    ['en', notification({ key: 'tickets.status.new' }), 'Ticket T-0001 has changed'],
    ['en', notification({ key: 42, values: null }), 'Ticket T-0001 has changed'],
    [
      'pl',
      notification({
        key: 'notifications.kinds.safetyReported',
        values: { hazard: 'fireGas', urgency: 'lifeThreatening', site: 'Kiruna Mine' },
      }),
      'Zgłoszenie zagrożenia na budowie Kiruna Mine: Ogień lub gaz (Bezpośrednie zagrożenie życia)',
    ],
    [
      'en',
      notification({
        key: 'notifications.kinds.safetyReported',
        values: { hazard: 'lava', urgency: 'soon', site: 'Kiruna Mine' },
      }),
      'Safety report at Kiruna Mine: lava (soon)',
    ],
  ] as const)('%s: %j reads "%s"', (language, input, text) => {
    expect(pushText(TEXTS[language], input)).toBe(text);
  });
});

describe('planPush', () => {
  it('opens the safety report, tagged with it, for a notification about one', () => {
    const [message] = planPush(
      notification({
        ticketId: undefined,
        ticketNumber: undefined,
        safetyReportId: 'sr-9',
        key: 'notifications.kinds.safetyClosed',
        values: { by: 'Anna' },
      }),
      [device('a', { language: 'en' })],
      TEXTS,
    );
    expect(message?.data).toMatchObject({
      link: '/safety/sr-9',
      tag: 'safety-sr-9',
      body: 'Anna closed your safety report',
    });
  });
  it('sends one data message per device, each in its own language, opening the ticket', () => {
    const messages = planPush(
      notification(),
      [device('a', { language: 'en' }), device('b', { language: 'ru', updatedAt: 2000 })],
      TEXTS,
    );
    expect(messages).toEqual<PushMessage[]>([
      {
        deviceId: 'b',
        token: 'token-b',
        data: {
          title: TEXTS.ru.title,
          body: 'Заявка T-0001: новый статус — Решена. Это решило вопрос?',
          link: '/ticket/t1',
          tag: 'ticket-t1',
          notificationId: 'n1',
        },
      },
      {
        deviceId: 'a',
        token: 'token-a',
        data: {
          title: 'Site Tickets',
          body: 'Ticket T-0001: the status is now Resolved. Did this solve it?',
          link: '/ticket/t1',
          tag: 'ticket-t1',
          notificationId: 'n1',
        },
      },
    ]);
  });
  it.each([
    ['no language', undefined],
    ['an unknown language', 'de'],
    ['a non-string language', 7],
  ])('uses Polish for a device with %s', (_case, language) => {
    const [message] = planPush(notification(), [device('a', { language })], TEXTS);
    expect(message?.data.body).toBe('Zgłoszenie T-0001: nowy status — Rozwiązane. Czy to rozwiązało sprawę?');
  });
  it.each([
    ['no devices', notification(), []],
    ['a device without a token', notification(), [device('a', { token: undefined })]],
    ['a device with an empty token', notification(), [device('a', { token: '' })]],
    ['a notification without a recipient', notification({ recipient: undefined }), [device('a')]],
    ['a notification without a ticket', notification({ ticketId: '' }), [device('a')]],
  ])('sends nothing for %s', (_case, input, devices) => {
    expect(planPush(input, devices, TEXTS)).toEqual([]);
  });
  it(`sends to the newest ${PUSH_MAX_DEVICES} devices only`, () => {
    const devices = Array.from({ length: PUSH_MAX_DEVICES + 3 }, (_, index) =>
      device(`d${index}`, { updatedAt: index }),
    );
    const messages = planPush(notification(), devices, TEXTS);
    expect(messages).toHaveLength(PUSH_MAX_DEVICES);
    expect(messages.map((message) => message.deviceId)).not.toContain('d0');
    expect(messages[0]?.deviceId).toBe(`d${PUSH_MAX_DEVICES + 2}`);
  });
  it('escapes the ticket id in the link', () => {
    const [message] = planPush(notification({ ticketId: 'a/b' }), [device('a')], TEXTS);
    expect(message?.data.link).toBe('/ticket/a%2Fb');
  });
});

describe('deadDevices', () => {
  const messages = planPush(notification(), [device('a'), device('b'), device('c'), device('d')], TEXTS);
  it.each([
    ['all sent', [true, true, true, true].map((isSuccess) => ({ isSuccess })), []],
    [
      'not registered and invalid tokens',
      [
        { isSuccess: false, errorCode: 'messaging/registration-token-not-registered' },
        { isSuccess: true },
        { isSuccess: false, errorCode: 'messaging/invalid-registration-token' },
        { isSuccess: true },
      ],
      ['a', 'c'],
    ],
    [
      'passing failures (the device stays)',
      [
        { isSuccess: false, errorCode: 'messaging/internal-error' },
        { isSuccess: false, errorCode: 'messaging/quota-exceeded' },
        { isSuccess: false },
        { isSuccess: false, errorCode: 'messaging/server-unavailable' },
      ],
      [],
    ],
    [
      'fewer answers than messages',
      [{ isSuccess: false, errorCode: 'messaging/invalid-registration-token' }],
      ['a'],
    ],
  ])('%s', (_case, outcomes, dead) => {
    expect(deadDevices(messages, outcomes)).toEqual(dead);
  });
});

describe('devicesToDropFor', () => {
  const stored = Array.from({ length: PUSH_DEVICES_PER_ACCOUNT }, (_, index) => ({
    id: `d${index}`,
    updatedAt: 100 - index,
  }));
  it('drops the device refreshed longest ago when a new one would pass the cap', () => {
    expect(devicesToDropFor('new', stored)).toEqual([`d${PUSH_DEVICES_PER_ACCOUNT - 1}`]);
  });
  it('drops nothing for a device already stored, nor under the cap', () => {
    expect(devicesToDropFor('d3', stored)).toEqual([]);
    expect(devicesToDropFor('new', stored.slice(1))).toEqual([]);
  });
});
