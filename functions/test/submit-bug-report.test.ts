import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { bugReportIdFor } from '../src/callable/bug-reports/bug-report-writer.js';
import { createSubmitBugReportHandler } from '../src/callable/bug-reports/submit-bug-report.js';
import { bugReportFilesFolder } from '../src/domain/index.js';
import { adminDb } from '../src/firebase.js';
import { submitBugReport } from '../src/index.js';
import type { FileInspector, InspectedFile } from '../src/storage/file-inspector.js';
import {
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  fieldsOf,
  httpsErrorOf,
  newRequestId,
  recordingLogger,
} from '../testing/helpers.js';

const NOW = Date.parse('2026-11-21T08:30:00.000Z');
const MB = 1024 * 1024;

const db = adminDb();
const logger = recordingLogger();

type Payload = Record<string, unknown>;

/** A Storage stand-in: what each path "really" holds, and which paths were asked about. */
function fakeStorage(objects: Record<string, InspectedFile> = {}) {
  const asked: string[] = [];
  const inspector: FileInspector = {
    inspect: (path) => {
      asked.push(path);
      return Promise.resolve(objects[path] ?? null);
    },
  };
  return { asked, inspector };
}

const handlerWith = (inspector: FileInspector) =>
  createSubmitBugReportHandler({ db, logger, now: () => NOW, files: inspector });

async function submitAs(user: TestUser, data: unknown, inspector: FileInspector = fakeStorage().inspector) {
  return handlerWith(inspector)(callableRequest(data, await callableAuth(user)));
}

/** A staff-made worker (createTestAccount) with a name in users/{uid}, as the seed and the admin screens create them. */
async function worker(users: Payload = {}) {
  return createTestAccount('user', { name: 'Marta Wiśniewska', ...users });
}

const report = (extra: Payload = {}): Payload => ({
  requestId: newRequestId(),
  page: '/ticket-history?status=new',
  description: '  The list stays empty after choosing a status  ',
  steps: '1. Open ticket history\n2. Choose "New"',
  expected: 'My new tickets',
  actual: 'An empty list',
  browser: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
  appVersion: '1.0.0+abc123',
  attachments: [],
  ...extra,
});

/** A client-side description of an upload in the reporter's folder of that request. */
const upload = (user: TestUser, requestId: string, name: string, size = 1000, contentType = 'image/png') => ({
  name,
  size,
  contentType,
  path: `${bugReportFilesFolder(user.uid, requestId)}${name}`,
});

const stored = async (reportId: string) => (await db.doc(`bugReports/${reportId}`).get()).data();
/** Every report of a user. */
const reportsOf = async (uid: string) =>
  (await db.collection('bugReports').where('reporter.uid', '==', uid).get()).docs;

describe('submitBugReport: a valid report', () => {
  it('stores the report with what Storage reports about the files, the reporter and the clock', async () => {
    const user = await worker();
    const data = report();
    const requestId = data.requestId as string;
    const screenshot = upload(user, requestId, 'screen.png', 10);
    const log = upload(user, requestId, 'log.pdf', 10, 'application/pdf');
    const storage = fakeStorage({
      [screenshot.path]: { size: 204_800, contentType: 'image/png' },
      [log.path]: { size: 51_200, contentType: 'application/pdf' },
    });
    const result = await submitAs(user, { ...data, attachments: [screenshot, log] }, storage.inspector);

    expect(result).toEqual({ reportId: bugReportIdFor(user.uid, requestId) });
    expect(storage.asked).toEqual([screenshot.path, log.path]);
    expect(await stored(result.reportId)).toEqual({
      page: '/ticket-history?status=new',
      description: 'The list stays empty after choosing a status',
      steps: '1. Open ticket history\n2. Choose "New"',
      expected: 'My new tickets',
      actual: 'An empty list',
      browser: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
      appVersion: '1.0.0+abc123',
      attachments: [
        { name: 'screen.png', path: screenshot.path, size: 204_800, contentType: 'image/png' },
        { name: 'log.pdf', path: log.path, size: 51_200, contentType: 'application/pdf' },
      ],
      reporter: { uid: user.uid, name: 'Marta Wiśniewska', email: user.email },
      createdAt: Timestamp.fromMillis(NOW),
    });
  });

  it('stores empty texts for the optional fields that were left out', async () => {
    const user = await worker();
    const requestId = newRequestId();
    const result = await submitAs(user, { requestId, description: 'Crash on login' });
    expect(await stored(result.reportId)).toMatchObject({
      page: '',
      description: 'Crash on login',
      steps: '',
      expected: '',
      actual: '',
      browser: '',
      appVersion: '',
      attachments: [],
    });
  });

  it('works through the exported onCall function, as the runtime calls it', async () => {
    const user = await worker();
    const data = report();
    const result = await submitBugReport.run(callableRequest(data, await callableAuth(user)));
    expect(result).toEqual({ reportId: bugReportIdFor(user.uid, data.requestId as string) });
    expect(await stored(result.reportId)).toMatchObject({
      description: 'The list stays empty after choosing a status',
      reporter: { uid: user.uid, name: 'Marta Wiśniewska', email: user.email },
    });
  });
});

