import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttachTicketFilesHandler } from '../src/callable/tickets/attach-ticket-files.js';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import { ticketFilesFolder } from '../src/domain/index.js';
import { adminDb } from '../src/firebase.js';
import { attachTicketFiles } from '../src/index.js';
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
import { type StorageStandIn, startStorageStandIn } from '../testing/storage-stand-in.js';

const ascii = (text: string) => Buffer.from(text, 'latin1');
/** First bytes of real files, and of an SVG, which may never pass as an image. */
const JPEG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), ascii('JFIF\0')]);
const PNG_HEAD = Buffer.concat([Buffer.from([0x89]), ascii('PNG\r\n\x1a\n\0\0\0\x0dIHDR')]);
const PDF_HEAD = ascii('%PDF-1.7\n');
const HEIC_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii('ftypheic\0\0\0\0mif1heic')]);
const SVG_HEAD = ascii('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

const CREATED = Date.parse('2026-11-20T10:00:00.000Z');
const ATTACHED = Date.parse('2026-11-20T10:05:00.000Z');
const MB = 1024 * 1024;

const db = adminDb();
const logger = recordingLogger();
const submit = createSubmitTicketHandler({ db, logger, now: () => CREATED });

/** A Storage stand-in: what each path "really" holds, and which paths were asked about. */
function fakeStorage(objects: Record<string, InspectedFile> = {}) {
  const asked: string[] = [];
  const inspector: FileInspector = {
    inspect: (path) => {
      asked.push(path);
      return Promise.resolve(objects[path] ?? null);
    },
  };
  return { objects, asked, inspector };
}

const attachWith = (inspector: FileInspector) =>
  createAttachTicketFilesHandler({ db, logger, now: () => ATTACHED, files: inspector });

/** A worker's account as staff make it (helpers.ts), under this name. */
const worker = (name = 'Piotr Kowalczyk') => createTestAccount('user', { name });

/** A fresh accommodation ticket of the user, with no attachments yet. */
async function ticketOf(user: TestUser) {
  const { ticketId } = await submit(
    callableRequest(
      {
        requestId: newRequestId(),
        category: 'accommodation',
        subcategory: 'problem',
        address: 'Sickla Kanalgata 8',
        description: 'Mould on the bathroom ceiling',
        attachments: [
          { name: 'a.jpg', size: 10, contentType: 'image/jpeg' },
          { name: 'b.pdf', size: 10, contentType: 'application/pdf' },
        ],
      },
      await callableAuth(user),
    ),
  );
  return ticketId;
}

/** A client-side description of an upload in the ticket's folder. */
const upload = (user: TestUser, ticketId: string, name: string, size = 1000, contentType = 'image/jpeg') => ({
  name,
  size,
  contentType,
  path: `${ticketFilesFolder(user.uid, ticketId)}${name}`,
});

const ticketData = async (ticketId: string) => (await db.doc(`tickets/${ticketId}`).get()).data();
const activityOf = async (ticketId: string) =>
  (await db.collection(`tickets/${ticketId}/activity`).get()).docs
    .map((doc) => doc.data())
    .filter((entry) => (entry.change as { type: string }).type !== 'created');

async function attachAs(user: TestUser, data: unknown, inspector: FileInspector) {
  return attachWith(inspector)(callableRequest(data, await callableAuth(user)));
}

describe('attachTicketFiles with a Storage stand-in', () => {
  it('stores what Storage reports, sets lastUpdate and logs the count change', async () => {
    const user = await worker('Anna Berg');
    const ticketId = await ticketOf(user);
    const photo = upload(user, ticketId, 'photo.jpg', 100);
    const scan = upload(user, ticketId, 'scan.pdf', 100, 'application/pdf');
    const storage = fakeStorage({
      [photo.path]: { size: 204_800, contentType: 'image/jpeg' },
      [scan.path]: { size: 51_200, contentType: 'application/pdf' },
    });
    const result = await attachAs(user, { ticketId, files: [photo, scan] }, storage.inspector);
    const expected = [
      { name: 'photo.jpg', path: photo.path, size: 204_800, contentType: 'image/jpeg' },
      { name: 'scan.pdf', path: scan.path, size: 51_200, contentType: 'application/pdf' },
    ];
    expect(result).toEqual({ attachments: expected });
    expect(storage.asked).toEqual([photo.path, scan.path]);
    const stored = await ticketData(ticketId);
    expect(stored?.attachments).toEqual(expected);
    expect(stored?.lastUpdate).toEqual(Timestamp.fromMillis(ATTACHED));
    expect(stored?.createdAt).toEqual(Timestamp.fromMillis(CREATED));
    expect(await activityOf(ticketId)).toEqual([
      {
        at: Timestamp.fromMillis(ATTACHED),
        by: { uid: user.uid, name: 'Anna Berg' },
        change: { type: 'field', field: 'attachments', from: 0, to: 2 },
      },
    ]);
  });

  it('appends to earlier attachments and does not repeat a file sent again', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const first = upload(user, ticketId, 'first.jpg');
    const second = upload(user, ticketId, 'second.png', 1000, 'image/png');
    const storage = fakeStorage({
      [first.path]: { size: 1111, contentType: 'image/jpeg' },
      [second.path]: { size: 2222, contentType: 'image/png' },
    });
    await attachAs(user, { ticketId, files: [first] }, storage.inspector);
    const result = await attachAs(user, { ticketId, files: [first, second] }, storage.inspector);
    expect(result.attachments.map((a) => [a.path, a.size])).toEqual([
      [first.path, 1111],
      [second.path, 2222],
    ]);
    const again = await attachAs(user, { ticketId, files: [second] }, storage.inspector);
    expect(again.attachments).toHaveLength(2);
    // Both calls share one clock reading, and Firestore returns documents by id: order by the count.
    const changes = (await activityOf(ticketId)).map((entry) => entry.change as { from: number });
    expect(changes.sort((a, b) => a.from - b.from)).toEqual([
      { type: 'field', field: 'attachments', from: 0, to: 1 },
      { type: 'field', field: 'attachments', from: 1, to: 2 },
    ]);
  });

  it.each([
    ['another user’s folder', (_u: TestUser, t: string) => `tickets/someone-else/${t}/photo.jpg`],
    ['another ticket’s folder', (u: TestUser) => `${ticketFilesFolder(u.uid, 'other-ticket')}photo.jpg`],
    [
      'a path climbing out with ..',
      (u: TestUser, t: string) => `${ticketFilesFolder(u.uid, t)}../x/photo.jpg`,
    ],
    ['a file name of ..', (u: TestUser, t: string) => `${ticketFilesFolder(u.uid, t)}..`],
    ['a backslash in the name', (u: TestUser, t: string) => `${ticketFilesFolder(u.uid, t)}..\\x.jpg`],
    ['a sub-folder', (u: TestUser, t: string) => `${ticketFilesFolder(u.uid, t)}sub/photo.jpg`],
    ['the folder itself', (u: TestUser, t: string) => ticketFilesFolder(u.uid, t)],
  ])('refuses a path in %s with invalid-argument before asking Storage', async (_name, pathOf) => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const good = upload(user, ticketId, 'ok.jpg');
    const bad = { ...good, path: pathOf(user, ticketId) };
    const storage = fakeStorage({ [good.path]: { size: 1, contentType: 'image/jpeg' } });
    const error = await httpsErrorOf(attachAs(user, { ticketId, files: [good, bad] }, storage.inspector));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid files');
    expect(fieldsOf(error)).toEqual({ 'files.1.path': 'validation.filePath' });
    expect(storage.asked).toEqual([]);
    expect((await ticketData(ticketId))?.attachments).toEqual([]);
  });

  it('accepts dots inside a file name', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'lq8-scan..v2.pdf', 10, 'application/pdf');
    const storage = fakeStorage({ [file.path]: { size: 10, contentType: 'application/pdf' } });
    const result = await attachAs(user, { ticketId, files: [file] }, storage.inspector);
    expect(result.attachments.map((a) => a.path)).toEqual([file.path]);
  });

  it('refuses to attach to someone else’s ticket with permission-denied', async () => {
    const [owner, intruder] = await Promise.all([worker(), worker()]);
    const ticketId = await ticketOf(owner);
    // The intruder's own folder for that ticket id, so only the ownership check can stop it.
    const file = upload(intruder, ticketId, 'x.jpg');
    const storage = fakeStorage({ [file.path]: { size: 1, contentType: 'image/jpeg' } });
    const error = await httpsErrorOf(attachAs(intruder, { ticketId, files: [file] }, storage.inspector));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('tickets.errors.forbidden');
    expect((await ticketData(ticketId))?.attachments).toEqual([]);
  });

  it('refuses files for the owner’s paid, rejected or archived ticket, and still takes them while it is open', async () => {
    const user = await worker();
    const closed: Record<string, unknown>[] = [
      { status: 'paid' },
      { status: 'rejected' },
      { status: 'archived', archived: true, archivedFrom: 'resolved' },
      { status: 'resolved', archived: true },
    ];
    for (const fields of closed) {
      const ticketId = await ticketOf(user);
      await db.doc(`tickets/${ticketId}`).update(fields);
      const file = upload(user, ticketId, 'late.jpg');
      const storage = fakeStorage({ [file.path]: { size: 1, contentType: 'image/jpeg' } });
      const error = await httpsErrorOf(attachAs(user, { ticketId, files: [file] }, storage.inspector));
      expect([error.code, error.message], JSON.stringify(fields)).toEqual([
        'failed-precondition',
        'tickets.errors.filesClosed',
      ]);
      expect(storage.asked).toEqual([]);
      expect((await ticketData(ticketId))?.attachments).toEqual([]);
    }
    const open = await ticketOf(user);
    await db.doc(`tickets/${open}`).update({ status: 'inProgress' });
    const file = upload(user, open, 'in-time.jpg');
    const storage = fakeStorage({ [file.path]: { size: 1, contentType: 'image/jpeg' } });
    await attachAs(user, { ticketId: open, files: [file] }, storage.inspector);
    expect((await ticketData(open))?.attachments).toHaveLength(1);
  });

  it('answers not-found for a ticket that does not exist', async () => {
    const user = await worker();
    const file = upload(user, 'no-such-ticket', 'x.jpg');
    const storage = fakeStorage({ [file.path]: { size: 1, contentType: 'image/jpeg' } });
    const error = await httpsErrorOf(
      attachAs(user, { ticketId: 'no-such-ticket', files: [file] }, storage.inspector),
    );
    expect(error.code).toBe('not-found');
    expect(error.message).toBe('tickets.errors.notFound');
  });

  it('refuses a file that is not in Storage with failed-precondition and changes nothing', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const present = upload(user, ticketId, 'present.jpg');
    const missing = upload(user, ticketId, 'missing.jpg');
    const storage = fakeStorage({ [present.path]: { size: 1, contentType: 'image/jpeg' } });
    const error = await httpsErrorOf(
      attachAs(user, { ticketId, files: [present, missing] }, storage.inspector),
    );
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('tickets.errors.fileMissing');
    expect(error.details).toEqual({ paths: [missing.path] });
    expect((await ticketData(ticketId))?.attachments).toEqual([]);
    expect(await activityOf(ticketId)).toEqual([]);
  });

  it('refuses a file whose real size is over 5 MB, whatever the client claimed', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const small = upload(user, ticketId, 'small.jpg', 1000);
    const big = upload(user, ticketId, 'big.jpg', 1000);
    const storage = fakeStorage({
      [small.path]: { size: 1000, contentType: 'image/jpeg' },
      [big.path]: { size: 5 * MB + 1, contentType: 'image/jpeg' },
    });
    const error = await httpsErrorOf(attachAs(user, { ticketId, files: [small, big] }, storage.inspector));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid files');
    expect(fieldsOf(error)).toEqual({ 'files.1.size': 'validation.fileTooLarge' });
    expect((await ticketData(ticketId))?.attachments).toEqual([]);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'edge.jpg');
    const storage = fakeStorage({ [file.path]: { size: 5 * MB, contentType: 'image/jpeg' } });
    const result = await attachAs(user, { ticketId, files: [file] }, storage.inspector);
    expect(result.attachments[0]?.size).toBe(5 * MB);
  });

  it('refuses a file whose real type is not an image or PDF', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'photo.jpg');
    const storage = fakeStorage({ [file.path]: { size: 1000, contentType: 'application/x-msdownload' } });
    const error = await httpsErrorOf(attachAs(user, { ticketId, files: [file] }, storage.inspector));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid files');
    expect(fieldsOf(error)).toEqual({ 'files.0.contentType': 'validation.fileType' });
  });

  it('refuses a file whose first bytes are not its type (an SVG sent as a PNG)', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const good = upload(user, ticketId, 'good.jpg');
    const fake = upload(user, ticketId, 'logo.png', 100, 'image/png');
    const storage = fakeStorage({
      [good.path]: { size: 1000, contentType: 'image/jpeg', head: JPEG_HEAD },
      [fake.path]: { size: 100, contentType: 'image/png', head: SVG_HEAD },
    });
    const error = await httpsErrorOf(attachAs(user, { ticketId, files: [good, fake] }, storage.inspector));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'files.1.contentType': 'validation.fileType' });
    expect((await ticketData(ticketId))?.attachments).toEqual([]);
  });

  it.each([
    ['a name of another type', 'invoice.pdf', 'photo.jpg'],
    ['an SVG name', 'logo.svg', 'photo.jpg'],
    ['a page name', 'index.html', 'photo.jpg'],
    ['a path of another type', 'photo.jpg', 'photo.svg'],
  ])('refuses %s for a real JPEG', async (_case, name, objectName) => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = { ...upload(user, ticketId, objectName), name };
    const storage = fakeStorage({ [file.path]: { size: 1000, contentType: 'image/jpeg', head: JPEG_HEAD } });
    const error = await httpsErrorOf(attachAs(user, { ticketId, files: [file] }, storage.inspector));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'files.0.contentType': 'validation.fileType' });
  });

  it('refuses an SVG that Storage holds as image/svg+xml', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'drawing');
    const storage = fakeStorage({ [file.path]: { size: 100, contentType: 'image/svg+xml', head: SVG_HEAD } });
    const error = await httpsErrorOf(attachAs(user, { ticketId, files: [file] }, storage.inspector));
    expect(fieldsOf(error)).toEqual({ 'files.0.contentType': 'validation.fileType' });
  });

  it('accepts a file whose name, type and first bytes agree', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const photo = upload(user, ticketId, 'IMG_0001.HEIC', 100, 'image/heic');
    const scan = upload(user, ticketId, 'scan.pdf', 100, 'application/pdf');
    const storage = fakeStorage({
      [photo.path]: { size: 3000, contentType: 'image/heic', head: HEIC_HEAD },
      [scan.path]: { size: 2000, contentType: 'application/pdf', head: PDF_HEAD },
    });
    const result = await attachAs(user, { ticketId, files: [photo, scan] }, storage.inspector);
    expect(result.attachments.map((a) => [a.name, a.contentType])).toEqual([
      ['IMG_0001.HEIC', 'image/heic'],
      ['scan.pdf', 'application/pdf'],
    ]);
  });

  it('refuses more than 5 attachments in total with validation.maxFiles', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const files = ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg'].map((n) =>
      upload(user, ticketId, n),
    );
    const storage = fakeStorage(
      Object.fromEntries(files.map((f) => [f.path, { size: 10, contentType: 'image/jpeg' }])),
    );
    await attachAs(user, { ticketId, files: files.slice(0, 4) }, storage.inspector);
    storage.asked.length = 0;
    const error = await httpsErrorOf(
      attachAs(user, { ticketId, files: files.slice(4, 6) }, storage.inspector),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid files');
    expect(fieldsOf(error)).toEqual({ files: 'validation.maxFiles' });
    expect(storage.asked).toEqual([]);
    expect((await ticketData(ticketId))?.attachments).toHaveLength(4);
    // The fifth still fits, and re-sending one of the four does not count twice.
    const fifth = await attachAs(user, { ticketId, files: [files[0], files[4]] }, storage.inspector);
    expect(fifth.attachments).toHaveLength(5);
  });

  it('refuses six files in one request through the schema', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const files = Array.from({ length: 6 }, (_, i) => upload(user, ticketId, `${i}.jpg`));
    const error = await httpsErrorOf(attachAs(user, { ticketId, files }, fakeStorage().inspector));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid files');
    expect(fieldsOf(error)).toEqual({ files: 'validation.maxFiles' });
  });

  it('refuses an empty file list and a malformed ticket id', async () => {
    const user = await worker();
    const empty = await httpsErrorOf(attachAs(user, { ticketId: 'abc', files: [] }, fakeStorage().inspector));
    expect(fieldsOf(empty)).toEqual({ files: 'validation.invalid' });
    const badId = await httpsErrorOf(
      attachAs(user, { ticketId: 'a/b', files: [upload(user, 'a/b', 'x.jpg')] }, fakeStorage().inspector),
    );
    expect(badId.code).toBe('invalid-argument');
    expect(fieldsOf(badId)).toEqual({ ticketId: 'validation.invalid' });
  });

  it('answers internal without internals when Storage fails', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const logged = recordingLogger();
    const failing = createAttachTicketFilesHandler({
      db,
      logger: logged,
      now: () => ATTACHED,
      files: { inspect: () => Promise.reject(new Error('bucket secret-detail')) },
    });
    const error = await httpsErrorOf(
      failing(
        callableRequest({ ticketId, files: [upload(user, ticketId, 'x.jpg')] }, await callableAuth(user)),
      ),
    );
    expect(error.code).toBe('internal');
    expect(error.message).toBe('tickets.errors.attachFailed');
    expect(JSON.stringify(error.toJSON())).not.toContain('secret-detail');
    expect(JSON.stringify(logged.entries)).toContain('secret-detail');
  });
});

