import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants.js';
import type { NotificationKind } from './notifications.js';
import { toTicketStatus } from './tickets.js';
import { RATEABLE_STATUSES } from './ticket-workflow.js';
import { NOTIFICATION_KINDS } from './notifications.js';

/*
 * Web push: a user turns it on per device in the profile's settings; the
 * device's FCM token is stored under the user (`users/{uid}/pushDevices/{id}`, functions only), and
 * every notification the inbox gets is also pushed to the recipient's devices, with the text the
 * inbox shows, in the language each device registered with. The texts are the web's own
 * (web/src/i18n/*.json), copied at the functions' build (scripts/push-texts.mjs with
 * `extractPushTexts`), so no string is written twice.
 */

/** The sub-collection of `users/{uid}` holding one document per device that turned push on. */
export const PUSH_DEVICES_COLLECTION = 'pushDevices';

/** FCM web tokens are about 160 characters; anything much longer is not one. */
export const PUSH_TOKEN_MAX_LENGTH = 1024;

/** At most this many devices of one user are pushed to (the newest first); older ones are left. */
export const PUSH_MAX_DEVICES = 20;

/**
 * At most this many devices are kept per account: registering one more drops the one refreshed
 * longest ago, so a phone passed around (or a token that was never unregistered) cannot pile up.
 */
export const PUSH_DEVICES_PER_ACCOUNT = 10;

/**
 * The ids of the stored devices to drop so that a new one fits under PUSH_DEVICES_PER_ACCOUNT: the
 * ones refreshed longest ago. None when `newId` is stored already (a refresh adds nothing).
 */
export function devicesToDropFor(
  newId: string,
  stored: readonly Pick<PushDevice, 'id' | 'updatedAt'>[],
  cap = PUSH_DEVICES_PER_ACCOUNT,
): string[] {
  if (stored.some((device) => device.id === newId)) return [];
  const excess = stored.length + 1 - cap;
  if (excess <= 0) return [];
  return [...stored]
    .sort((a, b) => a.updatedAt - b.updatedAt)
    .slice(0, excess)
    .map((device) => device.id);
}

const pushToken = z.string().trim().min(1).max(PUSH_TOKEN_MAX_LENGTH);

/** registerPushDevice: this device's FCM token, and the language its notifications should use. */
export const registerPushDeviceSchema = z.strictObject({
  token: pushToken,
  language: z.enum(LANGUAGES).optional(),
});

/** unregisterPushDevice: the token this device no longer wants pushed to. */
export const unregisterPushDeviceSchema = z.strictObject({ token: pushToken });

export type RegisterPushDeviceRequest = z.infer<typeof registerPushDeviceSchema>;
export type UnregisterPushDeviceRequest = z.infer<typeof unregisterPushDeviceSchema>;
export type PushDeviceResponse = { ok: boolean };

export const PUSH_ERRORS = {
  registerFailed: 'profile.settings.push.errors.registerFailed',
  unregisterFailed: 'profile.settings.push.errors.unregisterFailed',
} as const;

/** The texts a push needs in one language: the same as the inbox's (web/src/i18n). */
export type PushLanguageTexts = {
  /** The notification's title: the app's name (`app.name`). */
  title: string;
  /** `notifications.fallback`: a kind this version does not know. */
  fallback: string;
  /** `notifications.kinds.*`. */
  kinds: Record<NotificationKind, string>;
  /** `tickets.status.*`, for the status a statusChanged text names. */
  status: Record<string, string>;
  /** `safety.kinds.*` and `safety.urgencies.*`, for what a safetyReported text names. */
  safetyKinds: Record<string, string>;
  safetyUrgencies: Record<string, string>;
  /** `tickets.rating.question`, added to a statusChanged text when the ticket was answered. */
  ratingQuestion: string;
};

export type PushTexts = Record<Language, PushLanguageTexts>;

type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

function textAt(tree: unknown, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (isTree(node) ? node[key] : undefined), tree);
  if (typeof value !== 'string' || value === '') throw new Error(`The web texts have no "${path}"`);
  return value;
}

function textsUnder(tree: unknown, path: string): Record<string, string> {
  const node = path.split('.').reduce<unknown>((at, key) => (isTree(at) ? at[key] : undefined), tree);
  if (!isTree(node)) throw new Error(`The web texts have no "${path}"`);
  return Object.fromEntries(Object.keys(node).map((key) => [key, textAt(node, key)]));
}

/**
 * The push texts of one language, taken from that language's web translation file (parsed JSON);
 * throws when one is missing, so the functions' build fails rather than a push going out blank.
 */
export function extractPushTexts(webTexts: unknown): PushLanguageTexts {
  return {
    title: textAt(webTexts, 'app.name'),
    fallback: textAt(webTexts, 'notifications.fallback'),
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, textAt(webTexts, `notifications.kinds.${kind}`)]),
    ) as Record<NotificationKind, string>,
    status: textsUnder(webTexts, 'tickets.status'),
    safetyKinds: textsUnder(webTexts, 'safety.kinds'),
    safetyUrgencies: textsUnder(webTexts, 'safety.urgencies'),
    ratingQuestion: textAt(webTexts, 'tickets.rating.question'),
  };
}