describe('submitBugReport: refused calls', () => {
  it('answers invalid-argument with the field keys of the domain schema', async () => {
    const user = await worker();
    const error = await httpsErrorOf(
      submitAs(
        user,
        report({
          requestId: 'not/valid',
          description: '   ',
          page: 'p'.repeat(301),
          steps: 's'.repeat(4001),
          browser: 42,
          attachments: [{ name: 'virus.exe', size: 10, contentType: 'application/x-msdownload', path: 'x' }],
        }),
      ),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid bug report');
    expect(fieldsOf(error)).toEqual({
      requestId: 'validation.requestId',
      description: 'validation.required',
      page: 'validation.maxChars:300',
      steps: 'validation.maxChars:4000',
      browser: 'validation.invalid',
      'attachments.0.contentType': 'validation.fileType',
    });
    expect(await reportsOf(user.uid)).toEqual([]);
  });

  it('refuses a call without auth with unauthenticated', async () => {
    const error = await httpsErrorOf(submitBugReport.run(callableRequest(report())));
    expect(error.code).toBe('unauthenticated');
  });

  it('refuses a worker whose SUBMIT_BUG_REPORT is revoked with permission-denied', async () => {
    const user = await worker({ revokedPermissions: ['SUBMIT_BUG_REPORT'] });
    const error = await httpsErrorOf(submitAs(user, report()));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('bugReport.errors.forbidden');
    expect(await reportsOf(user.uid)).toEqual([]);
  });

  it.each([
    ['another user’s folder', (_u: TestUser, r: string) => `bug-reports/someone-else/${r}/screen.png`],
    ['another request’s folder', (u: TestUser) => `${bugReportFilesFolder(u.uid, newRequestId())}screen.png`],
    ['a ticket folder', (u: TestUser, r: string) => `tickets/${u.uid}/${r}/screen.png`],
    [
      'a path climbing out with ..',
      (u: TestUser, r: string) => `${bugReportFilesFolder(u.uid, r)}../x/a.png`,
    ],
    ['a sub-folder', (u: TestUser, r: string) => `${bugReportFilesFolder(u.uid, r)}sub/screen.png`],
    ['the folder itself', (u: TestUser, r: string) => bugReportFilesFolder(u.uid, r)],
  ])('refuses an attachment in %s before asking Storage', async (_name, pathOf) => {
    const user = await worker();
    const data = report();
    const requestId = data.requestId as string;
    const good = upload(user, requestId, 'ok.png');
    const bad = { ...good, path: pathOf(user, requestId) };
    const storage = fakeStorage({
      [good.path]: { size: 1, contentType: 'image/png' },
      [bad.path]: { size: 1, contentType: 'image/png' },
    });
    const error = await httpsErrorOf(
      submitAs(user, { ...data, attachments: [good, bad] }, storage.inspector),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'attachments.1.path': 'validation.filePath' });
    expect(storage.asked).toEqual([]);
    expect(await reportsOf(user.uid)).toEqual([]);
  });

  it('refuses a file whose real size is over 5 MB, whatever the client claimed', async () => {
    const user = await worker();
    const data = report();
    const requestId = data.requestId as string;
    const small = upload(user, requestId, 'small.png', 1000);
    const big = upload(user, requestId, 'big.png', 1000);
    const storage = fakeStorage({
      [small.path]: { size: 1000, contentType: 'image/png' },
      [big.path]: { size: 5 * MB + 1, contentType: 'image/png' },
    });
    const error = await httpsErrorOf(
      submitAs(user, { ...data, attachments: [small, big] }, storage.inspector),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'attachments.1.size': 'validation.fileTooLarge' });
    expect(await reportsOf(user.uid)).toEqual([]);
  });

  it('refuses a file whose real type is not an image or PDF', async () => {
    const user = await worker();
    const data = report();
    const file = upload(user, data.requestId as string, 'screen.png');
    const storage = fakeStorage({ [file.path]: { size: 10, contentType: 'text/html' } });
    const error = await httpsErrorOf(submitAs(user, { ...data, attachments: [file] }, storage.inspector));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'attachments.0.contentType': 'validation.fileType' });
  });

  it.each([
    ['an SVG sent as a PNG', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a page sent as a PNG', 'image/png', Buffer.from('<!DOCTYPE html><script>')],
    ['a JPEG sent as a PNG', 'image/png', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
  ])('refuses a file whose first bytes are not its type: %s', async (_case, contentType, head) => {
    const user = await worker();
    const data = report();
    const requestId = data.requestId as string;
    const good = upload(user, requestId, 'log.pdf', 100, 'application/pdf');
    const bad = upload(user, requestId, 'screen.png', 100, contentType);
    const storage = fakeStorage({
      [good.path]: { size: 100, contentType: 'application/pdf', head: Buffer.from('%PDF-1.4\n') },
      [bad.path]: { size: 100, contentType, head },
    });
    const error = await httpsErrorOf(
      submitAs(user, { ...data, attachments: [good, bad] }, storage.inspector),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'attachments.1.contentType': 'validation.fileType' });
    expect(await reportsOf(user.uid)).toEqual([]);
  });

  it('refuses an SVG by its declared type and by a name that contradicts the real type', async () => {
    const user = await worker();
    const data = report();
    const requestId = data.requestId as string;
    const svg = { ...upload(user, requestId, 'drawing.svg'), contentType: 'image/svg+xml' };
    const schemaError = await httpsErrorOf(submitAs(user, { ...data, attachments: [svg] }));
    expect(fieldsOf(schemaError)).toEqual({ 'attachments.0.contentType': 'validation.fileType' });

    const renamed = { ...upload(user, requestId, 'screen.png'), name: 'screen.svg' };
    const storage = fakeStorage({ [renamed.path]: { size: 10, contentType: 'image/png' } });
    const error = await httpsErrorOf(submitAs(user, { ...data, attachments: [renamed] }, storage.inspector));
    expect(fieldsOf(error)).toEqual({ 'attachments.0.contentType': 'validation.fileType' });
    expect(await reportsOf(user.uid)).toEqual([]);
  });

  it('refuses a file that is not in Storage with failed-precondition', async () => {
    const user = await worker();
    const data = report();
    const file = upload(user, data.requestId as string, 'never-uploaded.png');
    const error = await httpsErrorOf(submitAs(user, { ...data, attachments: [file] }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('bugReport.errors.fileMissing');
    expect(error.details).toEqual({ paths: [file.path] });
    expect(await reportsOf(user.uid)).toEqual([]);
  });

  it('answers internal without internals when Storage fails', async () => {
    const user = await worker();
    const data = report();
    const logged = recordingLogger();
    const failing = createSubmitBugReportHandler({
      db,
      logger: logged,
      now: () => NOW,
      files: { inspect: () => Promise.reject(new Error('bucket secret-detail')) },
    });
    const error = await httpsErrorOf(
      failing(
        callableRequest(
          { ...data, attachments: [upload(user, data.requestId as string, 'x.png')] },
          await callableAuth(user),
        ),
      ),
    );
    expect(error.code).toBe('internal');
    expect(error.message).toBe('bugReport.errors.submitFailed');
    expect(JSON.stringify(error.toJSON())).not.toContain('secret-detail');
    expect(JSON.stringify(logged.entries)).toContain('secret-detail');
  });
});

describe('submitBugReport: one report per requestId', () => {
  it('stores one document when the same request comes twice', async () => {
    const user = await worker();
    const data = report();
    const file = upload(user, data.requestId as string, 'screen.png');
    const storage = fakeStorage({ [file.path]: { size: 10, contentType: 'image/png' } });
    const first = await submitAs(user, { ...data, attachments: [file] }, storage.inspector);
    const second = await submitAs(user, { ...data, attachments: [file] }, storage.inspector);
    expect(second).toEqual(first);
    expect((await reportsOf(user.uid)).map((doc) => doc.id)).toEqual([first.reportId]);
  });

  it('stores one document for concurrent calls with the same requestId', async () => {
    const user = await worker();
    const data = report();
    const auth = await callableAuth(user);
    const submit = handlerWith(fakeStorage().inspector);
    const results = await Promise.all([1, 2, 3].map(() => submit(callableRequest(data, auth))));
    expect(new Set(results.map((result) => result.reportId)).size).toBe(1);
    expect(await reportsOf(user.uid)).toHaveLength(1);
  });

  it('keeps the same requestId of different users apart', async () => {
    const [anna, piotr] = await Promise.all([worker(), worker()]);
    const requestId = newRequestId();
    const a = await submitAs(anna, report({ requestId }));
    const p = await submitAs(piotr, report({ requestId }));
    expect(a.reportId).not.toBe(p.reportId);
    expect((await stored(p.reportId))?.reporter).toMatchObject({ uid: piotr.uid });
  });
});
