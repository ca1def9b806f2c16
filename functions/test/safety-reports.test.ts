// Safety reports against the Auth and Firestore emulators, as a worker, a handler, an admin and an
// attacker meet them: who is told of a report (the site's foremen, every HANDLE_SAFETY_REPORTS
// holder, the admins for danger to life), what is kept apart from a report made without a name,
// retries and concurrent calls with one requestId, the handlers' steps with the reporter's own
// copy kept in step, and the audited reveal of who made a report.
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRevealSafetyReporterHandler } from '../src/callable/safety/reveal-safety-reporter.js';
import { createSafetyReportStepHandler, safetyStepIdFor } from '../src/callable/safety/safety-report-step.js';
import {
  createSubmitSafetyReportHandler,
  safetyReportIdFor,
} from '../src/callable/safety/submit-safety-report.js';
import { ACCOUNT_NOT_SET_UP_KEY, type Role, staffMadeAccountOf } from '../src/domain/index.js';
import { NOTIFICATION_RETENTION_DAYS } from '../src/domain/notifications.js';
import { PERMISSIONS } from '../src/domain/permissions.js';
import { safetyPhotosFolder, safetyStepPhotosFolder } from '../src/domain/safety.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import {
  AUTH_HOST,
  type TestAccount,
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  fieldsOf,
  httpsErrorOf,
  newRequestId,
  recordingLogger,
} from '../testing/helpers.js';

const HANDLE = PERMISSIONS.HANDLE_SAFETY_REPORTS;
const KIRUNA = 'Kiruna Mine';
const LULEA = 'Luleå Port';
const run = randomUUID().slice(0, 6);
const MINUTE = 60_000;

const db = adminDb();
const logger = recordingLogger();

/** The injected clock of all three handlers (and of their rate limiters). */
let nowMillis = Date.parse('2026-11-20T10:00:00.000Z');
const clock = {
  now: () => nowMillis,
  set: (millis: number) => {
    nowMillis = millis;
  },
};
const deps = { db, logger, now: () => clock.now() };
const handlers = {
  submit: createSubmitSafetyReportHandler(deps),
  step: createSafetyReportStepHandler(deps),
  reveal: createRevealSafetyReporterHandler(deps),
};

type Payload = Record<string, unknown>;

const auths = new Map<string, NonNullable<CallableRequest['auth']>>();

/** A callable request of this signed-in user (a real ID token from the Auth emulator, fetched once). */
async function requestAs(user: TestUser, data: unknown): Promise<CallableRequest<unknown>> {
  let auth = auths.get(user.uid);
  if (!auth) {
    auth = await callableAuth(user);
    auths.set(user.uid, auth);
  }
  return callableRequest(data, auth);
}

const submitAs = async (user: TestUser, data: Payload) => handlers.submit(await requestAs(user, data));
const stepAs = async (user: TestUser, data: Payload) => handlers.step(await requestAs(user, data));
const revealAs = async (user: TestUser, data: Payload) => handlers.reveal(await requestAs(user, data));

/** A valid report of a hazard on the Kiruna site; `extra` overrides any field. */
const report = (extra: Payload = {}): Payload => ({
  requestId: newRequestId(),
  kind: 'scaffold',
  type: 'hazard',
  urgency: 'serious',
  description: 'A guard rail on level 3 of the scaffold by the crusher is missing.',
  site: KIRUNA,
  siteArea: 'Crusher hall, level 3',
  ...extra,
});

/**
 * A staff-made account linked to a directory worker of its own at `site` (the `siteName` a
 * foreman's site is read from). `users` overrides fields of the users record.
 */
async function person(role: Role, site: string | null, users: Payload = {}): Promise<TestAccount> {
  const workerId = `w-safety-${run}-${randomUUID().slice(0, 8)}`;
  const name = typeof users.name === 'string' ? users.name : `Safety ${role} ${randomUUID().slice(0, 4)}`;
  await db.doc(`workers/${workerId}`).set({
    name,
    email: `${workerId}@directory.example.test`,
    ...(site === null ? {} : { siteName: site }),
  });
  return createTestAccount(role, { name, workerId, ...users });
}

/** A worker of the Kiruna site, named in the directory differently from their app record and token. */
async function kirunaWorker() {
  const workerId = `w-safety-${run}-${randomUUID().slice(0, 8)}`;
  const directory = {
    name: 'Aleksander Wiśniewski',
    email: `a.wisniewski-${workerId}@directory.example.test`,
    siteName: KIRUNA,
  };
  await db.doc(`workers/${workerId}`).set(directory);
  const account = await createTestAccount('user', { name: 'Olek', workerId });
  // Anybody may set their own display name; the report must not take it.
  await adminAuth().updateUser(account.uid, { displayName: 'Piotr Kowalczyk' });
  return { ...account, directory };
}

const dataOf = async (path: string) => (await db.doc(path).get()).data();
const reportOf = (id: string) => dataOf(`safetyReports/${id}`);
const ownCopyOf = (uid: string, id: string) => dataOf(`users/${uid}/safetyReports/${id}`);

/** Every notification about one safety report, whoever it is for. */
async function notificationsOf(reportId: string) {
  const snapshot = await db.collection('notifications').where('safetyReportId', '==', reportId).get();
  return snapshot.docs.map((doc) => doc.data());
}

