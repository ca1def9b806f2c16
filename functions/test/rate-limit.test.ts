// Abuse limits through the real handlers on the Firestore emulator: the call
// over the limit is refused with the minutes to wait, retries of the same request are free, the
// window slides with the injected clock, and the counter is one transaction.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createResetUserPasswordHandler } from '../src/callable/admin/reset-user-password.js';
import type { PasswordResetMailer } from '../src/callable/admin/reset-link.js';
import { createSubmitBugReportHandler } from '../src/callable/bug-reports/submit-bug-report.js';
import { rateLimitPath } from '../src/callable/rate-limit.js';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import { createAddTicketUpdateHandler } from '../src/callable/tickets/add-ticket-update.js';
import { createAttachTicketFilesHandler } from '../src/callable/tickets/attach-ticket-files.js';
import { createChangeTicketStatusHandler } from '../src/callable/tickets/change-ticket-status.js';
import { createMarkNotificationsReadHandler } from '../src/callable/notifications/mark-notifications-read.js';
import { createRegisterPushDeviceHandler } from '../src/callable/push/register-push-device.js';
import { createUnregisterPushDeviceHandler } from '../src/callable/push/unregister-push-device.js';
import { createSetAccountStatusHandler } from '../src/callable/admin/set-account-status.js';
import { UPLOAD_QUOTA_COLLECTION } from '../src/callable/upload-quota.js';
import { pushDeviceId } from '../src/push/push-devices.js';
import { RATE_LIMITS, type RateLimitedOperation } from '../src/domain/rate-limits.js';
import { UPLOAD_QUOTA } from '../src/domain/upload-quota.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import type { FileInspector } from '../src/storage/file-inspector.js';
import { type Account, account, auditEntries, requestAs } from '../testing/admin-accounts-fixtures.js';
import {
  type TestAccount,
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  createTestUser,
  httpsErrorOf,
  newRequestId,
  recordingLogger,
} from '../testing/helpers.js';

const MINUTE = 60_000;
const START = Date.parse('2026-11-20T10:00:00.000Z');
const db = adminDb();
const logger = recordingLogger();

/** A clock the handlers read; tests move it. */
function testClock() {
  const clock = { at: START, now: () => clock.at };
  return clock;
}

const noFiles: FileInspector = { inspect: () => Promise.resolve(null) };

/** A worker account as staff make it: its record links a directory worker. */
async function worker(): Promise<TestUser> {
  const user = await createTestUser();
  const workerId = `w-rate-${user.uid}`;
  await db.doc(`workers/${workerId}`).set({ name: 'Piotr Kowalczyk', email: user.email });
  await db.doc(`users/${user.uid}`).set({
    name: 'Piotr Kowalczyk',
    role: 'user',
    workerId,
    assignedPermissions: [],
    revokedPermissions: [],
  });
  return user;
}

const ticket = (requestId = newRequestId()) => ({
  requestId,
  category: 'accommodation',
  subcategory: 'repair',
  description: `Rate limit test ${randomUUID().slice(0, 6)}: the window does not close`,
  attachments: [],
  address: 'Sickla Kanalgata 8, 131 34 Nacka',
});

const bugReport = (requestId = newRequestId()) => ({
  requestId,
  page: '/profile',
  description: 'The profile page shows the wrong site',
  steps: '',
  expected: '',
  actual: '',
  browser: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
  appVersion: '1.0.0+abc123',
  attachments: [],
});

const hitsOf = async (subject: string, operation: RateLimitedOperation) =>
  ((await db.doc(rateLimitPath(subject, operation)).get()).get('hits') as unknown[] | undefined) ?? [];

const ticketsOf = async (uid: string) =>
  (await db.collection('tickets').where('createdBy', '==', uid).get()).size;

/** Expects the refusal of a limited call: resource-exhausted, the translation key and the wait. */
async function expectTooMany(call: Promise<unknown>, retryAfterMinutes: number) {
  const error = await httpsErrorOf(call);
  expect(error.code).toBe('resource-exhausted');
  expect(error.message).toBe('errors.tooManyRequests');
  expect(error.details).toEqual({ retryAfterMinutes });
}

