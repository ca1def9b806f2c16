// firestore.rules for safety reports (functions/src/domain/safety.ts): holders of
// HANDLE_SAFETY_REPORTS read every report, the people told of a report (its `readers`, such as the
// site's foremen) and its named reporter read that report and its activity; nobody reads who made a
// report (private/reporter), admins included; the reporter reads their own copies under
// users/{uid}/safetyReports, anonymous reports included. No client writes any of them.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  type DocumentData,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  DISABLED_ADMIN,
  DISABLED_WORKER,
  type Db,
  FOREMAN_WITH_SAFETY,
  MANAGER_WITHOUT_SAFETY,
  NOT_STAFF_MADE,
  OTHER_FOREMAN,
  OTHER_WORKER,
  type Person,
  STAFF,
  WORKER,
  at,
  liveDoc,
  liveQuery,
  safetyReportDoc,
  useRulesEnvironment,
} from './firestore-fixtures.js';

/** The worker's report with their name, told to the site's foreman. */
const NAMED = 'named';
/** The worker's report without their name, told to the same foreman. */
const ANONYMOUS = 'anonymous';
/** A report of another site, told to that site's foreman only. */
const OTHER_SITE = 'other-site';
/** A report of the disabled worker, told to the foreman. */
const BY_DISABLED = 'by-disabled';
const ALL_REPORTS = [ANONYMOUS, BY_DISABLED, NAMED, OTHER_SITE];

const FOREMAN = STAFF.foreman;
const reportPath = (id: string) => `safetyReports/${id}`;
const activityPath = (id: string) => `safetyReports/${id}/activity/a1`;
const reporterPath = (id: string) => `safetyReports/${id}/private/reporter`;
const ownCopyPath = (uid: string, id: string) => `users/${uid}/safetyReports/${id}`;

const activity = (by: string): DocumentData => ({ by: { uid: by }, change: { type: 'created' }, at: at(1) });
const reporterOf = (uid: string): DocumentData => ({ uid, name: `Name of ${uid}` });
/** The other site's reporter: a worker with no users record here. */
const THIRD_WORKER = 'u-worker3';

/** Each report: its id, who made it, who was told of it, and whether it carries the reporter's name. */
const REPORTS: [string, string, string[], boolean][] = [
  [NAMED, WORKER.uid, [FOREMAN.uid], true],
  [ANONYMOUS, WORKER.uid, [FOREMAN.uid], false],
  [OTHER_SITE, THIRD_WORKER, [OTHER_FOREMAN.uid], true],
  [BY_DISABLED, DISABLED_WORKER.uid, [FOREMAN.uid], true],
];

const { as, visitor } = useRulesEnvironment('demo-rules-safety', {
  seed(write) {
    REPORTS.forEach(([id, reporter, readers, isNamed], index) => {
      const report = safetyReportDoc({ reporter: isNamed ? reporter : null, readers, sequence: index + 1 });
      write(reportPath(id), report);
      write(activityPath(id), activity(reporter));
      write(reporterPath(id), reporterOf(reporter));
      // The reporter's copy keeps everything but who else was told.
      const { readers: _told, ...copy } = report;
      write(ownCopyPath(reporter, id), copy);
    });
  },
});

/** Every report listed, newest first, as a holder's queue asks for it. */
const everyReport = (db: Db) =>
  liveQuery(query(collection(db, 'safetyReports'), orderBy('createdAt', 'desc'), limit(50)));
/** Every report not yet made safe, however old, as a holder's queue asks for them beside the newest. */
const unresolved = (db: Db) =>
  liveQuery(query(collection(db, 'safetyReports'), where('status', 'in', ['open', 'acknowledged'])));
/** The reports the reader was told of, as a foreman's list asks for them. */
const toldOf = (db: Db, uid: string) =>
  liveQuery(query(collection(db, 'safetyReports'), where('readers', 'array-contains', uid)));
const ownCopies = (db: Db, uid: string) => getDocs(collection(db, `users/${uid}/safetyReports`));
const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((entry) => entry.id).sort();

