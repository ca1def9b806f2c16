/**
 * Loads the seed fixtures into the local Auth and Firestore emulators.
 *
 *   node emulator-data/load.mjs        (or: npm run seed)
 *
 * Idempotent: every account is created or updated under its fixed uid and every document is
 * written with set() under its fixed id, so running it again resets the seed data in place.
 * It refuses to run against anything but a `demo-*` project on the emulators.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { isRelativeToken, resolveDate, resolveDay } from './relative-dates.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES_DIR = join(HERE, 'fixtures');

const APP_NAME = 'seed';
const DEFAULT_PROJECT_ID = 'demo-ticket-app';
const DEFAULT_EMULATOR_HOSTS = {
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
};
/** Firestore allows 500 writes per batch; stay well below it. */
const MAX_BATCH_WRITES = 400;
const MAX_SEARCH_TOKENS = 50;
const LOG_LEVEL = 'error';

/**
 * @typedef {{ uid: string, email: string, password: string, role: string, disabled: boolean,
 *   workerId: string, name: string, assignedPermissions: string[], revokedPermissions: string[] }} SeedAccount
 * @typedef {{ uid: string, name: string }} PersonRef
 * @typedef {{ id: string, text: string, by: PersonRef, at: string, attachments: unknown[] }} SeedUpdate
 * @typedef {{ id: string, at: string, by: PersonRef, change: Record<string, unknown> }} SeedActivity
 * @typedef {{ id: string, number: string, description: string, createdAt: string, lastUpdate: string,
 *   details?: Record<string, unknown>, updates?: SeedUpdate[], activity?: SeedActivity[],
 *   [field: string]: unknown }} SeedTicket
 * @typedef {{ id: string, [field: string]: unknown }} SeedDocument
 */

/**
 * @param {string} name file name under fixtures/
 * @returns {Promise<unknown[]>}
 */
async function readFixture(name) {
  const parsed = JSON.parse(await readFile(join(FIXTURES_DIR, name), 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`fixtures/${name} must hold a JSON array`);
  return parsed;
}

/**
 * The guard that keeps the loader away from real projects.
 * @param {string} projectId
 */
function assertEmulatorsOnly(projectId) {
  if (!projectId.startsWith('demo-')) {
    throw new Error(`refusing to seed project "${projectId}": only demo-* projects may be seeded`);
  }
  const missing = Object.keys(DEFAULT_EMULATOR_HOSTS).filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(`refusing to seed without emulators: ${missing.join(' and ')} not set`);
  }
}

/**
 * The loader's own named app, so it can share a process with another default app.
 * @param {string} projectId
 */
function seedApp(projectId) {
  const existing = getApps().find((app) => app.name === APP_NAME);
  if (!existing) return initializeApp({ projectId }, APP_NAME);
  if (existing.options.projectId !== projectId) {
    throw new Error(`app "${APP_NAME}" already exists for project "${existing.options.projectId}"`);
  }
  return existing;
}

/**
 * Lower-case search tokens of a ticket: its number ("t-0001" and "0001"), then the words of its
 * description (runs of letters or digits, at least two characters), unique, at most 50.
 * @param {string} number
 * @param {string} description
 * @returns {string[]}
 */
export function searchTokensFor(number, description) {
  const tokens = new Set();
  const lowerNumber = number.trim().toLowerCase();
  if (lowerNumber) tokens.add(lowerNumber);
  const digits = /\d+$/.exec(lowerNumber)?.[0];
  if (digits) tokens.add(digits);
  for (const word of description.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (tokens.size >= MAX_SEARCH_TOKENS) break;
    if (word.length >= 2) tokens.add(word);
  }
  return [...tokens];
}

/**
 * The site name (trimmed) of each account's directory worker, by uid; accounts without a worker
 * or whose worker has no site are left out.
 * @param {SeedAccount[]} accounts
 * @param {SeedDocument[]} workers
 * @returns {Map<string, string>}
 */
