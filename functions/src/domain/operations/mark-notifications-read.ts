import type { MarkNotificationsReadResponse } from '../notifications.js';
import { NOTIFICATIONS_COLLECTION } from '../notifications.js';
import { type Decision, type DocumentWrite, type OperationCaller, decided } from './decision.js';

/** A notification as markNotificationsRead reads it; what it does not look at stays unread. */
export type StoredNotification = { id: string; recipient: unknown; read: unknown };

export type MarkNotificationsReadState = {
  /** The notifications asked for (by id, or the caller's unread ones); missing ids are left out. */
  notifications: StoredNotification[];
};

/**
 * markNotificationsRead: each notification of the caller that is still unread gets `read: true`
 * and `readAt`. Someone else's is skipped without a word (the answer says only how many were
 * marked, so it tells nothing of other people's ids), as is one already read: a retry is harmless.
 */
export function decideMarkNotificationsRead(
  state: MarkNotificationsReadState,
  caller: OperationCaller,
  now: number,
): Decision<MarkNotificationsReadResponse> {
  const at = new Date(now);
  const writes: DocumentWrite[] = state.notifications
    .filter((notification) => notification.recipient === caller.uid && notification.read !== true)
    .map((notification) => ({
      type: 'update',
      path: `${NOTIFICATIONS_COLLECTION}/${notification.id}`,
      data: { read: true, readAt: at },
    }));
  return decided({ marked: writes.length }, { writes });
}
