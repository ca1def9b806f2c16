import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugReportIdFor } from '../src/callable/bug-reports/bug-report-writer.js';
import { createAttachTicketFilesHandler } from '../src/callable/tickets/attach-ticket-files.js';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import {
  ATTACHMENT_UPLOAD_GRACE_MS,
  bugReportFilesFolder,
  ticketFilesFolder,
  ticketUpdateFilesFolder,
} from '../src/domain/index.js';
import { adminDb } from '../src/firebase.js';
import { sweepAttachments } from '../src/index.js';
import { SWEEP_ACTOR, runAttachmentSweep } from '../src/scheduled/attachment-sweep.js';
import type { FileInspector } from '../src/storage/file-inspector.js';
import { type ObjectStore, createBucketObjectStore } from '../src/storage/object-store.js';
import {
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  newRequestId,
  recordingLogger,
} from '../testing/helpers.js';
import { type StorageStandIn, startStorageStandIn } from '../testing/storage-stand-in.js';

const HOUR = 60 * 60 * 1000;
const CREATED = Date.parse('2026-11-20T10:00:00.000Z');
const UPLOADED = CREATED + 60_000;
/** The first run after the grace period of the uploads above. */
const SWEPT = UPLOADED + ATTACHMENT_UPLOAD_GRACE_MS + HOUR;

const db = adminDb();
const logger = recordingLogger();
const submit = createSubmitTicketHandler({ db, logger, now: () => CREATED });
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/**
 * An in-memory bucket: path -> upload time. It lists in name order, as Cloud Storage does, and
 * records what was deleted; `failOn` makes deleting one path fail.
 */
function memoryStore(objects: Record<string, number> = {}, failOn?: string) {
  const held = new Map(Object.entries(objects));
  const removed: string[] = [];
  const store: ObjectStore = {
    async *list(prefix) {
      const paths = [...held.keys()].filter((path) => path.startsWith(prefix)).sort();
      for (const path of paths) {
        const createdAt = held.get(path);
        if (createdAt !== undefined) yield { path, createdAt };
      }
    },
    remove(path) {
      if (path === failOn) return Promise.reject(new Error('bucket unavailable'));
      held.delete(path);
      removed.push(path);
      return Promise.resolve();
    },
  };
  /** The paths still held, in name order. */
  const paths = () => [...held.keys()].sort();
  return { store, removed, paths, held };
}

/** A Storage stand-in for attachTicketFiles: every path in `store` holds a small JPEG. */
const inspectorOf = (held: Map<string, number>): FileInspector => ({
  inspect: (path) =>
    Promise.resolve(held.has(path) ? { size: 1000, contentType: 'image/jpeg', head: JPEG_HEAD } : null),
});

const sweep = (store: ObjectStore, now: number, log = recordingLogger()) =>
  runAttachmentSweep({ db, store, now: () => now, logger: log });

/** A staff-made worker (createTestAccount). */
async function worker() {
  return createTestAccount('user', { name: 'Olga Nowak' });
}

/** An accommodation ticket of the user, submitted with `declared` files announced. */
async function ticketDeclaring(user: TestUser, declared: number) {
  const attachments = Array.from({ length: declared }, (_, i) => ({
    name: `photo-${i}.jpg`,
    size: 1000,
    contentType: 'image/jpeg',
  }));
  const { ticketId } = await submit(
    callableRequest(
      {
        requestId: newRequestId(),
        category: 'accommodation',
        subcategory: 'problem',
        address: 'Sickla Kanalgata 8',
        description: 'Mould on the bathroom ceiling',
        attachments,
      },
      await callableAuth(user),
    ),
  );
  return ticketId;
}

async function attach(user: TestUser, ticketId: string, held: Map<string, number>, names: string[]) {
  const handler = createAttachTicketFilesHandler({
    db,
    logger,
    now: () => UPLOADED,
    files: inspectorOf(held),
  });
  const files = names.map((name) => ({
    name,
    size: 1000,
    contentType: 'image/jpeg',
    path: `${ticketFilesFolder(user.uid, ticketId)}${name}`,
  }));
  await handler(callableRequest({ ticketId, files }, await callableAuth(user)));
}

