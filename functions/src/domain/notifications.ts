import { z } from 'zod';

/*
 * The inbox: functions write `notifications/{id}` when something happens to a
 * ticket of the recipient (or a ticket is assigned to them) or to a safety report they made or
 * are told of; the web reads the recipient's own
 * live and renders each from its translation key and values in the reader's language, so a
 * language switch retranslates the whole inbox. Only the callable markNotificationsRead changes
 * one (its `read` flag); clients write nothing.
 */

/** The collection of the notifications; one document per recipient and event. */
export const NOTIFICATIONS_COLLECTION = 'notifications';

/** What happened: the kind picks the text (`notifications.kinds.<kind>`). */
export const NOTIFICATION_KINDS = [
  'statusChanged',
  'updateAdded',
  'assigned',
  'assignedToYou',
  'itemConfirmed',
  'ratedDown',
  'ticketOverdue',
  'safetyReported',
  'safetyAcknowledged',
  'safetyUpdated',
  'safetyMadeSafe',
  'safetyClosed',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The values the text of each kind interpolates. `status` is a ticket status, which the reader's
 * screen translates too (`tickets.status.<status>`); the rest are shown as they are.
 */
export type NotificationValues = {
  statusChanged: { number: string; status: string };
  updateAdded: { number: string; by: string };
  assigned: { number: string; name: string };
  assignedToYou: { number: string; by: string };
  itemConfirmed: { number: string; item: string };
  /** The owner answered "Did this solve it?" with 👎: the ticket is back in progress. */
  ratedDown: { number: string; by: string };
  /** The ticket is past the day staff should have answered it by (`dueDay`, YYYY-MM-DD). */
  ticketOverdue: { number: string; dueDay: string };
  /** `hazard` is a safety kind and `urgency` a safety urgency, both translated on the reader's screen. */
  safetyReported: { hazard: string; urgency: string; site: string };
  safetyAcknowledged: { by: string };
  safetyUpdated: { by: string };
  safetyMadeSafe: { by: string };
  safetyClosed: { by: string };
};

/** The translation key of a kind's text. */
export const notificationKey = (kind: NotificationKind) => `notifications.kinds.${kind}`;

/** What a notification is about: a ticket, or a safety report (`safetyReport*` kinds). */
export type NotificationSubject = { ticketId: string; ticketNumber: string } | { safetyReportId: string };

/** A notification document as stored (`createdAt` a timestamp, as a Date here). */
export type NotificationDocument<K extends NotificationKind = NotificationKind> = NotificationSubject & {
  recipient: string;
  kind: K;
  key: string;
  values: NotificationValues[K];
  createdAt: Date;
  read: boolean;
  /** When Firestore's TTL policy deletes it (NOTIFICATION_RETENTION_DAYS after createdAt). */
  expireAt: Date;
};

/**
 * How long a notification is kept: a TTL policy on `notifications.expireAt` (firestore.indexes.json)
 * deletes it after that, usually within a day; the ticket's own history keeps what happened.
 */
export const NOTIFICATION_RETENTION_DAYS = 365;

/** When a notification created at `at` expires. */
export const notificationExpiry = (at: Date): Date =>
  new Date(at.getTime() + NOTIFICATION_RETENTION_DAYS * 24 * 60 * 60 * 1000);

/** How many notifications the inbox shows per page ("Load more" adds as many again). */
export const NOTIFICATION_PAGE_SIZE = 20;

/** The unread count stops counting here; the badge shows "99+". */
export const UNREAD_COUNT_CAP = 100;

/** At most this many ids per markNotificationsRead call. */
export const MARK_READ_MAX_IDS = 100;

/** A notification's document id: never a path (`/`) or `.` / `..`, which Firestore refuses. */
const notificationIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .refine((id) => !id.includes('/') && id !== '.' && id !== '..', 'validation.invalid');

/** markNotificationsRead: some of the caller's notifications by id, or all of them. */
export const markNotificationsReadSchema = z.union([
  z.strictObject({ ids: z.array(notificationIdSchema).min(1).max(MARK_READ_MAX_IDS) }),
  z.strictObject({ all: z.literal(true) }),
]);

export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadSchema>;

// markNotificationsRead's answer, in its contract (contracts/mark-notifications-read.ts).
export type { MarkNotificationsReadResponse } from './contracts/mark-notifications-read.js';

export const NOTIFICATION_ERRORS = {
  markFailed: 'notifications.errors.markFailed',
} as const;