async function activityOf(reportId: string) {
  const snapshot = await db.collection(`safetyReports/${reportId}/activity`).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

async function auditEntriesOf(reportId: string) {
  const snapshot = await db.collection('auditLog').where('target.safetyReportId', '==', reportId).get();
  return snapshot.docs.map((doc) => doc.data());
}

const readersOf = async (reportId: string) => ((await reportOf(reportId))?.readers ?? []) as string[];
const sorted = (uids: readonly string[]) => [...uids].sort();
const at = (millis: number) => Timestamp.fromMillis(millis);
const expiry = (millis: number) => at(millis + NOTIFICATION_RETENTION_DAYS * 24 * 60 * MINUTE);

/** An account made through Firebase Auth's public sign-up: a token, but no users record. */
async function publicSignUp(): Promise<TestUser> {
  const email = `self-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Self-made-1';
  const response = await fetch(
    `http://${AUTH_HOST()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const answer = (await response.json()) as { localId?: string };
  if (!response.ok || !answer.localId) throw new Error(`accounts:signUp failed: ${response.status}`);
  return { uid: answer.localId, email, password };
}

/** A photo the client says it uploaded (never inspected when the path is refused first). */
const photo = (path: string) => ({
  name: path.split('/').pop() ?? 'x.jpg',
  size: 1000,
  contentType: 'image/jpeg',
  path,
});

let reporter: Awaited<ReturnType<typeof kirunaWorker>>;
let otherWorker: TestAccount;
let foremanKiruna: TestAccount;
let foremanKirunaSpelled: TestAccount;
let foremanLulea: TestAccount;
let foremanGranted: TestAccount;
let foremanDisabled: TestAccount;
let userGranted: TestAccount;
let manager: TestAccount;
let managerPl: TestAccount;
let admin: TestAccount;
let managerRevoked: TestAccount;
let adminRevoked: TestAccount;
/** Every account this file made in beforeAll: readers outside it were made by other test files. */
let mine: Set<string>;

/** The readers of a report among this file's accounts. */
const mineOf = (readers: readonly string[]) => sorted(readers.filter((uid) => mine.has(uid)));

beforeAll(async () => {
  [
    reporter,
    otherWorker,
    foremanKiruna,
    foremanKirunaSpelled,
    foremanLulea,
    foremanGranted,
    foremanDisabled,
    userGranted,
    manager,
    managerPl,
    admin,
    managerRevoked,
    adminRevoked,
  ] = await Promise.all([
    kirunaWorker(),
    person('user', KIRUNA),
    person('foreman', KIRUNA),
    person('foreman', '  kiruna mine '),
    person('foreman', LULEA),
    person('foreman', LULEA, { assignedPermissions: [HANDLE] }),
    person('foreman', KIRUNA, { disabled: true }),
    person('user', LULEA, { assignedPermissions: [HANDLE] }),
    person('manager', null),
    person('manager_pl', null),
    person('admin', null),
    person('manager', null, { revokedPermissions: [HANDLE] }),
    person('admin', null, { revokedPermissions: [HANDLE] }),
  ]);
  mine = new Set(
    [
      reporter,
      otherWorker,
      foremanKiruna,
      foremanKirunaSpelled,
      foremanLulea,
      foremanGranted,
      foremanDisabled,
      userGranted,
      manager,
      managerPl,
      admin,
      managerRevoked,
      adminRevoked,
    ].map((account) => account.uid),
  );
});

/** Who of this file's accounts is told of a serious or minor report from Kiruna. */
const kirunaReaders = () =>
  sorted([
    foremanKiruna.uid,
    foremanKirunaSpelled.uid,
    foremanGranted.uid,
    userGranted.uid,
    manager.uid,
    managerPl.uid,
    admin.uid,
  ]);

describe('submitSafetyReport by a worker on the Kiruna site', () => {
  it('tells the Kiruna foremen and every handler, once each, and keeps who made it apart', async () => {
    const T0 = Date.parse('2026-11-20T10:42:00.000Z');
    clock.set(T0);
    const payload = report();
    const answer = await submitAs(reporter, payload);
    const reportId = safetyReportIdFor(reporter.uid, payload.requestId as string);
    expect(answer).toEqual({
      reportId,
      reportedAt: '2026-11-20T10:42:00.000Z',
      notifiedCount: expect.any(Number) as number,
      isDuplicate: false,
    });

    const data = await reportOf(reportId);
    if (!data) throw new Error('the report was not written');
    const readers = data.readers as string[];
    // Of this file's accounts: the Kiruna foremen (however the directory spells the site), the
    // foreman and the worker given the permission, the manager, manager_pl and admin; not the
    // Luleå foreman, the disabled Kiruna foreman, the manager and admin whose permission is
    // revoked, the other Kiruna worker, nor the reporter.
    expect(mineOf(readers)).toEqual(kirunaReaders());
    expect(readers).not.toContain(reporter.uid);
    expect(new Set(readers).size).toBe(readers.length);
    // Every enabled, staff-made handler by role in the database (other test files' too) is told.
    const staff = await db.collection('users').where('role', 'in', ['manager', 'manager_pl', 'admin']).get();
    const holders = staff.docs.filter(
      (doc) =>
        staffMadeAccountOf(doc.data()) !== null &&
        doc.get('disabled') !== true &&
        !((doc.get('revokedPermissions') as string[] | undefined) ?? []).includes(HANDLE),
    );
    expect(readers).toEqual(expect.arrayContaining(holders.map((doc) => doc.id)));
    expect(answer.notifiedCount).toBe(readers.length);

    expect(data).toEqual({
      id: reportId,
      kind: 'scaffold',
      type: 'hazard',
      urgency: 'serious',
      urgencyRank: 1,
      description: payload.description,
      site: KIRUNA,
      siteArea: 'Crusher hall, level 3',
      location: null,
      photos: [],
      anonymous: false,
      // The directory's name, not the app record's ("Olek") nor the token's ("Piotr Kowalczyk").
      reporter: { uid: reporter.uid, name: 'Aleksander Wiśniewski' },
      status: 'open',
      readers,
      notifiedCount: readers.length,
      createdAt: at(T0),
      updatedAt: at(T0),
      acknowledgedAt: null,
      acknowledgedBy: null,
      madeSafeAt: null,
      madeSafeBy: null,
      madeSafeText: null,
      closedAt: null,
      closedBy: null,
      minutesToAcknowledge: null,
      lastUpdateText: null,
      lastUpdateAt: null,
    });

    // One unread notification per reader, none to anyone else.
    const notifications = await notificationsOf(reportId);
    expect(sorted(notifications.map((n) => n.recipient as string))).toEqual(sorted(readers));
    for (const notification of notifications) {
      expect(notification).toEqual({
        recipient: expect.any(String) as string,
        safetyReportId: reportId,
        kind: 'safetyReported',
        key: 'notifications.kinds.safetyReported',
        values: { hazard: 'scaffold', urgency: 'serious', site: KIRUNA },
        createdAt: at(T0),
        read: false,
        expireAt: expiry(T0),
      });
    }

    // The reporter's own copy: the report without the list of who else was told.
    const { readers: _readers, ...withoutReaders } = data;
    const copy = await ownCopyOf(reporter.uid, reportId);
    expect(copy).toEqual(withoutReaders);
    expect(copy && 'readers' in copy).toBe(false);

    expect(await dataOf(`safetyReports/${reportId}/private/reporter`)).toEqual({
      uid: reporter.uid,
      name: 'Aleksander Wiśniewski',
      email: reporter.directory.email,
      at: at(T0),
    });
    expect(await activityOf(reportId)).toEqual([
      {
        id: expect.any(String) as string,
        step: 'reported',
        at: at(T0),
        by: { uid: reporter.uid, name: 'Aleksander Wiśniewski', role: null },
        notified: readers.length,
      },
    ]);
  });

  it('never tells the reporter, even a Kiruna foreman or a handler reporting', async () => {
    const byForeman = await submitAs(foremanKiruna, report());
    const foremanReaders = await readersOf(byForeman.reportId);
    expect(mineOf(foremanReaders)).toEqual(kirunaReaders().filter((uid) => uid !== foremanKiruna.uid));

    const byManager = await submitAs(manager, report());
    const managerReaders = await readersOf(byManager.reportId);
    expect(mineOf(managerReaders)).toEqual(kirunaReaders().filter((uid) => uid !== manager.uid));
    const told = (await notificationsOf(byManager.reportId)).map((n) => n.recipient);
    expect(told).not.toContain(manager.uid);
    expect(told).toHaveLength(byManager.notifiedCount);
  });

  it('tells the admins of danger to life, even one whose handler permission is revoked', async () => {
    const answer = await submitAs(reporter, report({ urgency: 'lifeThreatening', kind: 'fireGas' }));
    const readers = await readersOf(answer.reportId);
    expect(mineOf(readers)).toEqual(sorted([...kirunaReaders(), adminRevoked.uid]));
    // Only admins: the manager whose permission is revoked stays untold.
    expect(readers).not.toContain(managerRevoked.uid);
    const notifications = await notificationsOf(answer.reportId);
    expect(notifications).toHaveLength(answer.notifiedCount);
    expect(notifications.find((n) => n.recipient === adminRevoked.uid)?.values).toEqual({
      hazard: 'fireGas',
      urgency: 'lifeThreatening',
      site: KIRUNA,
    });
  });

  it('does not tell an admin whose permission is revoked of a minor report', async () => {
    const answer = await submitAs(reporter, report({ urgency: 'minor' }));
    const readers = await readersOf(answer.reportId);
    expect(mineOf(readers)).toEqual(kirunaReaders());
    expect(readers).not.toContain(adminRevoked.uid);
    expect((await notificationsOf(answer.reportId)).map((n) => n.recipient)).not.toContain(adminRevoked.uid);
  });

  it('tells nobody at another site of a Kiruna report, and the Luleå foreman of a Luleå one', async () => {
    const answer = await submitAs(reporter, report({ site: LULEA }));
    const readers = mineOf(await readersOf(answer.reportId));
    expect(readers).toContain(foremanLulea.uid);
    expect(readers).not.toContain(foremanKiruna.uid);
    expect(readers).not.toContain(foremanKirunaSpelled.uid);
  });
});

describe('submitSafetyReport retried with one requestId', () => {
  it('answers a retry with the first report and writes nothing more', async () => {
    const worker = await person('user', KIRUNA);
    const T0 = Date.parse('2026-11-20T11:00:00.000Z');
    clock.set(T0);
    const payload = report();
    const first = await submitAs(worker, payload);
    clock.set(T0 + 5 * MINUTE);
    const retry = await submitAs(worker, { ...payload, description: 'Changed on the second try' });
    expect(retry).toEqual({ ...first, isDuplicate: true });
    expect(first.isDuplicate).toBe(false);
    expect((await reportOf(first.reportId))?.description).toBe(payload.description);
    expect(await notificationsOf(first.reportId)).toHaveLength(first.notifiedCount);
    expect(await activityOf(first.reportId)).toHaveLength(1);
    const own = await db.collection(`users/${worker.uid}/safetyReports`).get();
    expect(own.docs.map((doc) => doc.id)).toEqual([first.reportId]);
  });

  it('makes one report of concurrent calls, each answered with its id', async () => {
    const worker = await person('user', KIRUNA);
    clock.set(Date.parse('2026-11-20T11:30:00.000Z'));
    const payload = report({ urgency: 'lifeThreatening' });
    const answers = await Promise.all([1, 2, 3].map(async () => submitAs(worker, payload)));
    const reportId = safetyReportIdFor(worker.uid, payload.requestId as string);
    expect(answers.map((answer) => answer.reportId)).toEqual([reportId, reportId, reportId]);
    expect(answers.map((answer) => answer.isDuplicate).sort()).toEqual([false, true, true]);
    const notifiedCount = answers[0]?.notifiedCount;
    expect(answers.every((answer) => answer.notifiedCount === notifiedCount)).toBe(true);
    const notifications = await notificationsOf(reportId);
    expect(notifications).toHaveLength(notifiedCount ?? -1);
    expect(new Set(notifications.map((n) => n.recipient)).size).toBe(notifications.length);
    expect(await activityOf(reportId)).toHaveLength(1);
    const own = await db.collection(`users/${worker.uid}/safetyReports`).get();
    expect(own.size).toBe(1);
  });
});

describe('submitSafetyReport without the reporter’s name', () => {
  it('stores no reporter on the report, yet keeps who made it privately and in their own copy', async () => {
    const T0 = Date.parse('2026-11-20T12:00:00.000Z');
    clock.set(T0);
    const answer = await submitAs(reporter, report({ anonymous: true, type: 'nearMiss' }));
    const data = await reportOf(answer.reportId);
    if (!data) throw new Error('the report was not written');
    expect('reporter' in data).toBe(false);
    expect(data.anonymous).toBe(true);
    // Nothing a reader can see names the reporter: not the report, its activity nor a notification.
    const seen = JSON.stringify([
      data,
      await activityOf(answer.reportId),
      await notificationsOf(answer.reportId),
    ]);
    for (const trace of [reporter.uid, reporter.directory.name, reporter.directory.email, reporter.name]) {
      expect(seen).not.toContain(trace);
    }
    expect(await dataOf(`safetyReports/${answer.reportId}/private/reporter`)).toEqual({
      uid: reporter.uid,
      name: 'Aleksander Wiśniewski',
      email: reporter.directory.email,
      at: at(T0),
    });
    const copy = await ownCopyOf(reporter.uid, answer.reportId);
    expect(copy).toMatchObject({ id: answer.reportId, anonymous: true, status: 'open', createdAt: at(T0) });
    expect(copy && 'reporter' in copy).toBe(false);
  });
});

/**
 * Storage as the photo handling meets it: an object's real size and type (the inspector's
 * getMetadata), and a move that is a copy to the new name followed by a delete of the original
 * (https://cloud.google.com/storage/docs/copying-moving-objects), so it can fail between the two.
 */
function photoStore() {
  const objects = new Map<string, { size: number; contentType: string }>();
  let failNextDelete = false;
  return {
    objects,
    failBetweenCopyAndDelete: () => {
      failNextDelete = true;
    },
    files: { inspect: (path: string) => Promise.resolve(objects.get(path) ?? null) },
    mover: {
      move: (from: string, to: string) => {
        const object = objects.get(from);
        if (!object) return Promise.reject(Object.assign(new Error('No such object'), { code: 404 }));
        objects.set(to, object);
        if (failNextDelete) {
          failNextDelete = false;
          return Promise.reject(Object.assign(new Error('Service unavailable'), { code: 503 }));
        }
        objects.delete(from);
        return Promise.resolve();
      },
    },
  };
}

describe('submitSafetyReport with photos', () => {
  it('moves an anonymous report’s photos out of the reporter’s folder, so no path names them', async () => {
    const store = photoStore();
    const submit = createSubmitSafetyReportHandler({ ...deps, files: store.files, mover: store.mover });
    const requestId = newRequestId();
    const folder = safetyPhotosFolder(reporter.uid, requestId);
    store.objects.set(`${folder}a1-IMG_${reporter.uid}.jpg`, { size: 240_000, contentType: 'image/jpeg' });
    store.objects.set(`${folder}b2-site.png`, { size: 80_000, contentType: 'image/png' });
    const photos = [
      {
        name: `IMG_${reporter.uid}.jpg`,
        size: 1,
        contentType: 'image/jpeg',
        path: `${folder}a1-IMG_${reporter.uid}.jpg`,
      },
      { name: 'site.png', size: 1, contentType: 'image/png', path: `${folder}b2-site.png` },
    ];
    const payload = report({ requestId, anonymous: true, photos });
    const answer = await submit(await requestAs(reporter, payload));
    const data = await reportOf(answer.reportId);
    expect(data?.photos).toEqual([
      {
        name: 'photo-1.jpg',
        size: 240_000,
        contentType: 'image/jpeg',
        path: `safetyPhotos/${answer.reportId}/photo-1.jpg`,
      },
      {
        name: 'photo-2.png',
        size: 80_000,
        contentType: 'image/png',
        path: `safetyPhotos/${answer.reportId}/photo-2.png`,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain(reporter.uid);
    expect([...store.objects.keys()].sort()).toEqual([
      `safetyPhotos/${answer.reportId}/photo-1.jpg`,
      `safetyPhotos/${answer.reportId}/photo-2.png`,
    ]);
    expect((await ownCopyOf(reporter.uid, answer.reportId))?.photos).toEqual(data?.photos);
  });

  it('makes the report on a retry after a move that copied but did not delete', async () => {
    const store = photoStore();
    const submit = createSubmitSafetyReportHandler({ ...deps, files: store.files, mover: store.mover });
    const requestId = newRequestId();
    const path = `${safetyPhotosFolder(reporter.uid, requestId)}x-edge.jpg`;
    store.objects.set(path, { size: 100_000, contentType: 'image/jpeg' });
    const payload = report({
      requestId,
      photos: [{ name: 'edge.jpg', size: 1, contentType: 'image/jpeg', path }],
    });
    store.failBetweenCopyAndDelete();
    await expect(submit(await requestAs(reporter, payload))).rejects.toMatchObject({ code: 'internal' });
    const answer = await submit(await requestAs(reporter, payload));
    expect(answer.isDuplicate).toBe(false);
    expect((await reportOf(answer.reportId))?.photos).toEqual([
      {
        name: 'photo-1.jpg',
        size: 100_000,
        contentType: 'image/jpeg',
        path: `safetyPhotos/${answer.reportId}/photo-1.jpg`,
      },
    ]);
  });

  it('refuses a photo that never arrived, naming it, and makes no report', async () => {
    const store = photoStore();
    const submit = createSubmitSafetyReportHandler({ ...deps, files: store.files, mover: store.mover });
    const requestId = newRequestId();
    const path = `${safetyPhotosFolder(reporter.uid, requestId)}lost.jpg`;
    const payload = report({
      requestId,
      photos: [{ name: 'lost.jpg', size: 1, contentType: 'image/jpeg', path }],
    });
    const error = await httpsErrorOf(submit(await requestAs(reporter, payload)));
    expect(error).toMatchObject({ code: 'failed-precondition', message: 'safety.errors.photoMissing' });
    expect(await reportOf(safetyReportIdFor(reporter.uid, requestId))).toBeUndefined();
  });
});

describe('safetyReportStep with a photo', () => {
  /** The manager's "made safe" of `reportId` with the photo uploaded to `path`. */
  const madeSafeWith = (reportId: string, name: string, path: string) =>
    requestAs(manager, {
      requestId: newRequestId(),
      reportId,
      step: 'madeSafe',
      text: 'Barrier put up',
      photos: [{ name, size: 1, contentType: 'image/jpeg', path }],
    });

  it('keeps the made-safe photo on the report and the reporter’s copy, as Storage measured it', async () => {
    const store = photoStore();
    const step = createSafetyReportStepHandler({ ...deps, files: store.files });
    const { reportId } = await submitAs(reporter, report());
    const path = `${safetyStepPhotosFolder(reportId, manager.uid)}k1-after.jpg`;
    store.objects.set(path, { size: 180_000, contentType: 'image/jpeg' });
    const answer = await step(await madeSafeWith(reportId, 'after.jpg', path));
    expect(answer.status).toBe('madeSafe');
    const kept = [{ name: 'after.jpg', size: 180_000, contentType: 'image/jpeg', path }];
    expect((await reportOf(reportId))?.madeSafePhotos).toEqual(kept);
    expect((await ownCopyOf(reporter.uid, reportId))?.madeSafePhotos).toEqual(kept);
  });

  it('refuses a photo outside the handler’s own step folder of the report', async () => {
    const store = photoStore();
    const step = createSafetyReportStepHandler({ ...deps, files: store.files });
    const { reportId } = await submitAs(reporter, report());
    const path = `${safetyStepPhotosFolder(reportId, admin.uid)}k1-theirs.jpg`;
    store.objects.set(path, { size: 1000, contentType: 'image/jpeg' });
    const error = await httpsErrorOf(step(await madeSafeWith(reportId, 'theirs.jpg', path)));
    expect(error.code).toBe('invalid-argument');
    expect((await reportOf(reportId))?.status).toBe('open');
  });
});

describe('submitSafetyReport refuses', () => {
  const expectInvalid = async (user: TestUser, payload: Payload, fields: Record<string, string>) => {
    const error = await httpsErrorOf(submitAs(user, payload));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toMatchObject(fields);
    if (typeof payload.requestId === 'string') {
      const reportId = safetyReportIdFor(user.uid, payload.requestId);
      expect((await db.doc(`safetyReports/${reportId}`).get()).exists).toBe(false);
    }
  };

  it('a report without a description, of an unknown kind or with six photos', async () => {
    const worker = await person('user', KIRUNA);
    const { description: _description, ...withoutDescription } = report();
    await expectInvalid(worker, withoutDescription, { description: 'validation.required' });
    await expectInvalid(worker, report({ description: '   ' }), { description: 'validation.required' });
    await expectInvalid(worker, report({ kind: 'volcano' }), { kind: 'validation.required' });
    const requestId = newRequestId();
    const folder = safetyPhotosFolder(worker.uid, safetyReportIdFor(worker.uid, requestId));
    const six = [1, 2, 3, 4, 5, 6].map((n) => photo(`${folder}p${n}.jpg`));
    await expectInvalid(worker, report({ requestId, photos: six }), { photos: 'validation.maxFiles' });
    expect((await db.collection(`users/${worker.uid}/safetyReports`).get()).size).toBe(0);
  });

  it('photos outside the reporter’s folder of this report', async () => {
    const worker = await person('user', KIRUNA);
    const requestId = newRequestId();
    const reportId = safetyReportIdFor(worker.uid, requestId);
    const photos = [
      photo(`${safetyPhotosFolder(otherWorker.uid, reportId)}a.jpg`),
      photo(`${safetyPhotosFolder(worker.uid, 'another-report')}b.jpg`),
      photo(`${safetyPhotosFolder(worker.uid, reportId)}nested/c.jpg`),
      photo(`${safetyPhotosFolder(worker.uid, reportId)}../${reportId}x/d.jpg`),
      photo(`tickets/${worker.uid}/${reportId}/e.jpg`),
    ];
    const error = await httpsErrorOf(submitAs(worker, report({ requestId, photos })));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({
      'photos.0.path': 'validation.filePath',
      'photos.1.path': 'validation.filePath',
      'photos.2.path': 'validation.filePath',
      'photos.3.path': 'validation.filePath',
      'photos.4.path': 'validation.filePath',
    });
    expect((await db.doc(`safetyReports/${reportId}`).get()).exists).toBe(false);
    expect(await notificationsOf(reportId)).toEqual([]);
  });

  it('a signed-out caller', async () => {
    const error = await httpsErrorOf(handlers.submit(callableRequest(report())));
    expect(error.code).toBe('unauthenticated');
  });

  it('an account made through the public sign-up, as every callable refuses it', async () => {
    const stranger = await publicSignUp();
    const payload = report();
    const error = await httpsErrorOf(submitAs(stranger, payload));
    expect([error.code, error.message]).toEqual(['permission-denied', ACCOUNT_NOT_SET_UP_KEY]);
    const reportId = safetyReportIdFor(stranger.uid, payload.requestId as string);
    expect((await db.doc(`safetyReports/${reportId}`).get()).exists).toBe(false);
    expect((await db.collection(`users/${stranger.uid}/safetyReports`).get()).size).toBe(0);
  });

  it('a disabled account', async () => {
    const worker = await person('user', KIRUNA);
    const request = await requestAs(worker, report());
    await db.doc(`users/${worker.uid}`).update({ disabled: true });
    const error = await httpsErrorOf(handlers.submit(request));
    expect(error.code).toBe('unauthenticated');
    expect((await db.collection(`users/${worker.uid}/safetyReports`).get()).size).toBe(0);
  });
});

describe('safetyReportStep', () => {
  /** A new open report of the Kiruna worker, made at `when`. */
  async function openReport(when: number, extra: Payload = {}) {
    clock.set(when);
    return (await submitAs(reporter, report(extra))).reportId;
  }

  const stepNotifications = async (reportId: string) =>
    (await notificationsOf(reportId)).filter((n) => n.kind !== 'safetyReported');

  it('refuses a worker, and a Kiruna foreman who was told but does not handle reports', async () => {
    const reportId = await openReport(Date.parse('2026-11-21T08:00:00.000Z'));
    for (const user of [otherWorker, foremanKiruna, managerRevoked]) {
      const error = await httpsErrorOf(
        stepAs(user, { requestId: newRequestId(), reportId, step: 'acknowledge' }),
      );
      expect([error.code, error.message]).toEqual(['permission-denied', 'safety.errors.forbidden']);
    }
    expect((await reportOf(reportId))?.status).toBe('open');
    expect(await activityOf(reportId)).toHaveLength(1);
    expect(await stepNotifications(reportId)).toEqual([]);
  });

  it('a manager acknowledges: the report and the reporter’s copy, an entry and the reporter told', async () => {
    const T0 = Date.parse('2026-11-21T09:00:00.000Z');
    const reportId = await openReport(T0);
    const T1 = T0 + 17 * MINUTE + 20_000;
    clock.set(T1);
    const requestId = newRequestId();
    const answer = await stepAs(manager, { requestId, reportId, step: 'acknowledge' });
    expect(answer).toEqual({ reportId, status: 'acknowledged', isDuplicate: false });

    const by = { uid: manager.uid, name: manager.name, role: 'manager' };
    const changed = {
      status: 'acknowledged',
      updatedAt: at(T1),
      acknowledgedAt: at(T1),
      acknowledgedBy: by,
      minutesToAcknowledge: 17,
    };
    expect(await reportOf(reportId)).toMatchObject({ ...changed, createdAt: at(T0), madeSafeAt: null });
    expect(await ownCopyOf(reporter.uid, reportId)).toMatchObject({ ...changed, createdAt: at(T0) });
    const entries = await activityOf(reportId);
    expect(entries.find((entry) => entry.id === safetyStepIdFor(manager.uid, requestId))).toEqual({
      id: safetyStepIdFor(manager.uid, requestId),
      step: 'acknowledge',
      at: at(T1),
      by,
      text: '',
      photos: [],
    });
    expect(entries).toHaveLength(2);
    expect(await stepNotifications(reportId)).toEqual([
      {
        recipient: reporter.uid,
        safetyReportId: reportId,
        kind: 'safetyAcknowledged',
        key: 'notifications.kinds.safetyAcknowledged',
        values: { by: manager.name },
        createdAt: at(T1),
        read: false,
        expireAt: expiry(T1),
      },
    ]);

    // Another acknowledgement is refused; the same request again is answered and writes nothing.
    clock.set(T1 + 3 * MINUTE);
    const again = await httpsErrorOf(
      stepAs(admin, { requestId: newRequestId(), reportId, step: 'acknowledge' }),
    );
    expect([again.code, again.message]).toEqual(['failed-precondition', 'safety.errors.alreadyAcknowledged']);
    const retry = await stepAs(manager, { requestId, reportId, step: 'acknowledge' });
    expect(retry).toEqual({ reportId, status: 'acknowledged', isDuplicate: true });
    expect(await reportOf(reportId)).toMatchObject({ updatedAt: at(T1), acknowledgedBy: by });
    expect(await activityOf(reportId)).toHaveLength(2);
    expect(await stepNotifications(reportId)).toHaveLength(1);
  });

  it('an update needs a text; made safe records what was done; closing ends the steps', async () => {
    const T0 = Date.parse('2026-11-21T10:00:00.000Z');
    const reportId = await openReport(T0);
    await stepAs(manager, { requestId: newRequestId(), reportId, step: 'acknowledge' });

    for (const text of [undefined, '', '   ']) {
      const error = await httpsErrorOf(
        stepAs(managerPl, {
          requestId: newRequestId(),
          reportId,
          step: 'update',
          ...(text === undefined ? {} : { text }),
        }),
      );
      expect(error.code).toBe('invalid-argument');
      expect(fieldsOf(error)).toEqual({ text: 'validation.required' });
    }
    const noText = await httpsErrorOf(
      stepAs(managerPl, { requestId: newRequestId(), reportId, step: 'madeSafe' }),
    );
    expect(fieldsOf(noText)).toEqual({ text: 'validation.required' });

    const T1 = T0 + 40 * MINUTE;
    clock.set(T1);
    const madeSafe = await stepAs(managerPl, {
      requestId: newRequestId(),
      reportId,
      step: 'madeSafe',
      text: '  Rail refitted and checked by the scaffolder.  ',
    });
    expect(madeSafe).toEqual({ reportId, status: 'madeSafe', isDuplicate: false });
    const byPl = { uid: managerPl.uid, name: managerPl.name, role: 'manager_pl' };
    const safeFields = {
      status: 'madeSafe',
      madeSafeAt: at(T1),
      madeSafeBy: byPl,
      madeSafeText: 'Rail refitted and checked by the scaffolder.',
      lastUpdateText: 'Rail refitted and checked by the scaffolder.',
      // Made safe after an acknowledgement does not move it.
      acknowledgedBy: { uid: manager.uid, name: manager.name, role: 'manager' },
      minutesToAcknowledge: 0,
    };
    expect(await reportOf(reportId)).toMatchObject(safeFields);
    expect(await ownCopyOf(reporter.uid, reportId)).toMatchObject(safeFields);
    const again = await httpsErrorOf(
      stepAs(admin, { requestId: newRequestId(), reportId, step: 'madeSafe', text: 'Again' }),
    );
    expect([again.code, again.message]).toEqual(['failed-precondition', 'safety.errors.alreadyMadeSafe']);

    const T2 = T1 + 60 * MINUTE;
    clock.set(T2);
    const closed = await stepAs(admin, { requestId: newRequestId(), reportId, step: 'close' });
    expect(closed).toEqual({ reportId, status: 'closed', isDuplicate: false });
    const closedFields = {
      status: 'closed',
      closedAt: at(T2),
      closedBy: { uid: admin.uid, name: admin.name, role: 'admin' },
      madeSafeText: 'Rail refitted and checked by the scaffolder.',
    };
    expect(await reportOf(reportId)).toMatchObject(closedFields);
    expect(await ownCopyOf(reporter.uid, reportId)).toMatchObject(closedFields);

    for (const step of ['acknowledge', 'update', 'madeSafe', 'close']) {
      const error = await httpsErrorOf(
        stepAs(manager, { requestId: newRequestId(), reportId, step, text: 'After closing' }),
      );
      expect([step, error.code, error.message]).toEqual([
        step,
        'failed-precondition',
        'safety.errors.closed',
      ]);
    }
    expect((await stepNotifications(reportId)).map((n) => n.kind).sort()).toEqual([
      'safetyAcknowledged',
      'safetyClosed',
      'safetyMadeSafe',
    ]);
    // reported, acknowledge, madeSafe, close: the refused steps left nothing.
    expect(await activityOf(reportId)).toHaveLength(4);
  });

  it('made safe on an open report acknowledges it too', async () => {
    const T0 = Date.parse('2026-11-21T11:00:00.000Z');
    const reportId = await openReport(T0, { urgency: 'lifeThreatening' });
    const T1 = T0 + 6 * MINUTE;
    clock.set(T1);
    await stepAs(foremanGranted, {
      requestId: newRequestId(),
      reportId,
      step: 'madeSafe',
      text: 'Area fenced off.',
    });
    const by = { uid: foremanGranted.uid, name: foremanGranted.name, role: 'foreman' };
    expect(await reportOf(reportId)).toMatchObject({
      status: 'madeSafe',
      acknowledgedAt: at(T1),
      acknowledgedBy: by,
      madeSafeBy: by,
      minutesToAcknowledge: 6,
    });
    expect(await ownCopyOf(reporter.uid, reportId)).toMatchObject({
      status: 'madeSafe',
      minutesToAcknowledge: 6,
    });
  });

  it('answers an unknown report not-found', async () => {
    const error = await httpsErrorOf(
      stepAs(manager, { requestId: newRequestId(), reportId: `no-such-${run}`, step: 'acknowledge' }),
    );
    expect([error.code, error.message]).toEqual(['not-found', 'safety.errors.notFound']);
    expect((await db.doc(`safetyReports/no-such-${run}`).get()).exists).toBe(false);
  });

  it('keeps an anonymous reporter’s copy in step but writes them no notification', async () => {
    const T0 = Date.parse('2026-11-21T12:00:00.000Z');
    const reportId = await openReport(T0, { anonymous: true });
    clock.set(T0 + 9 * MINUTE);
    await stepAs(manager, { requestId: newRequestId(), reportId, step: 'acknowledge' });
    expect(await ownCopyOf(reporter.uid, reportId)).toMatchObject({
      status: 'acknowledged',
      minutesToAcknowledge: 9,
      acknowledgedBy: { uid: manager.uid, name: manager.name, role: 'manager' },
    });
    clock.set(T0 + 30 * MINUTE);
    await stepAs(manager, {
      requestId: newRequestId(),
      reportId,
      step: 'update',
      text: 'Scaffolder on the way.',
    });
    await stepAs(manager, { requestId: newRequestId(), reportId, step: 'close' });
    expect(await ownCopyOf(reporter.uid, reportId)).toMatchObject({
      status: 'closed',
      lastUpdateText: 'Scaffolder on the way.',
    });
    expect(await stepNotifications(reportId)).toEqual([]);
    const toReporter = await db
      .collection('notifications')
      .where('safetyReportId', '==', reportId)
      .where('recipient', '==', reporter.uid)
      .get();
    expect(toReporter.size).toBe(0);
    expect('reporter' in ((await reportOf(reportId)) ?? {})).toBe(false);
  });
});

describe('revealSafetyReporter', () => {
  it('refuses a manager and writes no audit entry', async () => {
    clock.set(Date.parse('2026-11-22T08:00:00.000Z'));
    const { reportId } = await submitAs(reporter, report({ anonymous: true }));
    for (const user of [manager, managerPl, otherWorker]) {
      const error = await httpsErrorOf(revealAs(user, { reportId }));
      expect([error.code, error.message]).toEqual(['permission-denied', 'safety.errors.forbidden']);
    }
    expect(await auditEntriesOf(reportId)).toEqual([]);
  });

  it('tells an admin who made an anonymous report, and audits it', async () => {
    clock.set(Date.parse('2026-11-22T09:00:00.000Z'));
    const { reportId } = await submitAs(reporter, report({ anonymous: true }));
    const T1 = Date.parse('2026-11-22T09:15:00.000Z');
    clock.set(T1);
    expect(await revealAs(admin, { reportId })).toEqual({
      uid: reporter.uid,
      name: 'Aleksander Wiśniewski',
      email: reporter.directory.email,
    });
    expect(await auditEntriesOf(reportId)).toEqual([
      {
        at: at(T1),
        action: 'viewSafetyReporter',
        by: { uid: admin.uid, email: admin.email, name: admin.name, role: 'admin' },
        target: { uid: reporter.uid, email: reporter.directory.email, safetyReportId: reportId },
        changes: {},
      },
    ]);
  });

  it('answers an unknown report not-found, with no audit entry', async () => {
    const reportId = `no-such-${run}`;
    const error = await httpsErrorOf(revealAs(admin, { reportId }));
    expect([error.code, error.message]).toEqual(['not-found', 'safety.errors.notFound']);
    expect(await auditEntriesOf(reportId)).toEqual([]);
  });
});

describe('who is told: accounts staff did not make', () => {
  it('tells no account whose users record links no directory worker, whatever its role', async () => {
    // Such a record gives no power anywhere (no callable, no rule lets it read the report), so it
    // must not be told either: it would inflate "sent to N people" and get the push of the report.
    const noWorker = await createTestAccount('admin', { workerId: null });
    try {
      const answer = await submitAs(reporter, report({ urgency: 'lifeThreatening' }));
      const readers = await readersOf(answer.reportId);
      expect(readers).not.toContain(noWorker.uid);
      expect((await notificationsOf(answer.reportId)).map((n) => n.recipient)).not.toContain(noWorker.uid);
    } finally {
      // Later reports (other test files' too) would tell it as well.
      await db.doc(`users/${noWorker.uid}`).delete();
    }
  });
});