/** `{{name}}` placeholders filled as i18next does (no escaping: the text is not HTML). */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A notification as the push reads it from its document; anything odd reads as the fallback. */
export type PushNotification = {
  id: string;
  recipient: unknown;
  ticketId: unknown;
  ticketNumber: unknown;
  safetyReportId?: unknown;
  key: unknown;
  values: unknown;
};

const KINDS_PREFIX = 'notifications.kinds.';

const isKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);

const stringValues = (values: unknown): Record<string, string> =>
  isTree(values)
    ? Object.fromEntries(
        Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

/**
 * The notification's text in `language`, exactly as the web inbox makes it
 * (web/src/notifications/notification-text.ts): the kind's text with its values, the status
 * translated, and "ticket changed" for a key this version does not know.
 */
export function pushText(texts: PushLanguageTexts, notification: PushNotification): string {
  const values = stringValues(notification.values);
  const number =
    values.number ?? (typeof notification.ticketNumber === 'string' ? notification.ticketNumber : '');
  const options = {
    ...values,
    number,
    ...(values.status === undefined
      ? {}
      : { status: texts.status[toTicketStatus(values.status)] ?? values.status }),
    ...(values.hazard === undefined ? {} : { hazard: texts.safetyKinds[values.hazard] ?? values.hazard }),
    ...(values.urgency === undefined
      ? {}
      : { urgency: texts.safetyUrgencies[values.urgency] ?? values.urgency }),
  };
  const key = typeof notification.key === 'string' ? notification.key : '';
  const kind = key.startsWith(KINDS_PREFIX) ? key.slice(KINDS_PREFIX.length) : '';
  const text = interpolate(isKind(kind) ? texts.kinds[kind] : texts.fallback, options);
  // A ticket answered (resolved, paid, sent): the worker is asked "Did this solve it?", here too.
  const isAnswered =
    kind === 'statusChanged' && (RATEABLE_STATUSES as readonly string[]).includes(values.status ?? '');
  return isAnswered ? `${text}. ${texts.ratingQuestion}` : text;
}

const filledString = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** Where a push opens and its tag: the ticket's page, or the safety report's. */
function subjectOf(notification: PushNotification): { link: string; tag: string } | null {
  const reportId = filledString(notification.safetyReportId);
  if (reportId) return { link: `/safety/${encodeURIComponent(reportId)}`, tag: `safety-${reportId}` };
  const ticketId = filledString(notification.ticketId);
  if (ticketId) return { link: `/ticket/${encodeURIComponent(ticketId)}`, tag: `ticket-${ticketId}` };
  return null;
}

/** A stored device as the sender reads it. */
export type PushDevice = { id: string; token: unknown; language: unknown; updatedAt: number };

/** One message to send: FCM data only (the service worker shows it, web/public/sw-push.js). */
export type PushMessage = {
  deviceId: string;
  token: string;
  data: { title: string; body: string; link: string; tag: string; notificationId: string };
};

const languageOf = (value: unknown): Language =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;

/**
 * The messages for one new notification: one per device of the recipient with a token (the
 * newest PUSH_MAX_DEVICES), each in the device's language (Polish when it gave none), opening
 * `/ticket/{ticketId}` (or `/safety/{safetyReportId}`). The tag is the ticket's (the report's), so a
 * newer push about it replaces the older one on the phone. None without a recipient or a subject.
 */
export function planPush(
  notification: PushNotification,
  devices: readonly PushDevice[],
  texts: PushTexts,
): PushMessage[] {
  const { recipient } = notification;
  if (typeof recipient !== 'string' || recipient === '') return [];
  const subject = subjectOf(notification);
  if (!subject) return [];
  return [...devices]
    .filter(
      (device): device is PushDevice & { token: string } =>
        typeof device.token === 'string' && device.token !== '',
    )
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, PUSH_MAX_DEVICES)
    .map((device) => {
      const language = texts[languageOf(device.language)];
      return {
        deviceId: device.id,
        token: device.token,
        data: {
          title: language.title,
          body: pushText(language, notification),
          link: subject.link,
          tag: subject.tag,
          notificationId: notification.id,
        },
      };
    });
}

/** The FCM error codes that mean the token will never work again: its device is forgotten. */
export const DEAD_TOKEN_ERRORS: readonly string[] = [
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
];

/** How one message went, as the messaging client answered (the error's code when it failed). */
export type PushOutcome = { isSuccess: boolean; errorCode?: string };

/**
 * The devices to delete after a send: those whose message failed with a dead-token error.
 * `outcomes` are in the order of `messages`. Other failures (quota, unavailable) keep the device.
 */
export function deadDevices(messages: readonly PushMessage[], outcomes: readonly PushOutcome[]): string[] {
  return messages.flatMap((message, index) => {
    const outcome = outcomes[index];
    const isDead =
      outcome !== undefined && !outcome.isSuccess && DEAD_TOKEN_ERRORS.includes(outcome.errorCode ?? '');
    return isDead ? [message.deviceId] : [];
  });
}