/** Every read of one report and its subcollections: all refused. */
async function readsNothingOf(db: Db, id: string) {
  await assertFails(getDoc(doc(db, reportPath(id))));
  await assertFails(getDoc(doc(db, activityPath(id))));
  await assertFails(getDocs(collection(db, `safetyReports/${id}/activity`)));
  await assertFails(getDoc(doc(db, reporterPath(id))));
  await assertFails(getDocs(collection(db, `safetyReports/${id}/private`)));
}

/** Reads the report and its activity; never who made it. */
async function readsReportOf(db: Db, id: string) {
  const report = await assertSucceeds(getDoc(doc(db, reportPath(id))));
  expect(report.exists()).toBe(true);
  await assertSucceeds(getDoc(doc(db, activityPath(id))));
  const steps = await assertSucceeds(getDocs(collection(db, `safetyReports/${id}/activity`)));
  expect(ids(steps)).toEqual(['a1']);
  await assertFails(getDoc(doc(db, reporterPath(id))));
  await assertFails(getDocs(collection(db, `safetyReports/${id}/private`)));
  return report;
}

describe('safety reports: a visitor (signed out)', () => {
  it('reads no report, activity, reporter or own copy, one by one or listed', async () => {
    for (const id of ALL_REPORTS) await readsNothingOf(visitor(), id);
    await assertFails(everyReport(visitor()));
    await assertFails(unresolved(visitor()));
    await assertFails(toldOf(visitor(), FOREMAN.uid));
    await assertFails(getDoc(doc(visitor(), ownCopyPath(WORKER.uid, NAMED))));
    await assertFails(ownCopies(visitor(), WORKER.uid));
  });
});

describe('safety reports: the worker who reported', () => {
  it('with their name reads the report (their name in it) and its activity, not the private reporter', async () => {
    const report = await readsReportOf(as(WORKER), NAMED);
    expect(report.get('reporter.uid')).toBe(WORKER.uid);
    const live = await assertSucceeds(liveDoc(doc(as(WORKER), reportPath(NAMED))));
    expect(live.get('status')).toBe('open');
  });
  it('without their name cannot read that report or its activity, nor who made it', async () => {
    await readsNothingOf(as(WORKER), ANONYMOUS);
  });
  it('reads their own copies, the anonymous one included, one by one and listed', async () => {
    const named = await assertSucceeds(getDoc(doc(as(WORKER), ownCopyPath(WORKER.uid, NAMED))));
    expect(named.get('reporter.uid')).toBe(WORKER.uid);
    const anonymous = await assertSucceeds(getDoc(doc(as(WORKER), ownCopyPath(WORKER.uid, ANONYMOUS))));
    expect(anonymous.get('anonymous')).toBe(true);
    expect(ids(await assertSucceeds(ownCopies(as(WORKER), WORKER.uid)))).toEqual([ANONYMOUS, NAMED]);
    const newestFirst = await assertSucceeds(
      liveQuery(
        query(collection(as(WORKER), `users/${WORKER.uid}/safetyReports`), orderBy('createdAt', 'desc')),
      ),
    );
    expect(newestFirst.docs.map((entry) => entry.id)).toEqual([ANONYMOUS, NAMED]);
  });
  it('cannot list every report, nor the ones told to the foreman', async () => {
    await assertFails(everyReport(as(WORKER)));
    await assertFails(unresolved(as(WORKER)));
    await assertFails(toldOf(as(WORKER), FOREMAN.uid));
  });
  it('reads no other report, and no other user’s copies', async () => {
    await readsNothingOf(as(WORKER), OTHER_SITE);
    await readsNothingOf(as(WORKER), BY_DISABLED);
    await assertFails(getDoc(doc(as(WORKER), ownCopyPath(DISABLED_WORKER.uid, BY_DISABLED))));
    await assertFails(ownCopies(as(WORKER), DISABLED_WORKER.uid));
  });
  it('cannot search every user’s copies at once (collection group)', async () => {
    await assertFails(
      getDocs(query(collectionGroup(as(WORKER), 'safetyReports'), where('reporter.uid', '==', WORKER.uid))),
    );
  });
});

