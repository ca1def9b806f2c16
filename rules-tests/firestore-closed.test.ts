// firestore.rules: what no client may do. The collections only functions use stay closed to every reader,
// admins included, and no client writes anywhere (every write goes through a Cloud Function).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  type Db,
  DISABLED_WORKER,
  OTHER_WORKER,
  SELF_MADE,
  SELF_MADE_UNKNOWN_CLAIM,
  STAFF,
  STAFF_ROLES,
  WORKER,
  WORKER_WITH_PROCESS,
  safetyReportDoc,
  ticketDoc,
  useRulesEnvironment,
} from './firestore-fixtures.js';

/** A document of each collection the functions write and no client reads (see functions/src). */
const FUNCTION_ONLY = [
  'users/u-worker',
  'workers/w-1001',
  'ticketNumbers/T-2611-4821',
  'presalaryLocks/u-worker_2026-03-H2',
  'bugReports/b1',
  'config/logging',
  'auditLog/e1',
  'securityLog/s1',
  'deviceKeys/u-worker',
  'users/u-worker/pushDevices/d1',
  'mondayWebhookEvents/e1',
  'mondayWriteLeases/1234567890',
  'accountCreations/w-1001',
  'config/mondayBoard',
  'config/mondaySync',
  'safetyReports/r1/private/reporter',
] as const;

const { as, visitor } = useRulesEnvironment('demo-rules-closed', {
  seed(write) {
    write('tickets/t1', ticketDoc({ createdBy: WORKER.uid, sequence: 1 }));
    write('tickets/t1/updates/u1', { text: 'Ordered', by: { uid: STAFF.foreman.uid } });
    write('tickets/t1/activity/a1', { by: { uid: WORKER.uid }, change: { type: 'created' } });
    write('toolCatalog/drill', { name: 'Drill', providedBy: 'company' });
    write('workers/w-1001', { firstName: 'Piotr', pesel: '00000000000', bankAccount: 'PL00' });
    write('ticketNumbers/T-2611-4821', { ticketId: 't1' });
    write('presalaryLocks/u-worker_2026-03-H2', { ticketId: 't9' });
    write('bugReports/b1', { description: 'Crash', reporter: { uid: WORKER.uid } });
    write('config/logging', { level: 'error' });
    write('config/serviceLevels', { country: 'PL', extraHolidays: [], targets: { tools: 3 } });
    write('auditLog/e1', { action: 'updateUserRole', by: { uid: STAFF.admin.uid } });
    write('securityLog/s1', { type: 'test', by: { uid: STAFF.admin.uid } });
    write('safetyReports/r1', safetyReportDoc({ reporter: null, readers: [STAFF.foreman.uid], sequence: 1 }));
    write('safetyReports/r1/activity/a1', { by: { uid: WORKER.uid }, change: { type: 'created' } });
    write('safetyReports/r1/private/reporter', { uid: WORKER.uid, name: 'Piotr' });
    write(
      `users/${WORKER.uid}/safetyReports/r1`,
      safetyReportDoc({ reporter: null, readers: [STAFF.foreman.uid], sequence: 1 }),
    );
    write('messages/n1', { uid: WORKER.uid, text: 'not a collection the app has' });
  },
});

/** Everyone a client can be, signed in or not. */
const EVERYONE: [string, () => Db][] = [
  ['the submitter', () => as(WORKER)],
  ['another worker', () => as(OTHER_WORKER)],
  ['a self-made account (public sign-up)', () => as(SELF_MADE)],
  ['a self-made account with an unknown role claim', () => as(SELF_MADE_UNKNOWN_CLAIM)],
  ['a worker with PROCESS_TICKETS assigned', () => as(WORKER_WITH_PROCESS)],
  ...STAFF_ROLES.map((role): [string, () => Db] => [`a ${role}`, () => as(STAFF[role])]),
  ['a visitor', visitor],
];

/** The collection a document path is in (`users/u/pushDevices/d` is in `users/u/pushDevices`). */
const collectionOf = (path: string) => path.split('/').slice(0, -1).join('/');

describe('collections only functions use', () => {
  it.each(FUNCTION_ONLY)('nobody gets or lists %s, admins included', async (path) => {
    for (const [, db] of EVERYONE) {
      await assertFails(getDoc(doc(db(), path)));
      await assertFails(getDocs(collection(db(), collectionOf(path))));
    }
  });
  it('no user reads their own users document, not even filtered to their uid', async () => {
    await assertFails(getDoc(doc(as(WORKER), `users/${WORKER.uid}`)));
    await assertFails(getDoc(doc(as(STAFF.admin), `users/${STAFF.admin.uid}`)));
    await assertFails(
      getDocs(query(collection(as(WORKER), 'users'), where('email', '==', 'worker@example.com'))),
    );
  });
  it('a collection the rules do not name is closed, even filtered to the reader', async () => {
    await assertFails(getDoc(doc(as(WORKER), 'messages/n1')));
    await assertFails(getDocs(query(collection(as(WORKER), 'messages'), where('uid', '==', WORKER.uid))));
  });
  it('collection-group queries over updates or activity are refused, to staff too', async () => {
    await assertFails(getDocs(collectionGroup(as(STAFF.admin), 'updates')));
    await assertFails(getDocs(collectionGroup(as(STAFF.foreman), 'activity')));
    await assertFails(getDocs(collectionGroup(as(WORKER), 'tickets')));
  });
  it('collection-group queries over safety reports or their reporters are refused, to admins too', async () => {
    await assertFails(getDocs(collectionGroup(as(STAFF.admin), 'safetyReports')));
    await assertFails(
      getDocs(query(collectionGroup(as(WORKER), 'safetyReports'), where('anonymous', '==', true))),
    );
    await assertFails(getDocs(collectionGroup(as(STAFF.admin), 'private')));
  });
});