export function sitesByUid(accounts, workers) {
  const workerSites = new Map(
    workers.map((worker) => [worker.id, typeof worker.siteName === 'string' ? worker.siteName.trim() : '']),
  );
  const sites = new Map();
  for (const account of accounts) {
    const site = account.workerId ? workerSites.get(account.workerId) : undefined;
    if (site) sites.set(account.uid, site);
  }
  return sites;
}

/**
 * The fields the staff queue filters on, as the functions write them: `assigneeUid` (the uid of
 * `assignedTo`, '' when nobody is assigned) and `site` (the submitter's site, null without one).
 * @param {SeedTicket} ticket
 * @param {Map<string, string>} siteByUid from sitesByUid
 * @returns {{ assigneeUid: string, site: string | null }}
 */
export function queueFieldsFor(ticket, siteByUid) {
  const assignedTo = /** @type {PersonRef | null | undefined} */ (ticket.assignedTo);
  const createdBy = typeof ticket.createdBy === 'string' ? ticket.createdBy : '';
  return { assigneeUid: assignedTo?.uid ?? '', site: siteByUid.get(createdBy) ?? null };
}

/**
 * A ticket's follow-through fields with their tokens resolved: the answer day (`YYYY-MM-DD`),
 * staff's first answer (a timestamp, or null while unanswered) and the owner's rating.
 * @param {SeedTicket} ticket
 * @param {Date} today
 */
export function followThroughFields(ticket, today) {
  /** @type {Record<string, unknown>} */
  const fields = {};
  if (typeof ticket.answerDueDay === 'string') fields.answerDueDay = resolveDay(ticket.answerDueDay, today);
  if (ticket.firstResponseAt === null) fields.firstResponseAt = null;
  else if (typeof ticket.firstResponseAt === 'string') {
    fields.firstResponseAt = Timestamp.fromDate(resolveDate(ticket.firstResponseAt, today));
  }
  const rating = /** @type {Record<string, unknown> | undefined} */ (ticket.rating);
  if (rating && typeof rating.at === 'string') {
    fields.rating = { ...rating, at: Timestamp.fromDate(resolveDate(rating.at, today)) };
  }
  return fields;
}

/**
 * A copy of a plain object with every relative-date token replaced by its `YYYY-MM-DD` day.
 * @param {Record<string, unknown>} data
 * @param {Date} today
 * @returns {Record<string, unknown>}
 */
function resolveDayTokens(data, today) {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      isRelativeToken(value) ? resolveDay(/** @type {string} */ (value), today) : value,
    ]),
  );
}

/**
 * Writes in batches of at most MAX_BATCH_WRITES, committed one after the other.
 * @param {import('firebase-admin/firestore').Firestore} db
 */
function createBatchWriter(db) {
  let batch = db.batch();
  let pending = 0;
  let total = 0;
  return {
    /**
     * @param {string} path document path
     * @param {Record<string, unknown>} data
     */
    async set(path, data) {
      batch.set(db.doc(path), data);
      pending += 1;
      total += 1;
      if (pending >= MAX_BATCH_WRITES) await this.flush();
    },
    async flush() {
      if (pending === 0) return;
      const full = batch;
      batch = db.batch();
      pending = 0;
      await full.commit();
    },
    get total() {
      return total;
    },
  };
}

/**
 * Creates the account under its fixed uid, or brings an existing one back to the fixture.
 * @param {import('firebase-admin/auth').Auth} auth
 * @param {SeedAccount} account
 */
async function upsertAccount(auth, account) {
  const properties = {
    email: account.email.toLowerCase(),
    password: account.password,
    displayName: account.name,
    disabled: account.disabled,
    emailVerified: true,
  };
  const exists = await auth.getUser(account.uid).then(
    () => true,
    (error) => {
      if (error?.code === 'auth/user-not-found') return false;
      throw error;
    },
  );
  const record = exists
    ? await auth.updateUser(account.uid, properties)
    : await auth.createUser({ uid: account.uid, ...properties });
  await auth.setCustomUserClaims(account.uid, { role: account.role });
  return record;
}

