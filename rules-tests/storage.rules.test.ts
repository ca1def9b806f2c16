// Runs under the Storage emulator (npm run test:emulators: its rules runtime is a download).
import { readFileSync } from 'node:fs';
import {
  type RulesTestContext,
  type RulesTestEnvironment,
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, setDoc } from 'firebase/firestore';
import { deleteObject, getBytes, ref, updateMetadata, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';

let env: RulesTestEnvironment;
type Storage = ReturnType<RulesTestContext['storage']>;

const MB = 1024 * 1024;
const bytes = (size: number) => new Uint8Array(size);
const JPEG = { contentType: 'image/jpeg' };
const PNG = { contentType: 'image/png' };
const PDF = { contentType: 'application/pdf' };
const SVG = { contentType: 'image/svg+xml' };
const WEBP = { contentType: 'image/webp' };

// New files go under a folder of this run, so a rerun against a running emulator creates, not overwrites.
const RUN = `run-${Date.now().toString(36)}`;

// One client per user, made on first use and reused (a context's storage() points at the emulator once).
const clients = new Map<string, Storage>();
function clientOf(key: string, make: () => RulesTestContext): Storage {
  const existing = clients.get(key);
  if (existing) return existing;
  const storage = make().storage();
  clients.set(key, storage);
  return storage;
}
const signedIn = (uid: string, claims: Record<string, string> = {}) =>
  clientOf(uid, () => env.authenticatedContext(uid, claims));
const worker = () => signedIn('u-worker', { role: 'user' });
const otherWorker = () => signedIn('u-worker2', { role: 'user' });
/** A self-made account (Firebase Auth's public sign-up): no claim, no users/{uid} record, no power. */
const plainWorker = () => signedIn('u-plain');
/** A self-made account with a role claim the app does not know, and no record. */
const unknownRole = () => signedIn('u-unknown', { role: 'superuser' });
/** A self-made account with a staff claim, and no record: the claim counts for nothing. */
const claimOnlyAdmin = () => signedIn('u-claim-admin', { role: 'admin' });
/** An admin record that links no directory worker: not staff-made, no power. */
const unlinkedAdmin = () => signedIn('u-unlinked-admin', { role: 'admin' });
const anonymous = () => clientOf('', () => env.unauthenticatedContext());

const STAFF_ROLES = ['foreman', 'manager', 'manager_pl', 'admin'] as const;
const staff = (role: string) => () => signedIn(`u-${role}`, { role });
const foreman = staff('foreman');
const admin = staff('admin');

const upload = (storage: Storage, path: string, size: number, metadata?: { contentType: string }) =>
  uploadBytes(ref(storage, path), bytes(size), metadata);
const read = (storage: Storage, path: string) => getBytes(ref(storage, path));
const remove = (storage: Storage, path: string) => deleteObject(ref(storage, path));

/** A users/{uid} record as staff make it (createAccount, the seed): a role, linked to a directory worker. */
const staffMade = (uid: string, role: string, fields: Record<string, unknown> = {}) => ({
  role,
  workerId: `w-${uid}`,
  assignedPermissions: [],
  revokedPermissions: [],
  ...fields,
});

// users/{uid} records (functions write them): only they give power, never the token's claim.
const RECORDS: Record<string, Record<string, unknown>> = {
  'u-worker': staffMade('u-worker', 'user'),
  'u-worker2': staffMade('u-worker2', 'user'),
  ...Object.fromEntries(STAFF_ROLES.map((role) => [`u-${role}`, staffMade(`u-${role}`, role)])),
  'u-revoked-foreman': staffMade('u-revoked-foreman', 'foreman', { revokedPermissions: ['PROCESS_TICKETS'] }),
  'u-revoked-manager': staffMade('u-revoked-manager', 'manager', { revokedPermissions: ['PROCESS_TICKETS'] }),
  'u-granted-worker': staffMade('u-granted-worker', 'user', { assignedPermissions: ['PROCESS_TICKETS'] }),
  'u-demoted': staffMade('u-demoted', 'user'),
  'u-disabled-foreman': staffMade('u-disabled-foreman', 'foreman', { disabled: true }),
  'u-disabled-worker': staffMade('u-disabled-worker', 'user', { disabled: true }),
  'u-unlinked-admin': { role: 'admin', assignedPermissions: [], revokedPermissions: [] },
  'u-safety-foreman': staffMade('u-safety-foreman', 'foreman', {
    assignedPermissions: ['HANDLE_SAFETY_REPORTS'],
  }),
  'u-nosafety-manager': staffMade('u-nosafety-manager', 'manager', {
    revokedPermissions: ['HANDLE_SAFETY_REPORTS'],
  }),
  'u-disabled-manager': staffMade('u-disabled-manager', 'manager', { disabled: true }),
};
/** A foreman by claim whose record revokes PROCESS_TICKETS. */
const revokedForeman = () => signedIn('u-revoked-foreman', { role: 'foreman' });
/** A manager by claim whose record revokes PROCESS_TICKETS: VIEW_ALL_USER_DATA still reads. */
const revokedManager = () => signedIn('u-revoked-manager', { role: 'manager' });
/** A worker granted PROCESS_TICKETS in their record. */
const grantedWorker = () => signedIn('u-granted-worker', { role: 'user' });
/** An admin by a stale claim whose record says worker. */
const demoted = () => signedIn('u-demoted', { role: 'admin' });
const disabledForeman = () => signedIn('u-disabled-foreman', { role: 'foreman' });
const disabledWorker = () => signedIn('u-disabled-worker', { role: 'user' });
/** A foreman granted HANDLE_SAFETY_REPORTS in his record (a foreman's role does not hold it). */
const safetyForeman = () => signedIn('u-safety-foreman', { role: 'foreman' });
/** A manager by claim whose record revokes HANDLE_SAFETY_REPORTS. */
const noSafetyManager = () => signedIn('u-nosafety-manager', { role: 'manager' });
/** A manager (a holder of HANDLE_SAFETY_REPORTS by role) whose account is disabled. */
const disabledManager = () => signedIn('u-disabled-manager', { role: 'manager' });
/** The roles holding HANDLE_SAFETY_REPORTS by default. */
const SAFETY_ROLES = ['manager', 'manager_pl', 'admin'] as const;

// Files that exist before the tests run.
const TICKET_FILE = 'tickets/u-worker/t0/existing.jpg';
const PLAIN_TICKET_FILE = 'tickets/u-plain/t0/existing.jpg';
const REPLY_FILE = 'ticket-updates/u-worker/t0/reply.pdf';
const DISABLED_TICKET_FILE = 'tickets/u-disabled-worker/t0/existing.jpg';
const BUG_FILE = 'bug-reports/u-worker/b0/existing.png';
const TOOL_IMAGE = 'tool-images/cordless-drill.svg';
const SAFETY_PHOTO = 'safetyReports/u-worker/r0/existing.jpg';
const DISABLED_SAFETY_PHOTO = 'safetyReports/u-disabled-worker/r0/existing.jpg';
const STEP_PHOTO = 'safetyReports/steps/r0/u-manager/made-safe.jpg';
/** A report's photo as the server keeps it; the report r-kept names u-foreman among its readers. */
const KEPT_PHOTO = 'safetyPhotos/r-kept/photo-1.jpg';
/** A handler's made-safe photo of report r-kept, which its reporter and readers see on the report. */
const KEPT_STEP_PHOTO = 'safetyReports/steps/r-kept/u-manager/made-safe.jpg';
const ELSEWHERE = 'elsewhere/file.png';

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-ticket-app',
    // storage.rules read the caller's users/{uid} record from this Firestore emulator.
    firestore: {
      rules: readFileSync('firestore.rules', 'utf8'),
      host: '127.0.0.1',
      port: inject('rulesPorts').firestore,
    },
    storage: {
      rules: readFileSync('storage.rules', 'utf8'),
      host: '127.0.0.1',
      port: inject('rulesPorts').storage,
    },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const firestore = context.firestore();
    for (const [uid, record] of Object.entries(RECORDS)) await setDoc(doc(firestore, 'users', uid), record);
    // An anonymous report of u-worker that u-foreman was told of, and u-worker's own copy of it.
    await setDoc(doc(firestore, 'safetyReports', 'r-kept'), { anonymous: true, readers: ['u-foreman'] });
    await setDoc(doc(firestore, 'users', 'u-worker', 'safetyReports', 'r-kept'), { anonymous: true });
    const storage = context.storage();
    await upload(storage, TICKET_FILE, 10, JPEG);
    await upload(storage, PLAIN_TICKET_FILE, 10, JPEG);
    await upload(storage, REPLY_FILE, 10, PDF);
    await upload(storage, DISABLED_TICKET_FILE, 10, JPEG);
    await upload(storage, BUG_FILE, 10, PNG);
    await upload(storage, TOOL_IMAGE, 10, SVG);
    await upload(storage, SAFETY_PHOTO, 10, JPEG);
    await upload(storage, DISABLED_SAFETY_PHOTO, 10, JPEG);
    await upload(storage, STEP_PHOTO, 10, JPEG);
    await upload(storage, KEPT_PHOTO, 10, JPEG);
    await upload(storage, KEPT_STEP_PHOTO, 10, JPEG);
    await upload(storage, ELSEWHERE, 10, PNG);
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('ticket attachments: uploads', () => {
  const own = (fileName: string) => `tickets/u-worker/${RUN}/${fileName}`;

  it('lets the owner upload a small image or a PDF into their own folder', async () => {
    await assertSucceeds(upload(worker(), own('photo.jpg'), 1000, JPEG));
    await assertSucceeds(upload(worker(), own('photo.png'), 1000, PNG));
    await assertSucceeds(upload(worker(), own('photo.heic'), 1000, { contentType: 'image/heic' }));
    await assertSucceeds(upload(worker(), own('note.pdf'), 1000, PDF));
  });
  it('lets the owner upload a file of exactly 5 MB', async () => {
    await assertSucceeds(upload(worker(), own('exactly-5mb.pdf'), 5 * MB, PDF));
  });
  it('refuses an account staff did not make an upload into its own folder', async () => {
    await assertFails(upload(plainWorker(), `tickets/u-plain/${RUN}/photo.jpg`, 1000, JPEG));
    await assertFails(upload(claimOnlyAdmin(), `tickets/u-claim-admin/${RUN}/photo.jpg`, 1000, JPEG));
    await assertFails(upload(unlinkedAdmin(), `tickets/u-unlinked-admin/${RUN}/photo.jpg`, 1000, JPEG));
    await assertFails(upload(plainWorker(), `bug-reports/u-plain/${RUN}/shot.png`, 1000, PNG));
  });
  it('refuses a file of 5 MB + 1 byte', async () => {
    await assertFails(upload(worker(), own('too-big.jpg'), 5 * MB + 1, JPEG));
    await assertFails(upload(worker(), own('too-big.pdf'), 5 * MB + 1, PDF));
  });
  it.each(['image/gif', 'image/webp', 'image/heif', 'image/avif'])(
    'lets the owner upload %s',
    async (contentType) => {
      await assertSucceeds(upload(worker(), own(`photo-${contentType.slice(6)}`), 1000, { contentType }));
    },
  );
  it.each([
    'text/plain',
    'application/x-msdownload',
    'application/zip',
    'text/html',
    'image/svg+xml',
    'image/bmp',
    'image/tiff',
    'image/x-icon',
    'IMAGE/JPEG',
    'image/jpeg; charset=binary',
  ])('refuses the type %s', async (contentType) => {
    await assertFails(upload(worker(), own('file.bin'), 10, { contentType }));
  });
  it('refuses an SVG, however small and whatever it is called', async () => {
    await assertFails(upload(worker(), own('logo.svg'), 10, SVG));
    await assertFails(upload(worker(), own('logo.png'), 10, SVG));
  });
  it('refuses a file without a type (sent as application/octet-stream)', async () => {
    await assertFails(upload(worker(), own('untyped'), 10));
  });
  it("refuses an upload into another user's folder, also from staff", async () => {
    await assertFails(upload(worker(), `tickets/u-worker2/${RUN}/photo.jpg`, 10, JPEG));
    await assertFails(upload(foreman(), `tickets/u-worker/${RUN}/from-foreman.jpg`, 10, JPEG));
    await assertFails(upload(admin(), `tickets/u-worker/${RUN}/from-admin.jpg`, 10, JPEG));
  });
  it('refuses a visitor', async () => {
    await assertFails(upload(anonymous(), `tickets/u-worker/${RUN}/anonymous.jpg`, 10, JPEG));
  });
  it('refuses to overwrite an existing file or change its metadata, even for the owner', async () => {
    await assertFails(upload(worker(), TICKET_FILE, 10, JPEG));
    await assertFails(updateMetadata(ref(worker(), TICKET_FILE), { contentType: 'application/pdf' }));
  });
  it('refuses a delete, to the owner and to staff', async () => {
    await assertFails(remove(worker(), TICKET_FILE));
    await assertFails(remove(foreman(), TICKET_FILE));
    await assertFails(remove(admin(), TICKET_FILE));
  });
  it('refuses files outside the tickets/{uid}/{ticketId}/{fileName} shape', async () => {
    await assertFails(upload(worker(), `tickets/u-worker/${RUN}/nested/photo.jpg`, 10, JPEG));
    await assertFails(upload(worker(), 'tickets/u-worker/photo.jpg', 10, JPEG));
  });
});

describe('ticket attachments: reads', () => {
  it('lets the owner read their file', async () => {
    await assertSucceeds(read(worker(), TICKET_FILE));
  });
  it('refuses a self-made account (public sign-up) even the file in its own folder', async () => {
    await assertFails(read(plainWorker(), PLAIN_TICKET_FILE));
  });
  it.each(STAFF_ROLES)('lets a %s read any ticket file', async (role) => {
    await assertSucceeds(read(staff(role)(), TICKET_FILE));
  });
  it('refuses another worker, accounts staff did not make (whatever their claim) and a visitor', async () => {
    await assertFails(read(otherWorker(), TICKET_FILE));
    await assertFails(read(plainWorker(), TICKET_FILE));
    await assertFails(read(unknownRole(), TICKET_FILE));
    await assertFails(read(claimOnlyAdmin(), TICKET_FILE));
    await assertFails(read(unlinkedAdmin(), TICKET_FILE));
    await assertFails(read(anonymous(), TICKET_FILE));
  });
});

describe('staff reply attachments (ticket-updates)', () => {
  const reply = (fileName: string) => `ticket-updates/u-worker/${RUN}/${fileName}`;

  it.each(STAFF_ROLES)("lets a %s upload an image or a PDF into a ticket owner's folder", async (role) => {
    await assertSucceeds(upload(staff(role)(), reply(`${role}.pdf`), 1000, PDF));
    await assertSucceeds(upload(staff(role)(), reply(`${role}.jpg`), 1000, JPEG));
  });
  it('refuses staff a file over 5 MB or of another type', async () => {
    await assertFails(upload(foreman(), reply('too-big.pdf'), 5 * MB + 1, PDF));
    await assertFails(upload(foreman(), reply('notes.txt'), 10, { contentType: 'text/plain' }));
    await assertFails(upload(foreman(), reply('logo.svg'), 10, SVG));
  });
  it('refuses uploads from the ticket owner, other workers, unknown roles and visitors', async () => {
    await assertFails(upload(worker(), reply('from-owner.pdf'), 10, PDF));
    await assertFails(upload(otherWorker(), reply('from-other.pdf'), 10, PDF));
    await assertFails(upload(unknownRole(), reply('from-unknown.pdf'), 10, PDF));
    await assertFails(upload(claimOnlyAdmin(), reply('from-claim-admin.pdf'), 10, PDF));
    await assertFails(upload(unlinkedAdmin(), reply('from-unlinked-admin.pdf'), 10, PDF));
    await assertFails(upload(anonymous(), reply('from-visitor.pdf'), 10, PDF));
  });
  it('lets the ticket owner and staff read', async () => {
    await assertSucceeds(read(worker(), REPLY_FILE));
    for (const role of STAFF_ROLES) await assertSucceeds(read(staff(role)(), REPLY_FILE));
  });
  it('refuses another worker and a visitor', async () => {
    await assertFails(read(otherWorker(), REPLY_FILE));
    await assertFails(read(anonymous(), REPLY_FILE));
  });
  it('refuses overwrites and deletes, even from staff', async () => {
    await assertFails(upload(admin(), REPLY_FILE, 10, PDF));
    await assertFails(remove(admin(), REPLY_FILE));
    await assertFails(remove(worker(), REPLY_FILE));
  });
});

describe('per-user permissions from the users/{uid} record, as hasPermission decides', () => {
  const reply = (fileName: string) => `ticket-updates/u-worker/${RUN}/${fileName}`;

  it('refuse a foreman whose PROCESS_TICKETS is revoked: no reads of ticket or reply files, no replies', async () => {
    await assertFails(read(revokedForeman(), TICKET_FILE));
    await assertFails(read(revokedForeman(), REPLY_FILE));
    await assertFails(upload(revokedForeman(), reply('revoked-foreman.pdf'), 10, PDF));
  });
  it('let a manager without PROCESS_TICKETS read (VIEW_ALL_USER_DATA) but not reply', async () => {
    await assertSucceeds(read(revokedManager(), TICKET_FILE));
    await assertSucceeds(read(revokedManager(), REPLY_FILE));
    await assertFails(upload(revokedManager(), reply('revoked-manager.pdf'), 10, PDF));
  });
  it('let a worker granted PROCESS_TICKETS read any ticket file and reply', async () => {
    await assertSucceeds(read(grantedWorker(), TICKET_FILE));
    await assertSucceeds(upload(grantedWorker(), reply('granted-worker.pdf'), 10, PDF));
  });
  it('go by the record, not a stale admin claim, after a demotion', async () => {
    await assertFails(read(demoted(), TICKET_FILE));
    await assertFails(upload(demoted(), reply('demoted.pdf'), 10, PDF));
  });
  it('close every file to a foreman the moment PROCESS_TICKETS is revoked, though he read it before', async () => {
    // The app reads files only under these rules (no download links), so nothing he saw stays open.
    const uid = `u-foreman-${RUN}`;
    const record = { role: 'foreman', workerId: `w-${RUN}`, assignedPermissions: [], revokedPermissions: [] };
    const setRecord = (data: Record<string, unknown>) =>
      env.withSecurityRulesDisabled((context) => setDoc(doc(context.firestore(), 'users', uid), data));
    await setRecord(record);
    const later = () => signedIn(uid, { role: 'foreman' });
    await assertSucceeds(read(later(), TICKET_FILE));
    await assertSucceeds(read(later(), REPLY_FILE));
    await setRecord({ ...record, revokedPermissions: ['PROCESS_TICKETS'] });
    await assertFails(read(later(), TICKET_FILE));
    await assertFails(read(later(), REPLY_FILE));
  });
  it('shut a disabled account out at once, staff or owner', async () => {
    await assertFails(read(disabledForeman(), TICKET_FILE));
    await assertFails(upload(disabledForeman(), reply('disabled-foreman.pdf'), 10, PDF));
    await assertFails(read(disabledWorker(), DISABLED_TICKET_FILE));
    await assertFails(upload(disabledWorker(), `tickets/u-disabled-worker/${RUN}/photo.jpg`, 10, JPEG));
    await assertFails(upload(disabledWorker(), `bug-reports/u-disabled-worker/${RUN}/screen.png`, 10, PNG));
  });
});

describe('bug report attachments', () => {
  it('lets the reporter upload an image or a PDF into their own folder', async () => {
    await assertSucceeds(upload(worker(), `bug-reports/u-worker/${RUN}/screen.png`, 1000, PNG));
    await assertSucceeds(upload(worker(), `bug-reports/u-worker/${RUN}/log.pdf`, 1000, PDF));
  });
  it("refuses another user's folder, a file over 5 MB, another type and a visitor", async () => {
    await assertFails(upload(worker(), `bug-reports/u-worker2/${RUN}/screen.png`, 10, PNG));
    await assertFails(upload(admin(), `bug-reports/u-worker/${RUN}/from-admin.png`, 10, PNG));
    await assertFails(upload(worker(), `bug-reports/u-worker/${RUN}/big.png`, 5 * MB + 1, PNG));
    await assertFails(
      upload(worker(), `bug-reports/u-worker/${RUN}/log.txt`, 10, { contentType: 'text/plain' }),
    );
    await assertFails(upload(anonymous(), `bug-reports/u-worker/${RUN}/anon.png`, 10, PNG));
    await assertFails(upload(worker(), `bug-reports/u-worker/${RUN}/screen.svg`, 10, SVG));
  });
  it('lets no client read them, the reporter and admins included', async () => {
    await assertFails(read(worker(), BUG_FILE));
    await assertFails(read(admin(), BUG_FILE));
  });
  it('refuses overwrites and deletes', async () => {
    await assertFails(upload(worker(), BUG_FILE, 10, PNG));
    await assertFails(remove(worker(), BUG_FILE));
    await assertFails(remove(admin(), BUG_FILE));
  });
});

describe('safety report photos: uploads', () => {
  const own = (fileName: string) => `safetyReports/u-worker/${RUN}/${fileName}`;

  it('lets the reporter upload a JPEG, a PNG or a WebP photo into their own folder', async () => {
    await assertSucceeds(upload(worker(), own('photo.jpg'), 1000, JPEG));
    await assertSucceeds(upload(worker(), own('photo.png'), 1000, PNG));
    await assertSucceeds(upload(worker(), own('photo.webp'), 1000, WEBP));
  });
  it('lets the reporter upload a photo of exactly 10 MB', async () => {
    await assertSucceeds(upload(worker(), own('exactly-10mb.jpg'), 10 * MB, JPEG));
  });
  it('refuses a photo of 10 MB + 1 byte', async () => {
    await assertFails(upload(worker(), own('too-big.jpg'), 10 * MB + 1, JPEG));
    await assertFails(upload(worker(), own('too-big.webp'), 10 * MB + 1, WEBP));
  });
  it.each([
    'application/pdf',
    'image/gif',
    'image/heic',
    'image/heif',
    'image/avif',
    'image/svg+xml',
    'text/plain',
    'text/html',
    'IMAGE/JPEG',
    'image/jpeg; charset=binary',
  ])('refuses the type %s', async (contentType) => {
    await assertFails(upload(worker(), own('file.bin'), 10, { contentType }));
  });
  it('refuses a file without a type (sent as application/octet-stream)', async () => {
    await assertFails(upload(worker(), own('untyped'), 10));
  });
  it("refuses an upload into another user's folder, also from holders of HANDLE_SAFETY_REPORTS", async () => {
    await assertFails(upload(worker(), `safetyReports/u-worker2/${RUN}/photo.jpg`, 10, JPEG));
    await assertFails(upload(staff('manager')(), own('from-manager.jpg'), 10, JPEG));
    await assertFails(upload(admin(), own('from-admin.jpg'), 10, JPEG));
  });
  it('refuses a visitor, accounts staff did not make and a disabled account', async () => {
    await assertFails(upload(anonymous(), own('anonymous.jpg'), 10, JPEG));
    await assertFails(upload(plainWorker(), `safetyReports/u-plain/${RUN}/photo.jpg`, 10, JPEG));
    await assertFails(upload(claimOnlyAdmin(), `safetyReports/u-claim-admin/${RUN}/photo.jpg`, 10, JPEG));
    await assertFails(upload(unlinkedAdmin(), `safetyReports/u-unlinked-admin/${RUN}/photo.jpg`, 10, JPEG));
    await assertFails(upload(disabledWorker(), `safetyReports/u-disabled-worker/${RUN}/photo.jpg`, 10, JPEG));
  });
  it('refuses to overwrite an existing photo or change its metadata, even for the reporter', async () => {
    await assertFails(upload(worker(), SAFETY_PHOTO, 10, JPEG));
    await assertFails(updateMetadata(ref(worker(), SAFETY_PHOTO), { contentType: 'image/png' }));
  });
  it('refuses a delete, to the reporter and to holders', async () => {
    await assertFails(remove(worker(), SAFETY_PHOTO));
    await assertFails(remove(staff('manager')(), SAFETY_PHOTO));
    await assertFails(remove(admin(), SAFETY_PHOTO));
  });
  it('refuses files outside the safetyReports/{uid}/{reportId}/{fileName} shape', async () => {
    await assertFails(upload(worker(), `safetyReports/u-worker/${RUN}/nested/photo.jpg`, 10, JPEG));
    await assertFails(upload(worker(), 'safetyReports/u-worker/photo.jpg', 10, JPEG));
  });
});

describe('safety report photos: reads', () => {
  it('lets the reporter read their upload on its way, and nobody else, handlers included', async () => {
    await assertSucceeds(read(worker(), SAFETY_PHOTO));
    for (const role of SAFETY_ROLES) await assertFails(read(staff(role)(), SAFETY_PHOTO));
    await assertFails(read(safetyForeman(), SAFETY_PHOTO));
    await assertFails(read(otherWorker(), SAFETY_PHOTO));
  });
  it('refuses a disabled reporter their own upload', async () => {
    await assertFails(read(disabledWorker(), DISABLED_SAFETY_PHOTO));
  });
  it.each(SAFETY_ROLES)('lets a %s (HANDLE_SAFETY_REPORTS by role) read a kept photo', async (role) => {
    await assertSucceeds(read(staff(role)(), KEPT_PHOTO));
  });
  it('lets the reporter (through their copy) and a foreman told of the report read a kept photo', async () => {
    await assertSucceeds(read(worker(), KEPT_PHOTO));
    await assertSucceeds(read(foreman(), KEPT_PHOTO));
    await assertSucceeds(read(safetyForeman(), KEPT_PHOTO));
  });
  it('refuses a kept photo to a revoked or disabled holder, another worker and accounts staff did not make', async () => {
    await assertFails(read(noSafetyManager(), KEPT_PHOTO));
    await assertFails(read(disabledManager(), KEPT_PHOTO));
    await assertFails(read(otherWorker(), KEPT_PHOTO));
    await assertFails(read(plainWorker(), KEPT_PHOTO));
    await assertFails(read(claimOnlyAdmin(), KEPT_PHOTO));
    await assertFails(read(anonymous(), KEPT_PHOTO));
  });
  it('lets nobody write a kept photo', async () => {
    await assertFails(upload(worker(), `safetyPhotos/r-kept/mine.jpg`, 10, JPEG));
    await assertFails(upload(staff('admin')(), `safetyPhotos/r-kept/mine.jpg`, 10, JPEG));
  });
});

describe('safety report step photos (safetyReports/steps)', () => {
  const step = (uid: string, fileName: string) => `safetyReports/steps/${RUN}/${uid}/${fileName}`;

  it.each(SAFETY_ROLES)('lets a %s upload a photo into their own folder of a report', async (role) => {
    await assertSucceeds(upload(staff(role)(), step(`u-${role}`, 'made-safe.jpg'), 1000, JPEG));
    await assertSucceeds(upload(staff(role)(), step(`u-${role}`, 'made-safe.webp'), 1000, WEBP));
  });
  it('lets a foreman granted HANDLE_SAFETY_REPORTS upload, up to exactly 10 MB', async () => {
    await assertSucceeds(upload(safetyForeman(), step('u-safety-foreman', 'update.png'), 1000, PNG));
    await assertSucceeds(upload(safetyForeman(), step('u-safety-foreman', '10mb.jpg'), 10 * MB, JPEG));
  });
  it("refuses a holder an upload into another user's folder", async () => {
    await assertFails(upload(staff('manager')(), step('u-admin', 'as-admin.jpg'), 10, JPEG));
    await assertFails(upload(admin(), step('u-manager', 'as-manager.jpg'), 10, JPEG));
  });
  it('refuses holders a photo over 10 MB or of another type', async () => {
    await assertFails(upload(admin(), step('u-admin', 'too-big.jpg'), 10 * MB + 1, JPEG));
    await assertFails(upload(admin(), step('u-admin', 'report.pdf'), 10, PDF));
    await assertFails(upload(admin(), step('u-admin', 'logo.svg'), 10, SVG));
    await assertFails(upload(admin(), step('u-admin', 'photo.gif'), 10, { contentType: 'image/gif' }));
    await assertFails(upload(admin(), step('u-admin', 'untyped'), 10));
  });
  it('refuses anyone without HANDLE_SAFETY_REPORTS, into their own folder too', async () => {
    await assertFails(upload(worker(), step('u-worker', 'from-reporter.jpg'), 10, JPEG));
    await assertFails(upload(foreman(), step('u-foreman', 'from-foreman.jpg'), 10, JPEG));
    await assertFails(upload(noSafetyManager(), step('u-nosafety-manager', 'revoked.jpg'), 10, JPEG));
    await assertFails(upload(disabledManager(), step('u-disabled-manager', 'disabled.jpg'), 10, JPEG));
    await assertFails(upload(demoted(), step('u-demoted', 'demoted.jpg'), 10, JPEG));
    await assertFails(upload(claimOnlyAdmin(), step('u-claim-admin', 'claim.jpg'), 10, JPEG));
    await assertFails(upload(unlinkedAdmin(), step('u-unlinked-admin', 'unlinked.jpg'), 10, JPEG));
    await assertFails(upload(anonymous(), step('u-manager', 'visitor.jpg'), 10, JPEG));
  });
  it('lets the uploader and holders read', async () => {
    for (const role of SAFETY_ROLES) await assertSucceeds(read(staff(role)(), STEP_PHOTO));
    await assertSucceeds(read(safetyForeman(), STEP_PHOTO));
  });
  it('refuses, on a report they may not read, a worker, a foreman without the permission, a revoked holder and a visitor', async () => {
    await assertFails(read(worker(), STEP_PHOTO));
    await assertFails(read(foreman(), STEP_PHOTO));
    await assertFails(read(noSafetyManager(), STEP_PHOTO));
    await assertFails(read(disabledManager(), STEP_PHOTO));
    await assertFails(read(anonymous(), STEP_PHOTO));
  });
  it('lets the report’s reporter (through their copy) and the people told of it read its step photos', async () => {
    await assertSucceeds(read(worker(), KEPT_STEP_PHOTO));
    await assertSucceeds(read(foreman(), KEPT_STEP_PHOTO));
    await assertFails(read(otherWorker(), KEPT_STEP_PHOTO));
    await assertFails(read(plainWorker(), KEPT_STEP_PHOTO));
    await assertFails(read(anonymous(), KEPT_STEP_PHOTO));
  });
  it('refuses overwrites and deletes, even from the uploader', async () => {
    await assertFails(upload(staff('manager')(), STEP_PHOTO, 10, JPEG));
    await assertFails(remove(staff('manager')(), STEP_PHOTO));
    await assertFails(remove(admin(), STEP_PHOTO));
  });
  it('refuses files outside the safetyReports/steps/{reportId}/{uid}/{fileName} shape', async () => {
    await assertFails(upload(admin(), `safetyReports/steps/${RUN}/u-admin/nested/photo.jpg`, 10, JPEG));
    await assertFails(upload(admin(), `safetyReports/steps/${RUN}/photo.jpg`, 10, JPEG));
  });
});

describe('tool images', () => {
  it('are readable by any active staff-made account', async () => {
    await assertSucceeds(read(worker(), TOOL_IMAGE));
    await assertSucceeds(read(foreman(), TOOL_IMAGE));
  });
  it('are closed to visitors and to self-made accounts', async () => {
    await assertFails(read(anonymous(), TOOL_IMAGE));
    await assertFails(read(plainWorker(), TOOL_IMAGE));
  });
  it('are written by nobody from a client, admins included', async () => {
    await assertFails(upload(admin(), `tool-images/${RUN}.png`, 10, PNG));
    await assertFails(upload(admin(), TOOL_IMAGE, 10, SVG));
    await assertFails(remove(admin(), TOOL_IMAGE));
  });
});

describe('anything else', () => {
  it('is closed to reads, admins included', async () => {
    await assertFails(read(admin(), ELSEWHERE));
    await assertFails(read(worker(), ELSEWHERE));
  });
  it('is closed to uploads and deletes, admins included', async () => {
    await assertFails(upload(foreman(), `elsewhere/${RUN}.png`, 10, PNG));
    await assertFails(upload(admin(), `${RUN}.png`, 10, PNG));
    await assertFails(upload(worker(), `users/u-worker/${RUN}.png`, 10, PNG));
    await assertFails(remove(admin(), ELSEWHERE));
  });
});
