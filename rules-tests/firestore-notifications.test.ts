// firestore.rules for the inbox: a user reads only their own notifications, with the
// queries the web runs (web/src/notifications/api.ts: the page, newest first, and the unread count);
// nobody writes one from a client (functions write them, markNotificationsRead marks them read).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  type Query,
  collection,
  deleteDoc,
  doc,
  getDoc,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  DISABLED_WORKER,
  type Db,
  OTHER_WORKER,
  STAFF,
  WORKER,
  at,
  liveDoc,
  liveQuery,
  useRulesEnvironment,
} from './firestore-fixtures.js';

/** NOTIFICATION_PAGE_SIZE and UNREAD_COUNT_CAP of functions/src/domain/notifications.ts. */
const PAGE = 20;
const UNREAD_CAP = 100;

const notification = (recipient: string, minutes: number, isRead = false) => ({
  recipient,
  ticketId: 't1',
  ticketNumber: 'T-0001',
  kind: 'statusChanged',
  key: 'notifications.kinds.statusChanged',
  values: { number: 'T-0001', status: 'resolved' },
  createdAt: at(minutes),
  read: isRead,
});

const { as, visitor } = useRulesEnvironment('demo-rules-notifications', {
  seed(write) {
    write('notifications/w1', notification(WORKER.uid, 1));
    write('notifications/w2', notification(WORKER.uid, 2, true));
    write('notifications/w3', notification(WORKER.uid, 3));
    write('notifications/o1', notification(OTHER_WORKER.uid, 4));
    write('notifications/s1', notification(STAFF.admin.uid, 5));
    write('notifications/d1', notification(DISABLED_WORKER.uid, 6));
  },
});

/** The inbox page as the web asks for it. */
const inboxPage = (db: Db, uid: string): Query =>
  query(
    collection(db, 'notifications'),
    where('recipient', '==', uid),
    orderBy('createdAt', 'desc'),
    limit(PAGE),
  );

/** The unread count as the web asks for it. */
const unread = (db: Db, uid: string): Query =>
  query(
    collection(db, 'notifications'),
    where('recipient', '==', uid),
    where('read', '==', false),
    limit(UNREAD_CAP),
  );

describe('notifications: reads', () => {
  it('the recipient reads their own, one by one and as the inbox page, newest first', async () => {
    const own = await assertSucceeds(liveDoc(doc(as(WORKER), 'notifications/w1')));
    expect(own.get('recipient')).toBe(WORKER.uid);
    const page = await assertSucceeds(liveQuery(inboxPage(as(WORKER), WORKER.uid)));
    expect(page.docs.map((entry) => entry.id)).toEqual(['w3', 'w2', 'w1']);
  });
  it('the recipient counts their unread ones', async () => {
    const snapshot = await assertSucceeds(liveQuery(unread(as(WORKER), WORKER.uid)));
    expect(snapshot.docs.map((entry) => entry.id).sort()).toEqual(['w1', 'w3']);
  });
  it('staff read their own too', async () => {
    const page = await assertSucceeds(liveQuery(inboxPage(as(STAFF.admin), STAFF.admin.uid)));
    expect(page.docs.map((entry) => entry.id)).toEqual(['s1']);
  });
  it('another user, admins included, reads none of them', async () => {
    await assertFails(getDoc(doc(as(OTHER_WORKER), 'notifications/w1')));
    await assertFails(liveQuery(inboxPage(as(OTHER_WORKER), WORKER.uid)));
    await assertFails(liveQuery(unread(as(OTHER_WORKER), WORKER.uid)));
    await assertFails(getDoc(doc(as(STAFF.admin), 'notifications/w1')));
    await assertFails(liveQuery(inboxPage(as(STAFF.admin), WORKER.uid)));
  });
  it('a query not filtered to the reader is refused', async () => {
    await assertFails(liveQuery(query(collection(as(WORKER), 'notifications'), limit(PAGE))));
    await assertFails(
      liveQuery(query(collection(as(WORKER), 'notifications'), where('read', '==', false), limit(PAGE))),
    );
  });
  it('signed out, nobody reads any', async () => {
    await assertFails(getDoc(doc(visitor(), 'notifications/w1')));
    await assertFails(liveQuery(inboxPage(visitor(), WORKER.uid)));
  });
  it('a disabled account reads not even its own', async () => {
    await assertFails(getDoc(doc(as(DISABLED_WORKER), 'notifications/d1')));
    await assertFails(liveQuery(inboxPage(as(DISABLED_WORKER), DISABLED_WORKER.uid)));
  });
});

describe('notifications: client writes', () => {
  it.each<[string, () => Db]>([
    ['the recipient', () => as(WORKER)],
    ['another worker', () => as(OTHER_WORKER)],
    ['an admin', () => as(STAFF.admin)],
    ['a visitor', visitor],
  ])('%s cannot create, mark read, change or delete one', async (_who, db) => {
    await assertFails(setDoc(doc(db(), 'notifications/new'), notification(WORKER.uid, 9)));
    await assertFails(updateDoc(doc(db(), 'notifications/w1'), { read: true }));
    await assertFails(setDoc(doc(db(), 'notifications/w1'), notification(WORKER.uid, 1, true)));
    await assertFails(deleteDoc(doc(db(), 'notifications/w1')));
  });
});