const ticketData = async (ticketId: string) => (await db.doc(`tickets/${ticketId}`).get()).data();
const sweepEntries = async (ticketId: string) =>
  (await db.collection(`tickets/${ticketId}/activity`).where('by.uid', '==', SWEEP_ACTOR.uid).get()).docs.map(
    (doc) => doc.data(),
  );

describe('the attachment sweep: declared files that never arrived', () => {
  it('settles the declaration, logs the shortfall and deletes the uploads never recorded', async () => {
    const user = await worker();
    const ticketId = await ticketDeclaring(user, 3);
    const folder = ticketFilesFolder(user.uid, ticketId);
    const bucket = memoryStore({
      [`${folder}photo-0.jpg`]: UPLOADED,
      [`${folder}photo-1.jpg`]: UPLOADED,
      [`${folder}photo-2.jpg`]: UPLOADED,
    });
    // Only the first file was recorded: the app was closed before the rest were.
    await attach(user, ticketId, bucket.held, ['photo-0.jpg']);

    const result = await sweep(bucket.store, SWEPT);

    expect(result.settledTickets).toContain(ticketId);
    expect((await ticketData(ticketId))?.declaredAttachments).toBe(0);
    expect((await ticketData(ticketId))?.attachments).toHaveLength(1);
    expect(await sweepEntries(ticketId)).toEqual([
      {
        at: Timestamp.fromMillis(SWEPT),
        by: SWEEP_ACTOR,
        change: { type: 'field', field: 'declaredAttachments', from: 3, to: 0 },
      },
    ]);
    expect(bucket.paths()).toEqual([`${folder}photo-0.jpg`]);
    expect(result.deletedObjects.sort()).toEqual([`${folder}photo-1.jpg`, `${folder}photo-2.jpg`]);
    expect(result.failures).toBe(0);
  });

  it('waits out the grace period: nothing changes a minute before it ends', async () => {
    const user = await worker();
    const ticketId = await ticketDeclaring(user, 2);
    const folder = ticketFilesFolder(user.uid, ticketId);
    const bucket = memoryStore({ [`${folder}photo-0.jpg`]: UPLOADED, [`${folder}photo-1.jpg`]: UPLOADED });
    const result = await sweep(bucket.store, CREATED + ATTACHMENT_UPLOAD_GRACE_MS - 60_000);
    expect(result.settledTickets).not.toContain(ticketId);
    expect((await ticketData(ticketId))?.declaredAttachments).toBe(2);
    expect(await sweepEntries(ticketId)).toEqual([]);
    expect(bucket.removed).toEqual([]);
  });

  it('settles quietly when every declared file arrived, and keeps them', async () => {
    const user = await worker();
    const ticketId = await ticketDeclaring(user, 2);
    const folder = ticketFilesFolder(user.uid, ticketId);
    const bucket = memoryStore({ [`${folder}photo-0.jpg`]: UPLOADED, [`${folder}photo-1.jpg`]: UPLOADED });
    await attach(user, ticketId, bucket.held, ['photo-0.jpg', 'photo-1.jpg']);
    const result = await sweep(bucket.store, SWEPT);
    expect(result.settledTickets).toContain(ticketId);
    expect((await ticketData(ticketId))?.declaredAttachments).toBe(0);
    expect(await sweepEntries(ticketId)).toEqual([]);
    expect(bucket.removed).toEqual([]);
  });

  it('settles a declaration once: a second run writes and deletes nothing more', async () => {
    const user = await worker();
    const ticketId = await ticketDeclaring(user, 1);
    const bucket = memoryStore();
    await sweep(bucket.store, SWEPT);
    const again = await sweep(bucket.store, SWEPT + 24 * HOUR);
    expect(again.settledTickets).not.toContain(ticketId);
    expect(await sweepEntries(ticketId)).toHaveLength(1);
  });
});

