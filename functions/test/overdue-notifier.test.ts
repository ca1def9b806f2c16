import { randomUUID } from 'node:crypto';
import { type Firestore, Timestamp, getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { adminApp, adminAuth } from '../src/firebase.js';
import { runOverdueNotifier } from '../src/scheduled/overdue-notifier.js';
import { type TestAccount, createTestAccount, recordingLogger } from '../testing/helpers.js';

// The hourly overdue notifier against the Firestore emulator (a database of its own, so only this
// test's tickets are overdue) and the Auth emulator's real accounts, listed through a view that shows
// only this test's.

const T0 = Timestamp.fromMillis(Date.parse('2026-11-16T08:00:00.000Z'));
/** Wednesday 25 Nov 2026, 10:00 in Warsaw. */
const NOW = Date.parse('2026-11-25T09:00:00.000Z');

async function storeTicket(db: Firestore, fields: Record<string, unknown>): Promise<string> {
  const id = `od-${randomUUID().slice(0, 12)}`;
  await db.doc(`tickets/${id}`).set({
    number: `T-${id.slice(3, 9)}`,
    category: 'tools',
    subcategory: 'order',
    status: 'new',
    archived: false,
    createdAt: T0,
    lastUpdate: T0,
    assignedTo: null,
    assigneeUid: '',
    firstResponseAt: null,
    answerDueDay: '2026-11-20',
    ...fields,
  });
  return id;
}

const notificationsOf = async (db: Firestore) =>
  (await db.collection('notifications').get()).docs.map((doc) => doc.data());

describe('the overdue notifier', () => {
  it('tells the assignee, or the staff when nobody is assigned, once however often it runs', async () => {
    const db = getFirestore(adminApp(), `overdue-${randomUUID().slice(0, 8)}`);
    const [worker, foreman, manager, admin]: TestAccount[] = await Promise.all([
      createTestAccount('user', {}, db),
      createTestAccount('foreman', {}, db),
      createTestAccount('manager', {}, db),
      createTestAccount('admin', {}, db),
    ]);
    const ours = new Set([worker, foreman, manager, admin].map((account) => account?.uid));
    // The Auth emulator holds every test's accounts: the notifier sees this test's only.
    const auth = {
      listUsers: async (max?: number, token?: string) => {
        const page = await adminAuth().listUsers(max, token);
        return { ...page, users: page.users.filter((user) => ours.has(user.uid)) };
      },
    };
    const assigned = await storeTicket(db, {
      createdBy: worker?.uid,
      status: 'inProgress',
      assignedTo: { uid: foreman?.uid, name: foreman?.name },
      assigneeUid: foreman?.uid,
    });
    const unassigned = await storeTicket(db, { createdBy: worker?.uid, answerDueDay: '2026-11-24' });
    await storeTicket(db, { createdBy: worker?.uid, answerDueDay: '2026-11-25' });
    await storeTicket(db, { createdBy: worker?.uid, firstResponseAt: T0 });
    await storeTicket(db, { createdBy: worker?.uid, status: 'resolved' });
    // A ticket of a staff member: they are not told of their own.
    const managersOwn = await storeTicket(db, { createdBy: manager?.uid });

    const deps = { db, auth, now: () => NOW, logger: recordingLogger() };
    const first = await runOverdueNotifier(deps);
    expect(first).toEqual({ overdue: 3, notified: 3, notifications: 1 + 3 + 2 });
    const told = (await notificationsOf(db)).map((n) => [n.ticketId, n.recipient, n.kind, n.values]);
    expect(told).toEqual(
      expect.arrayContaining([
        [assigned, foreman?.uid, 'ticketOverdue', { number: expect.any(String), dueDay: '2026-11-20' }],
        [unassigned, foreman?.uid, 'ticketOverdue', { number: expect.any(String), dueDay: '2026-11-24' }],
        [unassigned, manager?.uid, 'ticketOverdue', expect.anything()],
        [unassigned, admin?.uid, 'ticketOverdue', expect.anything()],
        [managersOwn, foreman?.uid, 'ticketOverdue', expect.anything()],
        [managersOwn, admin?.uid, 'ticketOverdue', expect.anything()],
      ]),
    );
    expect(told).toHaveLength(6);
    expect((await db.doc(`tickets/${assigned}`).get()).get('overdueNotifiedAt')).toEqual(
      Timestamp.fromMillis(NOW),
    );

    // An hour later, and two runs at once: nobody is told again.
    const later = { ...deps, now: () => NOW + 3_600_000 };
    const again = await Promise.all([runOverdueNotifier(later), runOverdueNotifier(later)]);
    expect(again.map((report) => report.notifications)).toEqual([0, 0]);
    expect(await notificationsOf(db)).toHaveLength(6);
  });
});