describe('safety reports: another worker', () => {
  it('reads none of the reports, their activity, reporters or the worker’s copies', async () => {
    for (const id of ALL_REPORTS) await readsNothingOf(as(OTHER_WORKER), id);
    await assertFails(getDoc(doc(as(OTHER_WORKER), ownCopyPath(WORKER.uid, NAMED))));
    await assertFails(getDoc(doc(as(OTHER_WORKER), ownCopyPath(WORKER.uid, ANONYMOUS))));
    await assertFails(ownCopies(as(OTHER_WORKER), WORKER.uid));
  });
  it('cannot list every report or another reader’s; filtered to themself, they get nothing', async () => {
    await assertFails(everyReport(as(OTHER_WORKER)));
    await assertFails(toldOf(as(OTHER_WORKER), FOREMAN.uid));
    expect(ids(await assertSucceeds(toldOf(as(OTHER_WORKER), OTHER_WORKER.uid)))).toEqual([]);
    expect(ids(await assertSucceeds(ownCopies(as(OTHER_WORKER), OTHER_WORKER.uid)))).toEqual([]);
  });
});

describe('safety reports: the site’s foreman, told of the reports', () => {
  it('reads the named report and its activity, not who made it', async () => {
    const report = await readsReportOf(as(FOREMAN), NAMED);
    expect(report.get('reporter.uid')).toBe(WORKER.uid);
  });
  it('reads the anonymous report, which has no reporter field at all', async () => {
    const report = await readsReportOf(as(FOREMAN), ANONYMOUS);
    expect(report.get('anonymous')).toBe(true);
    expect(Object.keys(report.data() ?? {})).not.toContain('reporter');
    expect(report.get('reporter')).toBeUndefined();
  });
  it('lists the reports he was told of when he asks for his own, and only then', async () => {
    const told = await assertSucceeds(toldOf(as(FOREMAN), FOREMAN.uid));
    expect(ids(told)).toEqual([ANONYMOUS, BY_DISABLED, NAMED]);
    expect(told.docs.find((entry) => entry.id === ANONYMOUS)?.data()).not.toHaveProperty('reporter');
    await assertFails(everyReport(as(FOREMAN)));
    await assertFails(unresolved(as(FOREMAN)));
    await assertFails(liveQuery(query(collection(as(FOREMAN), 'safetyReports'), limit(50))));
    await assertFails(toldOf(as(FOREMAN), OTHER_FOREMAN.uid));
  });
  it('reads no report he was not told of, and no reporter’s copies', async () => {
    await readsNothingOf(as(FOREMAN), OTHER_SITE);
    await assertFails(getDoc(doc(as(FOREMAN), ownCopyPath(WORKER.uid, ANONYMOUS))));
    await assertFails(ownCopies(as(FOREMAN), WORKER.uid));
  });
});

describe('safety reports: a foreman not told of the reports', () => {
  it('reads none of them, nor their activity or reporter', async () => {
    for (const id of [NAMED, ANONYMOUS, BY_DISABLED]) await readsNothingOf(as(OTHER_FOREMAN), id);
  });
  it('lists only his own site’s report, and only filtered to himself', async () => {
    await assertFails(everyReport(as(OTHER_FOREMAN)));
    await assertFails(toldOf(as(OTHER_FOREMAN), FOREMAN.uid));
    expect(ids(await assertSucceeds(toldOf(as(OTHER_FOREMAN), OTHER_FOREMAN.uid)))).toEqual([OTHER_SITE]);
  });
});

describe('safety reports: holders of HANDLE_SAFETY_REPORTS', () => {
  const HOLDERS: [string, Person][] = [
    ['a manager (by role)', STAFF.manager],
    ['a manager_pl (by role)', STAFF.manager_pl],
    ['an admin (by role)', STAFF.admin],
    ['a foreman given it in assignedPermissions', FOREMAN_WITH_SAFETY],
  ];
  it.each(HOLDERS)('%s reads every report and its activity, never who made it', async (_who, person) => {
    for (const id of ALL_REPORTS) await readsReportOf(as(person), id);
    const anonymous = await assertSucceeds(getDoc(doc(as(person), reportPath(ANONYMOUS))));
    expect(anonymous.get('reporter')).toBeUndefined();
  });
  it.each(HOLDERS)('%s lists every report unfiltered', async (_who, person) => {
    const queue = await assertSucceeds(everyReport(as(person)));
    expect(queue.docs.map((entry) => entry.id)).toEqual([BY_DISABLED, OTHER_SITE, ANONYMOUS, NAMED]);
    const open = await assertSucceeds(unresolved(as(person)));
    expect(ids(open)).toEqual([...ALL_REPORTS].sort());
  });
  it.each(HOLDERS)('%s reads no reporter’s own copies', async (_who, person) => {
    await assertFails(getDoc(doc(as(person), ownCopyPath(WORKER.uid, ANONYMOUS))));
    await assertFails(ownCopies(as(person), WORKER.uid));
  });
  it('an admin cannot read private/reporter of any report, not even listed or across reports', async () => {
    for (const id of ALL_REPORTS) {
      await assertFails(getDoc(doc(as(STAFF.admin), reporterPath(id))));
      await assertFails(getDocs(collection(as(STAFF.admin), `safetyReports/${id}/private`)));
    }
    await assertFails(getDocs(collectionGroup(as(STAFF.admin), 'private')));
    await assertFails(
      getDocs(query(collectionGroup(as(STAFF.admin), 'private'), where('uid', '==', WORKER.uid))),
    );
  });
});