describe('submitTicket: at most RATE_LIMITS.submitTicket tickets per account and hour', () => {
  const { limit } = RATE_LIMITS.submitTicket;

  async function setUp() {
    const clock = testClock();
    const submit = createSubmitTicketHandler({ db, logger, now: clock.now });
    const user = await worker();
    const auth = await callableAuth(user);
    return { clock, user, submit: (data: unknown) => submit(callableRequest(data, auth)) };
  }

  it('refuses the call over the limit with the minutes until a place frees, and creates nothing', async () => {
    const { clock, user, submit } = await setUp();
    expect(limit).toBe(20);
    for (let index = 0; index < limit; index += 1) {
      clock.at = START + index * MINUTE;
      expect((await submit(ticket())).isDuplicate).toBe(false);
    }
    clock.at = START + 25 * MINUTE;
    // The first ticket (at START) leaves the hour at START + 60 minutes: 35 minutes from now.
    await expectTooMany(submit(ticket()), 35);
    expect(await ticketsOf(user.uid)).toBe(limit);
    expect(await hitsOf(user.uid, 'submitTicket')).toHaveLength(limit);

    // Half a minute before the first hit leaves, the wait reads one minute, not zero.
    clock.at = START + 60 * MINUTE - 30_000;
    await expectTooMany(submit(ticket()), 1);
  });

  it('lets a retry of the same requestId through at the limit, counting it once, before and after the hour', async () => {
    const { clock, user, submit } = await setUp();
    const first = ticket();
    const created = await submit(first);
    for (let index = 1; index < limit; index += 1) await submit(ticket());
    await expectTooMany(submit(ticket()), 60);

    expect(await submit(first)).toEqual({ ...created, isDuplicate: true });
    expect(await submit({ ...first, description: 'Edited before the retry' })).toEqual({
      ...created,
      isDuplicate: true,
    });
    expect(await hitsOf(user.uid, 'submitTicket')).toHaveLength(limit);

    // After the hour the ticket still answers the retry, and the retry takes no place.
    clock.at = START + 61 * MINUTE;
    expect(await submit(first)).toEqual({ ...created, isDuplicate: true });
    expect(await hitsOf(user.uid, 'submitTicket')).toHaveLength(limit);
    expect(await ticketsOf(user.uid)).toBe(limit);
  });

  it('lets calls through again once the window has passed', async () => {
    const { clock, user, submit } = await setUp();
    for (let index = 0; index < limit; index += 1) await submit(ticket());
    await expectTooMany(submit(ticket()), 60);

    clock.at = START + 60 * MINUTE;
    expect((await submit(ticket())).isDuplicate).toBe(false);
    // The hour-old hits are dropped: the account starts over with this one.
    expect(await hitsOf(user.uid, 'submitTicket')).toHaveLength(1);
    expect(await ticketsOf(user.uid)).toBe(limit + 1);
  });

  it('lets exactly one of two concurrent calls take the last place', async () => {
    const { user, submit } = await setUp();
    for (let index = 0; index < limit - 1; index += 1) await submit(ticket());

    const outcomes = await Promise.allSettled([submit(ticket()), submit(ticket())]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    await expectTooMany(Promise.reject(refused?.reason), 60);
    expect(await ticketsOf(user.uid)).toBe(limit);
    expect(await hitsOf(user.uid, 'submitTicket')).toHaveLength(limit);
  });

  it('counts a request once when its first attempts run at the same time', async () => {
    const { user, submit } = await setUp();
    const data = ticket();
    const results = await Promise.all([submit(data), submit(data), submit(data)]);
    expect(new Set(results.map((result) => result.ticketId)).size).toBe(1);
    expect(await hitsOf(user.uid, 'submitTicket')).toHaveLength(1);
  });

  it('counts per account: another worker is not refused', async () => {
    const { submit } = await setUp();
    for (let index = 0; index < limit; index += 1) await submit(ticket());
    await expectTooMany(submit(ticket()), 60);
    const other = await setUp();
    expect((await other.submit(ticket())).isDuplicate).toBe(false);
  });
});

describe('submitBugReport: at most RATE_LIMITS.submitBugReport reports per account and hour', () => {
  const { limit } = RATE_LIMITS.submitBugReport;

  it('refuses the report over the limit, lets retries through, and again after the hour', async () => {
    expect(limit).toBe(10);
    const clock = testClock();
    const handler = createSubmitBugReportHandler({ db, logger, now: clock.now, files: noFiles });
    const user = await worker();
    const auth = await callableAuth(user);
    const submit = (data: unknown) => handler(callableRequest(data, auth));

    const first = bugReport();
    const { reportId } = await submit(first);
    for (let index = 1; index < limit; index += 1) {
      clock.at = START + index * MINUTE;
      await submit(bugReport());
    }
    await expectTooMany(submit(bugReport()), 51);
    expect(await submit(first)).toEqual({ reportId });
    expect(await hitsOf(user.uid, 'submitBugReport')).toHaveLength(limit);
    const reports = await db.collection('bugReports').where('reporter.uid', '==', user.uid).get();
    expect(reports.size).toBe(limit);

    clock.at = START + 60 * MINUTE;
    await submit(bugReport());
    expect(await hitsOf(user.uid, 'submitBugReport')).toHaveLength(limit);
  });
});

describe('resetUserPassword: limited per caller and per target account', () => {
  function setUp() {
    const clock = testClock();
    const sent: string[] = [];
    const mailer: PasswordResetMailer = {
      send: (email) => {
        sent.push(email);
        return Promise.resolve({ link: null });
      },
    };
    const handler = createResetUserPasswordHandler({
      db,
      auth: adminAuth(),
      logger,
      now: clock.now,
      mailer,
    });
    const reset = async (caller: Account, target: Account) =>
      handler(await requestAs(caller, { uid: target.uid }));
    return { clock, sent, reset };
  }

  it(`sends at most ${RATE_LIMITS.resetUserPasswordTarget.limit} e-mails an hour to one account, whoever asks`, async () => {
    const { clock, sent, reset } = setUp();
    const [manager, other, target] = await Promise.all([
      account('manager'),
      account('manager_pl'),
      account('user'),
    ]);
    for (let index = 0; index < RATE_LIMITS.resetUserPasswordTarget.limit; index += 1) {
      clock.at = START + index * 10 * MINUTE;
      await reset(index % 2 === 0 ? manager : other, target);
    }
    await expectTooMany(reset(other, target), 40);
    expect(sent).toHaveLength(RATE_LIMITS.resetUserPasswordTarget.limit);
    expect(await auditEntries({ uid: target.uid })).toHaveLength(RATE_LIMITS.resetUserPasswordTarget.limit);

    clock.at = START + 60 * MINUTE;
    await reset(other, target);
    expect(sent).toHaveLength(RATE_LIMITS.resetUserPasswordTarget.limit + 1);
  });

  it(`refuses a caller's reset number ${RATE_LIMITS.resetUserPassword.limit + 1} in an hour, counting it for nobody`, async () => {
    const { sent, reset } = setUp();
    const { limit } = RATE_LIMITS.resetUserPassword;
    const manager = await account('manager');
    const targets = await Promise.all(Array.from({ length: limit + 1 }, () => account('user')));
    for (const target of targets.slice(0, limit)) await reset(manager, target);
    const last = targets[limit] as Account;

    await expectTooMany(reset(manager, last), 60);
    expect(sent).toHaveLength(limit);
    expect(await auditEntries({ uid: last.uid })).toEqual([]);
    expect(await hitsOf(last.uid, 'resetUserPasswordTarget')).toEqual([]);
  });

  it('leaves the refused call uncounted when only the target is full', async () => {
    const { reset } = setUp();
    const [manager, target] = await Promise.all([account('manager'), account('user')]);
    for (let index = 0; index < RATE_LIMITS.resetUserPasswordTarget.limit; index += 1) {
      await reset(manager, target);
    }
    await expectTooMany(reset(manager, target), 60);
    expect(await hitsOf(manager.uid, 'resetUserPassword')).toHaveLength(
      RATE_LIMITS.resetUserPasswordTarget.limit,
    );
  });
});

/** A staff-made account (linked to a directory worker) of `role`. */
const member = (role: 'user' | 'manager' | 'admin') =>
  createTestAccount(role, { workerId: `w-rate-${randomUUID().slice(0, 8)}` });

/** Fills `operation`'s counter of `uid` to its limit with calls made at START. */
async function fillCounter(uid: string, operation: RateLimitedOperation) {
  const hits = Array.from({ length: RATE_LIMITS[operation].limit }, (_, index) => ({
    at: START + index,
    key: null,
  }));
  await db.doc(rateLimitPath(uid, operation)).set({ hits });
}

describe('every callable that writes or notifies counts in its own limit', () => {
  const clock = testClock();
  const deps = { db, logger, now: clock.now, auth: adminAuth() };
  const as = async (user: TestAccount, data: unknown) => callableRequest(data, await callableAuth(user));

  it('registerPushDevice: the call over the limit stores no device', async () => {
    expect(RATE_LIMITS.registerPushDevice.limit).toBe(20);
    const register = createRegisterPushDeviceHandler(deps);
    const user = await member('user');
    const request = await as(user, { token: 'fcm-token-1', language: 'pl' });
    for (let index = 0; index < RATE_LIMITS.registerPushDevice.limit; index += 1) {
      clock.at = START + index * MINUTE;
      await register(request);
    }
    await db.doc(`users/${user.uid}/pushDevices/${pushDeviceId('fcm-token-1')}`).delete();
    await expectTooMany(register(request), 41);
    expect((await db.doc(`users/${user.uid}/pushDevices/${pushDeviceId('fcm-token-1')}`).get()).exists).toBe(
      false,
    );
  });

  it.each([
    ['unregisterPushDevice', createUnregisterPushDeviceHandler(deps), { token: 'fcm-token-1' }],
    ['markNotificationsRead', createMarkNotificationsReadHandler(deps), { all: true }],
  ] as const)('%s: refused once the account’s hour is full', async (operation, handler, payload) => {
    clock.at = START + 10 * MINUTE;
    const user = await member('user');
    await fillCounter(user.uid, operation);
    await expectTooMany(handler(await as(user, payload)), 50);
    // Another account is not refused.
    await handler(await as(await member('user'), payload));
  });

  it('changeTicketStatus: the refused change leaves the ticket as it was', async () => {
    clock.at = START + 10 * MINUTE;
    const change = createChangeTicketStatusHandler(deps);
    const [owner, manager] = await Promise.all([member('user'), member('manager')]);
    const ticketId = `rl-${randomUUID().slice(0, 12)}`;
    await db.doc(`tickets/${ticketId}`).set({ status: 'new', createdBy: owner.uid, archived: false });
    await fillCounter(manager.uid, 'changeTicketStatus');
    await expectTooMany(change(await as(manager, { ticketId, status: 'inProgress' })), 50);
    expect((await db.doc(`tickets/${ticketId}`).get()).get('status')).toBe('new');
  });

  it('setAccountStatus: an admin operation is limited too, before anything is read or written', async () => {
    clock.at = START + 10 * MINUTE;
    const [manager, target] = await Promise.all([member('admin'), member('user')]);
    await fillCounter(manager.uid, 'setAccountStatus');
    const setStatus = createSetAccountStatusHandler(deps);
    await expectTooMany(setStatus(await as(manager, { uid: target.uid, disabled: true })), 50);
    expect((await adminAuth().getUser(target.uid)).disabled).toBe(false);
  });

  it('addTicketUpdate: a retry of a counted requestId is not refused at the limit', async () => {
    clock.at = START + 10 * MINUTE;
    const add = createAddTicketUpdateHandler(deps);
    const owner = await member('user');
    const ticketId = `rl-${randomUUID().slice(0, 12)}`;
    await db.doc(`tickets/${ticketId}`).set({ status: 'new', createdBy: owner.uid, archived: false });
    const { limit } = RATE_LIMITS.addTicketUpdate;
    await db.doc(rateLimitPath(owner.uid, 'addTicketUpdate')).set({
      hits: Array.from({ length: limit - 1 }, (_, index) => ({ at: START + index, key: null })),
    });
    const update = { ticketId, requestId: newRequestId(), text: 'The window is still open' };
    const first = await add(await as(owner, update)).catch((error: unknown) => error);
    // Whatever the update's own answer, the request took the last place and a retry is free.
    expect(await hitsOf(owner.uid, 'addTicketUpdate')).toHaveLength(limit);
    const retry = await add(await as(owner, update)).catch((error: unknown) => error);
    expect(retry).toEqual(
      first instanceof Error ? expect.anything() : { ...(first as object), isDuplicate: true },
    );
    await expectTooMany(add(await as(owner, { ...update, requestId: newRequestId() })), 50);
  });
});

describe('the upload quota: UPLOAD_QUOTA files and bytes per account and day', () => {
  const MB = 1024 * 1024;
  const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const clock = testClock();
  /** Every path holds a JPEG of 4 MB. */
  const files: FileInspector = {
    inspect: () => Promise.resolve({ size: 4 * MB, contentType: 'image/jpeg', head: JPEG }),
  };

  async function ownTicket(user: TestAccount) {
    const ticketId = `rl-${randomUUID().slice(0, 12)}`;
    await db
      .doc(`tickets/${ticketId}`)
      .set({ status: 'new', createdBy: user.uid, archived: false, attachments: [] });
    return ticketId;
  }
  const jpegIn = (user: TestAccount, ticketId: string, name: string) => ({
    name,
    path: `tickets/${user.uid}/${ticketId}/${name}`,
    size: 4 * MB,
    contentType: 'image/jpeg',
  });
  /** The account's day so far: `count` files of `mb` MB, counted at START. */
  async function usedToday(uid: string, count: number, mb: number) {
    const uploads = Array.from({ length: count }, (_, index) => ({
      path: `earlier/${index}`,
      size: mb * MB,
      at: START,
    }));
    await db.doc(`${UPLOAD_QUOTA_COLLECTION}/${uid}`).set({ uploads });
  }

  it('counts attached files with their real sizes, and refuses the file that would pass the bytes', async () => {
    expect(UPLOAD_QUOTA).toEqual({ files: 60, bytes: 200 * MB, windowMs: 24 * 60 * MINUTE });
    clock.at = START + 60 * MINUTE;
    const attach = createAttachTicketFilesHandler({ db, logger, now: clock.now, files });
    const user = await member('user');
    const ticketId = await ownTicket(user);
    await usedToday(user.uid, 48, 4); // 192 MB: room for two more 4 MB files, not three
    const auth = await callableAuth(user);
    const call = (names: string[]) =>
      attach(callableRequest({ ticketId, files: names.map((name) => jpegIn(user, ticketId, name)) }, auth));

    await expectTooMany(call(['a.jpg', 'b.jpg', 'c.jpg']), 24 * 60 - 60);
    expect((await db.doc(`tickets/${ticketId}`).get()).get('attachments')).toEqual([]);
    expect((await call(['a.jpg', 'b.jpg'])).attachments).toHaveLength(2);
    // The same files again are not counted twice; a new one is refused.
    expect((await call(['a.jpg'])).attachments).toHaveLength(2);
    await expectTooMany(call(['c.jpg']), 24 * 60 - 60);

    // A day after the earlier uploads, there is room again.
    clock.at = START + 24 * 60 * MINUTE;
    expect((await call(['c.jpg'])).attachments).toHaveLength(3);
  });

  it('is one quota across bug reports and tickets, and refuses a ticket whose announced files do not fit', async () => {
    clock.at = START + 60 * MINUTE;
    const user = await member('user');
    await usedToday(user.uid, UPLOAD_QUOTA.files - 1, 1);
    const auth = await callableAuth(user);
    const report = createSubmitBugReportHandler({ db, logger, now: clock.now, files });
    const requestId = newRequestId();
    const screenshot = {
      name: 's.jpg',
      path: `bug-reports/${user.uid}/${requestId}/s.jpg`,
      size: 4 * MB,
      contentType: 'image/jpeg',
    };
    await report(callableRequest({ ...bugReport(requestId), attachments: [screenshot] }, auth));

    const submit = createSubmitTicketHandler({ db, logger, now: clock.now });
    await expectTooMany(
      submit(
        callableRequest(
          { ...ticket(), attachments: [{ name: 'a.jpg', size: 4 * MB, contentType: 'image/jpeg' }] },
          auth,
        ),
      ),
      24 * 60 - 60,
    );
    expect(await ticketsOf(user.uid)).toBe(0);
    // Without files the ticket goes through.
    expect((await submit(callableRequest(ticket(), auth))).isDuplicate).toBe(false);
  });
});