/**
 * Loads every fixture into the emulators.
 * @param {{ projectId?: string, today?: Date, log?: (message: string) => void }} [options]
 */
export async function loadSeed({
  projectId = process.env.GCLOUD_PROJECT ?? DEFAULT_PROJECT_ID,
  today = new Date(),
  log = console.log,
} = {}) {
  assertEmulatorsOnly(projectId);

  // The shapes are checked by fixtures.test.ts; here they are taken as written.
  const accounts = /** @type {SeedAccount[]} */ (await readFixture('accounts.json'));
  const workers = /** @type {SeedDocument[]} */ (await readFixture('workers.json'));
  const tools = /** @type {SeedDocument[]} */ (await readFixture('tool-catalog.json'));
  const tickets = /** @type {SeedTicket[]} */ (await readFixture('tickets.json'));

  const app = seedApp(projectId);
  const auth = getAuth(app);
  const db = getFirestore(app);
  const writer = createBatchWriter(db);
  /** @param {string} token */
  const timestamp = (token) => Timestamp.fromDate(resolveDate(token, today));
  const now = Timestamp.fromDate(today);

  // Accounts one by one: the Auth emulator has no batch API worth the complexity here.
  for (const account of accounts) {
    const record = await upsertAccount(auth, account);
    await writer.set(`users/${account.uid}`, {
      email: account.email.toLowerCase(),
      name: account.name,
      role: account.role,
      assignedPermissions: account.assignedPermissions ?? [],
      revokedPermissions: account.revokedPermissions ?? [],
      disabled: account.disabled,
      workerId: account.workerId ?? null,
      createdAt: Timestamp.fromDate(new Date(record.metadata.creationTime)),
      updatedAt: now,
    });
  }

  for (const { id, ...worker } of workers) {
    await writer.set(`workers/${id}`, resolveDayTokens(worker, today));
  }

  for (const { id, ...tool } of tools) {
    await writer.set(`toolCatalog/${id}`, tool);
  }

  const siteByUid = sitesByUid(accounts, workers);
  for (const { id, updates = [], activity = [], ...ticket } of tickets) {
    await writer.set(`tickets/${id}`, {
      ...ticket,
      ...queueFieldsFor(ticket, siteByUid),
      details: resolveDayTokens(ticket.details ?? {}, today),
      createdAt: timestamp(ticket.createdAt),
      lastUpdate: timestamp(ticket.lastUpdate),
      ...followThroughFields(ticket, today),
      searchTokens: searchTokensFor(ticket.number, ticket.description),
    });
    for (const { id: updateId, ...update } of updates) {
      await writer.set(`tickets/${id}/updates/${updateId}`, { ...update, at: timestamp(update.at) });
    }
    for (const { id: entryId, ...entry } of activity) {
      await writer.set(`tickets/${id}/activity/${entryId}`, { ...entry, at: timestamp(entry.at) });
    }
    // Each number is claimed as the app claims the numbers it draws, so none is drawn again.
    await writer.set(`ticketNumbers/${ticket.number}`, { ticketId: id, at: timestamp(ticket.createdAt) });
  }

  await writer.set('config/logging', { level: LOG_LEVEL });
  await writer.flush();

  const summary = {
    accounts: accounts.length,
    workers: workers.length,
    tools: tools.length,
    tickets: tickets.length,
    writes: writer.total,
  };
  log(
    `seed: ${summary.accounts} accounts, ${summary.workers} workers, ${summary.tools} tools, ${summary.tickets} tickets`,
  );
  return summary;
}

/** Deletes the loader's app so its connections close and the process can exit. */
async function closeSeedApp() {
  const app = getApps().find((candidate) => candidate.name === APP_NAME);
  if (app) await deleteApp(app);
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (invokedDirectly) {
  for (const [name, value] of Object.entries(DEFAULT_EMULATOR_HOSTS)) {
    process.env[name] ??= value;
  }
  try {
    await loadSeed();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`seed failed: ${message.split('\n')[0]}`);
    process.exitCode = 1;
  } finally {
    await closeSeedApp().catch(() => {});
  }
}
