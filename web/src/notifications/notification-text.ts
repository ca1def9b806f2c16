import { RATEABLE_STATUSES, toTicketStatus } from '@domain';
import type { TFunction } from 'i18next';
import type { InboxNotification } from './api';

/**
 * A notification's text in the reader's language, made at render time from its key and values,
 * so switching the language retranslates the inbox. A status value is translated too (a safety
 * report's kind and urgency as well); a key this
 * version of the app does not know reads as a plain "ticket changed".
 */
export function notificationText(t: TFunction, notification: InboxNotification): string {
  const { values } = notification;
  const number = values.number ?? notification.ticketNumber;
  const options = {
    ...values,
    number,
    ...(values.status === undefined ? {} : { status: t(`tickets.status.${toTicketStatus(values.status)}`) }),
    ...(values.hazard === undefined
      ? {}
      : { hazard: t(`safety.kinds.${values.hazard}`, { defaultValue: values.hazard }) }),
    ...(values.urgency === undefined
      ? {}
      : { urgency: t(`safety.urgencies.${values.urgency}`, { defaultValue: values.urgency }) }),
  };
  const fallback = t('notifications.fallback', { number });
  if (!notification.key.startsWith('notifications.kinds.')) return fallback;
  const text = t(notification.key, { ...options, defaultValue: fallback });
  // A ticket answered (resolved, paid, sent): the worker is asked on its page, so the inbox asks too.
  const isAnswered =
    notification.kind === 'statusChanged' &&
    (RATEABLE_STATUSES as readonly string[]).includes(String(values.status ?? ''));
  return isAnswered ? `${text}. ${t('tickets.rating.question')}` : text;
}
