import { NOTIFICATION_ERRORS, markNotificationsReadSchema } from '../notifications.js';
import { answers } from './contract.js';

// The request schema stays in notifications.ts: moved here and re-exported there, it would make an
// import cycle with NOTIFICATION_ERRORS.

/** How many notifications the call marked read (others' ids and already read ones are skipped). */
export type MarkNotificationsReadResponse = { marked: number };

/** Marks some or all of the caller's own notifications read; any signed-in user. */
export const markNotificationsRead = answers<MarkNotificationsReadResponse>()({
  request: markNotificationsReadSchema,
  failure: NOTIFICATION_ERRORS.markFailed,
  invalid: 'Invalid notifications',
});