describe('the attachment sweep: uploads nothing refers to', () => {
  const OLD = SWEPT - ATTACHMENT_UPLOAD_GRACE_MS - HOUR;

  it('keeps what a ticket, its updates or a bug report refers to and deletes the rest', async () => {
    const owner = 'u-sweep-owner';
    const ticketId = `t-sweep-${newRequestId()}`;
    const requestId = newRequestId();
    const ownFolder = ticketFilesFolder(owner, ticketId);
    const staffFolder = ticketUpdateFilesFolder(owner, ticketId);
    const reportFolder = bugReportFilesFolder(owner, requestId);
    const file = (path: string) => ({
      name: path.slice(path.lastIndexOf('/') + 1),
      path,
      size: 10,
      contentType: 'image/jpeg',
    });
    await db.doc(`tickets/${ticketId}`).set({
      createdBy: owner,
      createdAt: Timestamp.fromMillis(OLD),
      declaredAttachments: 0,
      attachments: [file(`${ownFolder}attached.jpg`)],
    });
    await db
      .doc(`tickets/${ticketId}/updates/u1`)
      .set({ text: 'Photo of the repair', attachments: [file(`${ownFolder}owner-reply.jpg`)] });
    await db
      .doc(`tickets/${ticketId}/updates/u2`)
      .set({ text: 'Invoice', attachments: [file(`${staffFolder}invoice.pdf`)] });
    await db
      .doc(`bugReports/${bugReportIdFor(owner, requestId)}`)
      .set({ attachments: [file(`${reportFolder}screen.png`)] });
    const kept = [
      `${ownFolder}attached.jpg`,
      `${ownFolder}owner-reply.jpg`,
      `${staffFolder}invoice.pdf`,
      `${reportFolder}screen.png`,
    ];
    const deleted = [
      `${ownFolder}never-recorded.jpg`,
      `${staffFolder}abandoned-reply.pdf`,
      `${reportFolder}refused.png`,
      `${bugReportFilesFolder(owner, newRequestId())}report-never-sent.png`,
      `${ticketFilesFolder(owner, `no-such-ticket-${newRequestId()}`)}photo.jpg`,
      `tickets/${owner}/__reserved__/photo.jpg`,
    ];
    const bucket = memoryStore(Object.fromEntries([...kept, ...deleted].map((path) => [path, OLD])));

    const result = await sweep(bucket.store, SWEPT);

    expect(bucket.paths()).toEqual([...kept].sort());
    expect(result.deletedObjects.sort()).toEqual([...deleted].sort());
    expect(result.failures).toBe(0);
  });

  it('never judges young uploads, tool images or files outside the upload folders’ shape', async () => {
    const owner = 'u-sweep-young';
    const young = `${ticketFilesFolder(owner, 'no-such-ticket')}just-uploaded.jpg`;
    const untouchable = {
      [young]: SWEPT - ATTACHMENT_UPLOAD_GRACE_MS + 1,
      'tool-images/cordless-drill.svg': OLD,
      [`tickets/${owner}/loose.jpg`]: OLD,
      [`tickets/${owner}/t1/nested/photo.jpg`]: OLD,
      'elsewhere/file.png': OLD,
    };
    const bucket = memoryStore(untouchable);
    const result = await sweep(bucket.store, SWEPT);
    expect(bucket.removed).toEqual([]);
    expect(result.deletedObjects).toEqual([]);
  });

  it('deletes a safety report’s photos left in their upload folder, never the kept or step photos', async () => {
    const owner = 'u-sweep-safety';
    const left = `safetyReports/${owner}/req-never-sent/photo.jpg`;
    const young = `safetyReports/${owner}/req-being-sent/photo.jpg`;
    const kept = 'safetyPhotos/r-sweep/photo-1.jpg';
    const step = `safetyReports/steps/r-sweep/${owner}/made-safe.jpg`;
    const bucket = memoryStore({
      [left]: OLD,
      [young]: SWEPT - ATTACHMENT_UPLOAD_GRACE_MS + 1,
      [kept]: OLD,
      [step]: OLD,
    });
    const result = await sweep(bucket.store, SWEPT);
    expect(bucket.removed).toEqual([left]);
    expect(result.deletedObjects).toEqual([left]);
    expect(bucket.paths()).toEqual([kept, young, step].sort());
  });

  it('goes on past a folder it cannot sweep, and reports it', async () => {
    const owner = 'u-sweep-failure';
    const broken = `${ticketFilesFolder(owner, 'gone-1')}a.jpg`;
    const other = `${ticketFilesFolder(owner, 'gone-2')}b.jpg`;
    const bucket = memoryStore({ [broken]: OLD, [other]: OLD }, broken);
    const log = recordingLogger();
    const result = await sweep(bucket.store, SWEPT, log);
    expect(result.deletedObjects).toEqual([other]);
    expect(result.failures).toBe(1);
    expect(bucket.paths()).toEqual([broken]);
    expect(log.entries).toContainEqual({
      level: 'error',
      message: 'attachment sweep: could not sweep a folder',
      details: { owner: 'ticket/gone-1', error: 'bucket unavailable' },
    });
  });
});