/**
 * The exported function with the production inspector, against the Cloud Storage JSON API
 * stand-in (testing/storage-stand-in.ts).
 */
describe('attachTicketFiles (exported, production inspector)', () => {
  let storage: StorageStandIn;

  beforeAll(async () => {
    storage = await startStorageStandIn();
  });

  afterAll(() => storage.close());

  it('refuses a call without auth with unauthenticated', async () => {
    const error = await httpsErrorOf(attachTicketFiles.run(callableRequest({ ticketId: 'x', files: [] })));
    expect(error.code).toBe('unauthenticated');
  });

  it('stores the size and type the bucket reports, having read the first 64 bytes', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'photo.jpg', 10);
    const bytes = Buffer.concat([JPEG_HEAD, Buffer.alloc(123_456 - JPEG_HEAD.length)]);
    storage.objects.set(file.path, { size: 123_456, contentType: 'image/jpeg', bytes });
    const result = await attachTicketFiles.run(
      callableRequest({ ticketId, files: [file] }, await callableAuth(user)),
    );
    expect(result).toEqual({
      attachments: [{ name: 'photo.jpg', path: file.path, size: 123_456, contentType: 'image/jpeg' }],
    });
    expect(storage.requests).toContain(`GET demo-ticket-app.appspot.com/${file.path}`);
    expect(storage.requests).toContain(`GET media demo-ticket-app.appspot.com/${file.path} bytes=0-63`);
    expect(storage.objects.has(file.path)).toBe(true);
  });

  it('removes the download token the upload left, so the file is served only under the rules', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'scan.pdf', 10, 'application/pdf');
    storage.objects.set(file.path, {
      size: PDF_HEAD.length,
      contentType: 'application/pdf',
      bytes: PDF_HEAD,
      // What a Firebase SDK upload stores, next to any custom metadata of the uploader.
      metadata: { firebaseStorageDownloadTokens: 'a1b2c3d4-token', origin: 'camera' },
    });
    await attachTicketFiles.run(callableRequest({ ticketId, files: [file] }, await callableAuth(user)));
    expect(storage.objects.get(file.path)?.metadata).toEqual({ origin: 'camera' });
    expect(storage.requests.filter((line) => line.startsWith('PATCH'))).toEqual([
      `PATCH demo-ticket-app.appspot.com/${file.path} {"metadata":{"firebaseStorageDownloadTokens":null}}`,
    ]);
  });

  it.each([
    ['an SVG sent as a PNG', 'logo.png', 'image/png', SVG_HEAD],
    ['a PNG sent as a JPEG', 'photo.jpg', 'image/jpeg', PNG_HEAD],
    ['an empty file', 'photo.jpg', 'image/jpeg', Buffer.alloc(0)],
  ])('deletes %s from the bucket and refuses it', async (_case, name, contentType, bytes) => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, name, bytes.length, contentType);
    storage.objects.set(file.path, { size: bytes.length, contentType, bytes });
    const error = await httpsErrorOf(
      attachTicketFiles.run(callableRequest({ ticketId, files: [file] }, await callableAuth(user))),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'files.0.contentType': 'validation.fileType' });
    expect(storage.requests).toContain(`DELETE demo-ticket-app.appspot.com/${file.path}`);
    expect(storage.objects.has(file.path)).toBe(false);
    expect((await ticketData(ticketId))?.attachments).toEqual([]);
  });

  it('deletes an object typed image/svg+xml without downloading it', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'drawing.svg', 10, 'image/svg+xml');
    storage.objects.set(file.path, { size: SVG_HEAD.length, contentType: 'image/svg+xml', bytes: SVG_HEAD });
    // The client's claim is refused by the schema first; the server's own check is for a claim that lied.
    const claimed = { ...file, name: 'drawing', contentType: 'image/png' };
    const error = await httpsErrorOf(
      attachTicketFiles.run(callableRequest({ ticketId, files: [claimed] }, await callableAuth(user))),
    );
    expect(fieldsOf(error)).toEqual({ 'files.0.contentType': 'validation.fileType' });
    expect(storage.objects.has(file.path)).toBe(false);
    expect(
      storage.requests.filter((request) => request.startsWith('GET media') && request.includes(file.path)),
    ).toEqual([]);
  });

  it('refuses a good file claimed under a name of another type, and keeps it', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = { ...upload(user, ticketId, 'photo.jpg', 10), name: 'invoice.pdf' };
    storage.objects.set(file.path, { size: JPEG_HEAD.length, contentType: 'image/jpeg', bytes: JPEG_HEAD });
    const error = await httpsErrorOf(
      attachTicketFiles.run(callableRequest({ ticketId, files: [file] }, await callableAuth(user))),
    );
    expect(fieldsOf(error)).toEqual({ 'files.0.contentType': 'validation.fileType' });
    expect(storage.objects.has(file.path)).toBe(true);
  });

  it('answers failed-precondition for a file the bucket does not have', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'never-uploaded.jpg');
    const error = await httpsErrorOf(
      attachTicketFiles.run(callableRequest({ ticketId, files: [file] }, await callableAuth(user))),
    );
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('tickets.errors.fileMissing');
  });

  it('deletes an oversized file from the bucket and refuses it', async () => {
    const user = await worker();
    const ticketId = await ticketOf(user);
    const file = upload(user, ticketId, 'huge.jpg', 10);
    storage.objects.set(file.path, { size: 6 * MB, contentType: 'image/jpeg' });
    const error = await httpsErrorOf(
      attachTicketFiles.run(callableRequest({ ticketId, files: [file] }, await callableAuth(user))),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid files');
    expect(fieldsOf(error)).toEqual({ 'files.0.size': 'validation.fileTooLarge' });
    expect(storage.requests).toContain(`DELETE demo-ticket-app.appspot.com/${file.path}`);
    expect(storage.objects.has(file.path)).toBe(false);
    expect((await ticketData(ticketId))?.attachments).toEqual([]);
  });

  it('refuses a path outside the caller’s folder', async () => {
    const [owner, other] = await Promise.all([worker(), worker()]);
    const ticketId = await ticketOf(owner);
    const file = {
      ...upload(owner, ticketId, 'x.jpg'),
      path: `${ticketFilesFolder(other.uid, ticketId)}x.jpg`,
    };
    const error = await httpsErrorOf(
      attachTicketFiles.run(callableRequest({ ticketId, files: [file] }, await callableAuth(owner))),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid files');
    expect(fieldsOf(error)).toEqual({ 'files.0.path': 'validation.filePath' });
  });
});
