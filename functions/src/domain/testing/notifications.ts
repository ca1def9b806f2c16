import { NOTIFICATIONS_COLLECTION } from '../notifications.js';
import type { Decision, LogEntry } from '../operations/decision.js';

/*
 * For the operations' tests: a decision with its notifications left out of the log, so a table
 * about activity entries stays about them (notify.test.ts says who is notified).
 */

/** The log entries that are notifications. */
export const notificationsOf = (log: readonly LogEntry[]) =>
  log.filter((entry) => entry.collection === NOTIFICATIONS_COLLECTION);

/** The decision with only its activity (and audit) entries in `log`. */
export function activityOf<D extends Decision<unknown>>(decision: D): D {
  if (decision.isRefused) return decision;
  return { ...decision, log: decision.log.filter((entry) => entry.collection !== NOTIFICATIONS_COLLECTION) };
}