/**
 * The production store against the Cloud Storage JSON API stand-in (testing/storage-stand-in.ts),
 * two objects a page.
 */
describe('the bucket object store (production, against a JSON API stand-in)', () => {
  let storage: StorageStandIn;

  beforeAll(async () => {
    storage = await startStorageStandIn({ pageSize: 2 });
    for (const [name, object] of [
      ['bug-reports/u1/r1/a.png', { timeCreated: '2026-11-20T10:00:00.000Z' }],
      ['tickets/u1/t1/a.jpg', { timeCreated: '2026-11-20T10:01:00.000Z' }],
      ['tickets/u1/t1/b.jpg', { timeCreated: '2026-11-20T10:02:00.000Z' }],
      ['tickets/u1/t2/c.jpg', { timeCreated: '2026-11-20T10:03:00.000Z' }],
      ['tickets/u1/t2/no-time.jpg', {}],
    ] as const) {
      storage.objects.set(name, object);
    }
  });

  afterAll(() => storage.close());

  it('lists every object under a prefix across pages, with its upload time', async () => {
    const store = createBucketObjectStore();
    const listed = [];
    for await (const object of store.list('tickets/')) listed.push(object);
    expect(listed).toEqual([
      { path: 'tickets/u1/t1/a.jpg', createdAt: Date.parse('2026-11-20T10:01:00.000Z') },
      { path: 'tickets/u1/t1/b.jpg', createdAt: Date.parse('2026-11-20T10:02:00.000Z') },
      { path: 'tickets/u1/t2/c.jpg', createdAt: Date.parse('2026-11-20T10:03:00.000Z') },
    ]);
    const lists = storage.requests.filter(
      (request) => request.startsWith('GET') && request.includes('prefix=tickets'),
    );
    expect(lists).toHaveLength(2);
    expect(lists[1]).toContain('pageToken=2');
  });

  it('deletes an object, and takes one already gone in its stride', async () => {
    const store = createBucketObjectStore();
    await store.remove('tickets/u1/t1/a.jpg');
    await store.remove('tickets/u1/t1/a.jpg');
    expect(storage.objects.has('tickets/u1/t1/a.jpg')).toBe(false);
    expect(storage.requests.filter((request) => request.startsWith('DELETE'))).toHaveLength(2);
  });
});

describe('sweepAttachments (the exported scheduled function)', () => {
  it('runs daily at 03:30 Warsaw time in the app’s region', () => {
    const endpoint = (sweepAttachments as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint.region).toEqual(['europe-central2']);
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: '30 3 * * *', timeZone: 'Europe/Warsaw' });
  });
});