describe('safety reports: accounts shut out', () => {
  it('a manager whose HANDLE_SAFETY_REPORTS is revoked reads and lists none', async () => {
    for (const id of ALL_REPORTS) await readsNothingOf(as(MANAGER_WITHOUT_SAFETY), id);
    await assertFails(everyReport(as(MANAGER_WITHOUT_SAFETY)));
    await assertFails(unresolved(as(MANAGER_WITHOUT_SAFETY)));
  });
  it('a disabled worker reads neither their own report nor their own copy', async () => {
    await readsNothingOf(as(DISABLED_WORKER), BY_DISABLED);
    await assertFails(getDoc(doc(as(DISABLED_WORKER), ownCopyPath(DISABLED_WORKER.uid, BY_DISABLED))));
    await assertFails(ownCopies(as(DISABLED_WORKER), DISABLED_WORKER.uid));
  });
  it('a disabled admin (a holder by role) reads and lists none', async () => {
    for (const id of ALL_REPORTS) await readsNothingOf(as(DISABLED_ADMIN), id);
    await assertFails(everyReport(as(DISABLED_ADMIN)));
    await assertFails(unresolved(as(DISABLED_ADMIN)));
  });
  it.each(NOT_STAFF_MADE)('%s reads and lists none', async (_who, person) => {
    for (const id of ALL_REPORTS) await readsNothingOf(as(person), id);
    await assertFails(everyReport(as(person)));
    await assertFails(unresolved(as(person)));
    await assertFails(toldOf(as(person), person.uid));
    await assertFails(ownCopies(as(person), person.uid));
  });
});

describe('safety reports: client writes', () => {
  it.each<[string, () => Db]>([
    ['the reporter', () => as(WORKER)],
    ['another worker', () => as(OTHER_WORKER)],
    ['the foreman told of it', () => as(FOREMAN)],
    ['a manager (a holder)', () => as(STAFF.manager)],
    ['a foreman given HANDLE_SAFETY_REPORTS', () => as(FOREMAN_WITH_SAFETY)],
    ['an admin', () => as(STAFF.admin)],
    ['a visitor', visitor],
  ])('%s cannot create, update, overwrite or delete anything on any path', async (_who, db) => {
    const report = safetyReportDoc({ reporter: WORKER.uid, readers: [WORKER.uid], sequence: 9 });
    const paths = [
      reportPath(NAMED),
      reportPath(ANONYMOUS),
      activityPath(NAMED),
      reporterPath(ANONYMOUS),
      ownCopyPath(WORKER.uid, ANONYMOUS),
    ];
    for (const path of paths) {
      await assertFails(updateDoc(doc(db(), path), { status: 'closed' }));
      await assertFails(setDoc(doc(db(), path), report));
      await assertFails(deleteDoc(doc(db(), path)));
    }
    await assertFails(setDoc(doc(db(), reportPath('new')), report));
    await assertFails(setDoc(doc(db(), `safetyReports/${NAMED}/activity/new`), activity(WORKER.uid)));
    await assertFails(setDoc(doc(db(), reporterPath('new')), reporterOf(WORKER.uid)));
    await assertFails(setDoc(doc(db(), ownCopyPath(WORKER.uid, 'new')), report));
  });
});
