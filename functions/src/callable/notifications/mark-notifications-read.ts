import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { NOTIFICATIONS_COLLECTION } from '../../domain/index.js';
import type { MarkNotificationsReadRequest } from '../../domain/notifications.js';
import {
  type StoredNotification,
  decideMarkNotificationsRead,
} from '../../domain/operations/mark-notifications-read.js';
import type { Caller } from '../caller.js';
import { defineCallable } from '../define-callable.js';
import type { CallableLogger } from '../errors.js';
import { runOperation } from '../run-operation.js';

export type MarkNotificationsReadDeps = {
  db: Firestore;
  logger: CallableLogger;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
};

/** How many unread notifications one transaction of "mark all read" marks. */
const ALL_BATCH = 400;
/** A bound on the rounds of "mark all read", so a runaway loop ends. */
const MAX_ROUNDS = 25;

async function readNotifications(
  db: Firestore,
  tx: Transaction,
  caller: Caller,
  request: MarkNotificationsReadRequest,
): Promise<StoredNotification[]> {
  const collection = db.collection(NOTIFICATIONS_COLLECTION);
  const snapshots: DocumentSnapshot[] =
    'ids' in request
      ? await tx.getAll(...[...new Set(request.ids)].map((id) => collection.doc(id)))
      : (
          await tx.get(
            collection.where('recipient', '==', caller.uid).where('read', '==', false).limit(ALL_BATCH),
          )
        ).docs;
  return snapshots
    .filter((snapshot) => snapshot.exists)
    .map((snapshot) => ({
      id: snapshot.id,
      recipient: snapshot.get('recipient'),
      read: snapshot.get('read'),
    }));
}

/**
 * The markNotificationsRead callable (every signed-in user): see `decideMarkNotificationsRead`.
 * `{ids}` marks those of them that are the caller's; `{all: true}` every unread one of the caller,
 * a transaction per ALL_BATCH.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `internal`
 * 'notifications.errors.markFailed'.
 */
export function createMarkNotificationsReadHandler(deps: MarkNotificationsReadDeps) {
  const { db, now } = deps;
  return defineCallable('markNotificationsRead', deps, {
    rateLimit: { operation: 'markNotificationsRead' },
    run: async ({ caller, input }) => {
      let marked = 0;
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const { result } = await runOperation(deps, {
          name: 'markNotificationsRead',
          read: async (tx) => ({ notifications: await readNotifications(db, tx, caller, input) }),
          decide: (state) => decideMarkNotificationsRead(state, caller, now()),
        });
        marked += result.marked;
        if ('ids' in input || result.marked < ALL_BATCH) break;
      }
      return { marked };
    },
  });
}