describe('config/serviceLevels, the one config document clients read', () => {
  it('every active staff-made account reads it, for the forms’ “Usually answered within” line', async () => {
    for (const db of [as(WORKER), as(OTHER_WORKER), ...STAFF_ROLES.map((role) => as(STAFF[role]))]) {
      await assertSucceeds(getDoc(doc(db, 'config/serviceLevels')));
    }
  });
  it('a visitor, a self-made and a disabled account do not, and nobody lists config', async () => {
    for (const db of [visitor(), as(SELF_MADE), as(DISABLED_WORKER)]) {
      await assertFails(getDoc(doc(db, 'config/serviceLevels')));
    }
    await assertFails(getDocs(collection(as(STAFF.admin), 'config')));
  });
});

describe.each(EVERYONE)('client writes: %s', (_who, db) => {
  it('cannot create, update, overwrite or delete a ticket, its updates or its activity', async () => {
    await assertFails(setDoc(doc(db(), 'tickets/new'), ticketDoc({ createdBy: WORKER.uid, sequence: 2 })));
    await assertFails(updateDoc(doc(db(), 'tickets/t1'), { status: 'resolved' }));
    await assertFails(setDoc(doc(db(), 'tickets/t1'), { createdBy: WORKER.uid, status: 'resolved' }));
    await assertFails(deleteDoc(doc(db(), 'tickets/t1')));
    await assertFails(setDoc(doc(db(), 'tickets/t1/updates/new'), { text: 'Hi' }));
    await assertFails(updateDoc(doc(db(), 'tickets/t1/updates/u1'), { text: 'Changed' }));
    await assertFails(deleteDoc(doc(db(), 'tickets/t1/activity/a1')));
    await assertFails(setDoc(doc(db(), 'tickets/t1/activity/new'), { change: { type: 'created' } }));
  });
  it('cannot write the tool catalogue or any collection only functions use', async () => {
    await assertFails(setDoc(doc(db(), 'toolCatalog/saw'), { name: 'Saw' }));
    await assertFails(updateDoc(doc(db(), 'toolCatalog/drill'), { name: 'Hammer drill' }));
    await assertFails(deleteDoc(doc(db(), 'toolCatalog/drill')));
    await assertFails(setDoc(doc(db(), 'users/u-worker'), { role: 'admin' }));
    await assertFails(updateDoc(doc(db(), 'users/u-worker'), { assignedPermissions: ['PROCESS_TICKETS'] }));
    await assertFails(updateDoc(doc(db(), 'users/u-worker'), { disabled: false }));
    await assertFails(setDoc(doc(db(), 'workers/w-2'), { firstName: 'New' }));
    await assertFails(updateDoc(doc(db(), 'ticketNumbers/T-2611-4821'), { ticketId: 't2' }));
    await assertFails(setDoc(doc(db(), 'ticketNumbers/T-2611-1000'), { ticketId: 't1' }));
    await assertFails(deleteDoc(doc(db(), 'presalaryLocks/u-worker_2026-03-H2')));
    await assertFails(setDoc(doc(db(), 'bugReports/b2'), { description: 'Crash' }));
    await assertFails(updateDoc(doc(db(), 'config/logging'), { level: 'debug' }));
    await assertFails(setDoc(doc(db(), 'config/serviceLevels'), { country: 'none', targets: {} }));
    await assertFails(setDoc(doc(db(), 'auditLog/e2'), { action: 'forged' }));
    await assertFails(setDoc(doc(db(), 'securityLog/s2'), { type: 'forged' }));
  });
  it('cannot write a safety report, its activity, its reporter or a reporter’s own copy', async () => {
    const report = safetyReportDoc({ reporter: WORKER.uid, readers: [], sequence: 2 });
    await assertFails(setDoc(doc(db(), 'safetyReports/new'), report));
    await assertFails(updateDoc(doc(db(), 'safetyReports/r1'), { status: 'closed' }));
    await assertFails(setDoc(doc(db(), 'safetyReports/r1'), report));
    await assertFails(deleteDoc(doc(db(), 'safetyReports/r1')));
    await assertFails(setDoc(doc(db(), 'safetyReports/r1/activity/new'), { change: { type: 'closed' } }));
    await assertFails(updateDoc(doc(db(), 'safetyReports/r1/activity/a1'), { change: { type: 'closed' } }));
    await assertFails(deleteDoc(doc(db(), 'safetyReports/r1/activity/a1')));
    await assertFails(setDoc(doc(db(), 'safetyReports/r1/private/reporter'), { uid: OTHER_WORKER.uid }));
    await assertFails(updateDoc(doc(db(), 'safetyReports/r1/private/reporter'), { uid: OTHER_WORKER.uid }));
    await assertFails(deleteDoc(doc(db(), 'safetyReports/r1/private/reporter')));
    await assertFails(setDoc(doc(db(), `users/${WORKER.uid}/safetyReports/new`), report));
    await assertFails(updateDoc(doc(db(), `users/${WORKER.uid}/safetyReports/r1`), { status: 'closed' }));
    await assertFails(deleteDoc(doc(db(), `users/${WORKER.uid}/safetyReports/r1`)));
  });
});
