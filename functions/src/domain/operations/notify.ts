import {
  NOTIFICATIONS_COLLECTION,
  type NotificationDocument,
  type NotificationKind,
  type NotificationSubject,
  type NotificationValues,
  notificationExpiry,
  notificationKey,
} from '../notifications.js';
import type { LogEntry, OperationCaller } from './decision.js';
import type { StoredTicket } from './ticket-state.js';

/*
 * The notifications the ticket operations append to their log, so they are written in the same
 * transaction as the change (and taken back with it). Nobody is told about what they did themselves.
 */

/** One notification of `kind` to `recipient` about `subject` (a ticket or a safety report), unread. */
export function subjectNotification<K extends NotificationKind>(
  recipient: string,
  subject: NotificationSubject,
  kind: K,
  values: NotificationValues[K],
  at: Date,
): LogEntry {
  const data: NotificationDocument<K> = {
    recipient,
    ...subject,
    kind,
    key: notificationKey(kind),
    values,
    createdAt: at,
    read: false,
    expireAt: notificationExpiry(at),
  };
  return { collection: NOTIFICATIONS_COLLECTION, data };
}

/** One notification of `kind` to `recipient` about `ticket`, unread. */
export const notificationEntry = <K extends NotificationKind>(
  recipient: string,
  ticket: Pick<StoredTicket, 'id' | 'number'>,
  kind: K,
  values: NotificationValues[K],
  at: Date,
): LogEntry =>
  subjectNotification(recipient, { ticketId: ticket.id, ticketNumber: ticket.number }, kind, values, at);

/**
 * The notification to the ticket's owner about what the caller did to it; none when the caller
 * is the owner (or the ticket has no owner on record).
 */
export function notifyOwner<K extends NotificationKind>(
  ticket: Pick<StoredTicket, 'id' | 'number' | 'createdBy'>,
  caller: OperationCaller,
  kind: K,
  values: NotificationValues[K],
  at: Date,
): LogEntry[] {
  if (!ticket.createdBy || ticket.createdBy === caller.uid) return [];
  return [notificationEntry(ticket.createdBy, ticket, kind, values, at)];
}
