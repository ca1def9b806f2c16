import { randomBytes, randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDeps } from '../src/callable/admin/admin-caller.js';
import { createAdminDashboardHandler } from '../src/callable/admin/admin-dashboard.js';
import { createListUsersHandler } from '../src/callable/admin/list-users.js';
import { USER_INDEX_TTL_MS, invalidateUserIndex } from '../src/callable/admin/user-index.js';
import { createGetUserProfileHandler } from '../src/callable/admin/get-user-profile.js';
import type {
  AdminDashboardResponse,
  AdminUserRow,
  GetUserProfileResponse,
  ListUsersInput,
  ListUsersResponse,
  Role,
} from '../src/domain/index.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import {
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  createTestUser,
  fieldsOf,
  httpsErrorOf,
  recordingLogger,
} from '../testing/helpers.js';

const db = adminDb();
const auth = adminAuth();
/** Lower-case letters only, so that search normalisation leaves it as it is. */
const tag = Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const workerId = (name: string) => `w-${tag}-${name}`;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let clock = Date.parse('2026-11-21T08:30:00.000Z');
const logger = recordingLogger();
const deps: AdminDeps = { db, auth, logger, now: () => clock };
const listUsers = createListUsersHandler(deps);
const getUserProfile = createGetUserProfileHandler(deps);
const adminDashboard = createAdminDashboardHandler(deps);

const seededWorkers: string[] = [];
const seededUsersDocs: string[] = [];

/** An account to be listed: the role claim and, when given, a users document holding the same role. */
async function account(role: Role | undefined, usersDoc?: Record<string, unknown>, displayName?: string) {
  const user = await createTestUser({ role, displayName });
  if (usersDoc) {
    await db.doc(`users/${user.uid}`).set({
      ...(role ? { role } : {}),
      assignedPermissions: [],
      revokedPermissions: [],
      ...usersDoc,
    });
    seededUsersDocs.push(user.uid);
  }
  return user;
}

/** A caller: a staff-made account (createTestAccount) linked to a directory worker of its own. */
async function caller(role: Role, usersDoc: Record<string, unknown>) {
  const created = await createTestAccount(role, usersDoc, db);
  seededUsersDocs.push(created.uid);
  if (created.workerId) seededWorkers.push(created.workerId);
  return created;
}

async function directoryWorker(id: string, name: string, email: string, extra: Record<string, unknown> = {}) {
  await db.doc(`workers/${id}`).set({ id, name, email, ...extra });
  seededWorkers.push(id);
}

async function deleteDocs(collection: string, ids: readonly string[]) {
  for (let i = 0; i < ids.length; i += 400) {
    const batch = db.batch();
    for (const id of ids.slice(i, i + 400)) batch.delete(db.doc(`${collection}/${id}`));
    await batch.commit();
  }
}

type Callers = Record<'manager' | 'admin' | 'managerPl' | 'foreman' | 'worker' | 'blindManager', TestUser>;
let callers: Callers;
/** The seeded people: see beforeAll. */
let anna: TestUser;
let bartek: TestUser;
let celina: TestUser;

const as = async (user: TestUser, data: unknown) => callableRequest(data, await callableAuth(user));
const list = async (user: TestUser, data: ListUsersInput): Promise<ListUsersResponse> =>
  listUsers(await as(user, data));
const keys = (response: ListUsersResponse) => response.rows.map((row) => row.key);

beforeAll(async () => {
  const [manager, admin, managerPl, foreman, worker, blindManager] = await Promise.all([
    caller('manager', { name: 'Caller Manager' }),
    caller('admin', { name: 'Caller Admin' }),
    caller('manager_pl', { name: 'Caller Manager PL' }),
    caller('foreman', { name: 'Caller Foreman' }),
    caller('user', { name: 'Caller Worker', assignedPermissions: ['VIEW_ALL_USER_DATA'] }),
    caller('manager', { name: 'Caller Blind Manager', revokedPermissions: ['VIEW_USER_ACCOUNT_STATUS'] }),
  ]);
  callers = { manager, admin, managerPl, foreman, worker, blindManager };

  // Anna: an account with a users document naming her directory entry (whose e-mail differs).
  anna = await account('foreman', {
    name: `Łucja Źródło-${tag}`,
    workerId: workerId('anna'),
    assignedPermissions: ['ACCESS_PL_TOOLS'],
    revokedPermissions: ['PROCESS_TICKETS'],
  });
  await directoryWorker(workerId('anna'), `Directory Anna ${tag}`, `anna-${tag}@elsewhere.test`, {
    phone: '+48 600 100 200',
  });
  // Bartek: no users document and no role claim; joined to the directory by e-mail.
  // Bartek: an account without a users document, linked to his directory entry by a verified e-mail.
  bartek = await account(undefined, undefined, `Display Bartek ${tag}`);
  await auth.updateUser(bartek.uid, { emailVerified: true });
  await directoryWorker(workerId('bartek'), `Bartek Wójcik ${tag}`, bartek.email);
  // Celina: a disabled account without a directory entry.
  celina = await account(undefined, { name: `Celina Nowak ${tag}` });
  await auth.updateUser(celina.uid, { disabled: true });
  // Dorota and Edward: directory workers without an account.
  await directoryWorker(workerId('dorota'), `Dorota Żak ${tag}`, `dorota-${tag}@example.test`);
  await directoryWorker(workerId('edward'), `Edward Kąkol ${tag}`, `edward-${tag}@example.test`);
});

afterAll(async () => {
  await deleteDocs('workers', seededWorkers);
  await deleteDocs('users', seededUsersDocs);
  invalidateUserIndex();
});

beforeEach(() => {
  invalidateUserIndex();
});

describe('listUsers: the joined list', () => {
  it('joins accounts, users documents and the directory, sorted by name', async () => {
    const result = await list(callers.manager, { search: tag });
    expect(result.total).toBe(5);
    expect(result.page).toBe(0);
    expect(result.pageSize).toBe(25);
    // Polish order: Ł after L (and after E).
    expect(result.rows.map((row) => row.name)).toEqual([
      `Bartek Wójcik ${tag}`,
      `Celina Nowak ${tag}`,
      `Dorota Żak ${tag}`,
      `Edward Kąkol ${tag}`,
      `Łucja Źródło-${tag}`,
    ]);
    const byKey = new Map(result.rows.map((row) => [row.key, row]));
    const annaRow = byKey.get(anna.uid);
    expect(annaRow).toEqual({
      key: anna.uid,
      uid: anna.uid,
      workerId: workerId('anna'),
      name: `Łucja Źródło-${tag}`,
      email: anna.email,
      role: 'foreman',
      status: 'enabled',
      emailVerified: false,
      // The Auth emulator records a sign-in when it creates an account with a password.
      lastSignIn: expect.stringMatching(ISO) as string,
      createdAt: expect.stringMatching(ISO) as string,
    } satisfies AdminUserRow);
    expect(Math.abs(Date.parse(annaRow?.createdAt ?? '') - Date.now())).toBeLessThan(10 * 60_000);
    expect(byKey.get(bartek.uid)).toMatchObject({
      uid: bartek.uid,
      workerId: workerId('bartek'),
      name: `Bartek Wójcik ${tag}`,
      role: 'user',
      status: 'enabled',
    });
    expect(byKey.get(celina.uid)).toMatchObject({
      workerId: null,
      role: 'user',
      status: 'disabled',
    });
    expect(byKey.get(workerId('dorota'))).toEqual({
      key: workerId('dorota'),
      uid: null,
      workerId: workerId('dorota'),
      name: `Dorota Żak ${tag}`,
      email: `dorota-${tag}@example.test`,
      role: null,
      status: 'noAccount',
      emailVerified: null,
      lastSignIn: null,
      createdAt: null,
    } satisfies AdminUserRow);
    // A worker joined to an account is not listed a second time as "no account".
    expect(byKey.has(workerId('anna'))).toBe(false);
    expect(byKey.has(workerId('bartek'))).toBe(false);
  });

  it('names an account by its users document and shows its last sign-in', async () => {
    const result = await list(callers.manager, { search: callers.manager.email });
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]?.lastSignIn).toMatch(ISO);
    expect(result.rows[0]?.name).toBe('Caller Manager');
  });

  it('lists directory workers only on the workers tab, with their account fields', async () => {
    const result = await list(callers.manager, { tab: 'workers', search: tag });
    expect(keys(result)).toEqual([bartek.uid, workerId('dorota'), workerId('edward'), anna.uid]);
    expect(result.rows[0]).toMatchObject({ uid: bartek.uid, role: 'user', status: 'enabled' });
  });

  it.each([
    ['a part of the name', `zak ${tag}`, [workerId('dorota')]],
    ['the name without diacritics', `lucja zrodlo-${tag}`, ['anna']],
    ['the name in upper case with diacritics', `ŹRÓDŁO-${tag.toUpperCase()}`, ['anna']],
    ['a directory e-mail', `edward-${tag}@`, [workerId('edward')]],
  ])('finds by %s', async (_name, search, expected) => {
    const result = await list(callers.manager, { search });
    expect(keys(result)).toEqual(expected.map((key) => (key === 'anna' ? anna.uid : key)));
    expect(result.total).toBe(expected.length);
  });

  it('finds an account by a part of its e-mail', async () => {
    const result = await list(callers.manager, { search: celina.email.slice(0, 10).toUpperCase() });
    expect(keys(result)).toEqual([celina.uid]);
  });

  it('filters by role and by status', async () => {
    expect(keys(await list(callers.manager, { search: tag, role: 'foreman' }))).toEqual([anna.uid]);
    expect(keys(await list(callers.manager, { search: tag, role: 'user' }))).toEqual([
      bartek.uid,
      celina.uid,
    ]);
    expect(keys(await list(callers.manager, { search: tag, status: 'disabled' }))).toEqual([celina.uid]);
    expect(keys(await list(callers.manager, { search: tag, status: 'noAccount' }))).toEqual([
      workerId('dorota'),
      workerId('edward'),
    ]);
    const enabledWorkers = await list(callers.manager, { tab: 'workers', search: tag, status: 'enabled' });
    expect(keys(enabledWorkers)).toEqual([bartek.uid, anna.uid]);
  });

  it('pages by page and pageSize with the total of all matches', async () => {
    const first = await list(callers.manager, { search: tag, pageSize: 2, page: 0 });
    const second = await list(callers.manager, { search: tag, pageSize: 2, page: 1 });
    const last = await list(callers.manager, { search: tag, pageSize: 2, page: 2 });
    const beyond = await list(callers.manager, { search: tag, pageSize: 2, page: 3 });
    expect(keys(first)).toEqual([bartek.uid, celina.uid]);
    expect(keys(second)).toEqual([workerId('dorota'), workerId('edward')]);
    expect(keys(last)).toEqual([anna.uid]);
    expect(beyond.rows).toEqual([]);
    expect([first.total, second.total, last.total, beyond.total]).toEqual([5, 5, 5, 5]);
    expect(second).toMatchObject({ page: 1, pageSize: 2 });
  });

  it('hides every status, and ignores the status filter, without VIEW_USER_ACCOUNT_STATUS', async () => {
    const result = await list(callers.blindManager, { search: tag, status: 'disabled' });
    expect(result.total).toBe(5);
    expect(result.rows.map((row) => row.status)).toEqual([null, null, null, null, null]);
  });

  it('serves the list from a 30-second cache that invalidateUserIndex drops', async () => {
    const before = await list(callers.manager, { search: tag });
    await directoryWorker(workerId('fiona'), `Fiona ${tag}`, `fiona-${tag}@example.test`);
    expect((await list(callers.manager, { search: tag })).total).toBe(before.total);
    clock += USER_INDEX_TTL_MS;
    expect((await list(callers.manager, { search: tag })).total).toBe(before.total + 1);
    await db.doc(`workers/${workerId('fiona')}`).delete();
    expect((await list(callers.manager, { search: tag })).total).toBe(before.total + 1);
    invalidateUserIndex();
    expect((await list(callers.manager, { search: tag })).total).toBe(before.total);
  });
});

describe('listUsers: refused calls', () => {
  it('refuses a call without auth', async () => {
    const error = await httpsErrorOf(listUsers(callableRequest({})));
    expect(error.code).toBe('unauthenticated');
  });

  it.each([
    ['a foreman', 'foreman'],
    ['a worker holding VIEW_ALL_USER_DATA by assignment', 'worker'],
  ] as const)('refuses %s with permission-denied', async (_name, who) => {
    const error = await httpsErrorOf(list(callers[who], {}));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('admin.errors.forbidden');
  });

  it('refuses a manager whose VIEW_ALL_USER_DATA is revoked', async () => {
    const manager = await caller('manager', { name: 'Revoked', revokedPermissions: ['VIEW_ALL_USER_DATA'] });
    const error = await httpsErrorOf(list(manager, {}));
    expect(error.code).toBe('permission-denied');
  });

  it('answers invalid-argument with the field keys', async () => {
    const error = await httpsErrorOf(
      listUsers(
        await as(callers.manager, { tab: 'everyone', search: 5, role: 'boss', page: -1, pageSize: 1000 }),
      ),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({
      tab: 'validation.invalid',
      search: 'validation.invalid',
      role: 'validation.invalid',
      page: 'validation.invalid',
      pageSize: 'validation.invalid',
    });
  });

  it('answers internal without internals when a read fails', async () => {
    const logged = recordingLogger();
    const failing = createListUsersHandler({
      ...deps,
      logger: logged,
      auth: { ...auth, listUsers: () => Promise.reject(new Error('quota secret-detail')) } as typeof auth,
    });
    const error = await httpsErrorOf(failing(await as(callers.manager, {})));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('admin.errors.loadUsersFailed');
    expect(JSON.stringify(error.toJSON())).not.toContain('secret-detail');
    expect(JSON.stringify(logged.entries)).toContain('secret-detail');
  });
});

describe('listUsers: thousands of directory workers', () => {
  const COUNT = 2000;
  const scaleIds = Array.from({ length: COUNT }, (_, i) => `s-${tag}-${String(i).padStart(4, '0')}`);

  afterAll(async () => {
    await deleteDocs('workers', scaleIds);
  });

  it('answers the first page, the total and a search', async () => {
    const baseline = await list(callers.manager, { pageSize: 1 });
    for (let i = 0; i < COUNT; i += 500) {
      const batch = db.batch();
      for (const id of scaleIds.slice(i, i + 500)) {
        batch.set(db.doc(`workers/${id}`), {
          id,
          name: `Scale ${tag} ${id.slice(-4)}`,
          email: `${id}@example.test`,
        });
      }
      await batch.commit();
    }
    invalidateUserIndex();

    let started = performance.now();
    const first = await list(callers.manager, { pageSize: 25 });
    const uncachedMs = performance.now() - started;
    started = performance.now();
    const search = await list(callers.manager, { search: `${tag} 1234` });
    const cachedMs = performance.now() - started;
    console.log(
      `listUsers over ${first.total} rows: first call ${uncachedMs.toFixed(0)} ms (index built), ` +
        `cached search ${cachedMs.toFixed(0)} ms (both include the caller check)`,
    );

    expect(first.total).toBe(baseline.total + COUNT);
    expect(first.rows).toHaveLength(25);
    expect(keys(search)).toEqual([`s-${tag}-1234`]);
    const page = await list(callers.manager, { search: `scale ${tag}`, page: 3, pageSize: 100 });
    expect(page.total).toBe(COUNT);
    expect(keys(page)).toEqual(scaleIds.slice(300, 400));
  });
});

describe('getUserProfile', () => {
  const profile = async (user: TestUser, userId: unknown): Promise<GetUserProfileResponse> =>
    getUserProfile(await as(user, { userId }));

  it('returns the account, its directory entry, the status and what an admin may do', async () => {
    const result = await profile(callers.admin, anna.uid);
    expect(result).toEqual({
      key: anna.uid,
      account: {
        uid: anna.uid,
        email: anna.email,
        name: `Łucja Źródło-${tag}`,
        role: 'foreman',
        emailVerified: false,
        disabled: false,
        lastSignIn: expect.stringMatching(ISO) as string,
        createdAt: expect.stringMatching(ISO) as string,
        assignedPermissions: ['ACCESS_PL_TOOLS'],
        revokedPermissions: ['PROCESS_TICKETS'],
      },
      worker: {
        id: workerId('anna'),
        name: `Directory Anna ${tag}`,
        email: `anna-${tag}@elsewhere.test`,
        phone: '+48 600 100 200',
      },
      status: 'enabled',
      allowed: {
        editRole: true,
        assignableRoles: ['user', 'foreman', 'manager', 'manager_pl', 'admin'],
        editPermissions: true,
        resetPassword: true,
        setStatus: true,
        editWorker: true,
        createAccount: false,
        creatableRoles: ['user', 'foreman', 'manager'],
      },
      workerDataAsOf: null,
      workerFieldLabels: null,
    } satisfies GetUserProfileResponse);
  });

  it('finds the directory entry by e-mail and reports a disabled account', async () => {
    const bartekProfile = await profile(callers.manager, bartek.uid);
    expect(bartekProfile.worker?.id).toBe(workerId('bartek'));
    expect(bartekProfile.account).toMatchObject({ role: 'user', name: `Bartek Wójcik ${tag}` });
    const celinaProfile = await profile(callers.manager, celina.uid);
    expect(celinaProfile).toMatchObject({ status: 'disabled', worker: null, account: { disabled: true } });
    expect(celinaProfile.allowed).toMatchObject({ editWorker: false, createAccount: false });
  });

  it('opens a directory worker without an account by worker id', async () => {
    const result = await profile(callers.manager, workerId('dorota'));
    expect(result).toEqual({
      key: workerId('dorota'),
      account: null,
      worker: { id: workerId('dorota'), name: `Dorota Żak ${tag}`, email: `dorota-${tag}@example.test` },
      status: 'noAccount',
      allowed: {
        editRole: false,
        assignableRoles: [],
        editPermissions: false,
        resetPassword: false,
        setStatus: false,
        editWorker: true,
        createAccount: true,
        creatableRoles: ['user'],
      },
      workerDataAsOf: null,
      workerFieldLabels: null,
    } satisfies GetUserProfileResponse);
  });

  it('opens the account of a directory worker that has one, by worker id', async () => {
    expect((await profile(callers.manager, workerId('anna'))).key).toBe(anna.uid);
    const byEmail = await profile(callers.manager, workerId('bartek'));
    expect(byEmail).toMatchObject({ key: bartek.uid, account: { uid: bartek.uid } });
    expect(byEmail.allowed.createAccount).toBe(false);
  });

  it('offers a manager only what a manager may do', async () => {
    const toForeman = await profile(callers.manager, anna.uid);
    expect(toForeman.allowed).toEqual({
      editRole: false,
      assignableRoles: [],
      editPermissions: false,
      resetPassword: true,
      setStatus: false,
      editWorker: true,
      createAccount: false,
      creatableRoles: ['user'],
    });
    // The level rule is the operation's: the attempt is offered and refused by resetUserPassword.
    const toAdmin = await profile(callers.manager, callers.admin.uid);
    expect(toAdmin.allowed).toMatchObject({ resetPassword: true, setStatus: false, editRole: false });
  });

  it('leaves level refusals of status and password changes to the operations, and never offers them for oneself', async () => {
    const peer = await account('manager_pl', { name: 'Peer Manager PL' });
    const toPeer = await profile(callers.managerPl, peer.uid);
    expect(toPeer.allowed).toMatchObject({ resetPassword: true, setStatus: true });
    const toForeman = await profile(callers.managerPl, anna.uid);
    expect(toForeman.allowed).toMatchObject({ resetPassword: true, setStatus: true });
    const self = await profile(callers.admin, callers.admin.uid);
    expect(self.allowed).toMatchObject({
      editRole: true,
      editPermissions: true,
      resetPassword: false,
      setStatus: false,
    });
  });

  it('follows per-user permission changes of the caller', async () => {
    const narrowAdmin = await caller('admin', {
      name: 'Narrow Admin',
      revokedPermissions: ['MODIFY_USER_ROLES', 'CREATE_MANAGER_ACCOUNTS'],
    });
    const result = await profile(narrowAdmin, anna.uid);
    expect(result.allowed).toMatchObject({ editRole: false, assignableRoles: [], editPermissions: true });
    expect(result.allowed.creatableRoles).toEqual(['user']);
    const blind = await profile(callers.blindManager, celina.uid);
    expect(blind.status).toBeNull();
  });

  it('writes an audit entry naming the sensitive fields it shows, and none when it shows none', async () => {
    const id = workerId('sensitive');
    await directoryWorker(id, `Greta ${tag}`, `greta-${tag}@example.test`, {
      pesel: '90010112345',
      bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
      ssn: '   ',
    });
    const readsOf = async (target: string) =>
      (
        await db
          .collection('auditLog')
          .where('action', '==', 'viewSensitiveWorkerData')
          .where('target.workerId', '==', target)
          .get()
      ).docs.map((doc) => doc.data());
    const result = await profile(callers.manager, id);
    expect(result.worker).toMatchObject({ pesel: '90010112345' });
    expect(await readsOf(id)).toEqual([
      {
        at: Timestamp.fromMillis(clock),
        action: 'viewSensitiveWorkerData',
        by: expect.objectContaining({ uid: callers.manager.uid }) as unknown,
        target: { uid: null, workerId: id, email: `greta-${tag}@example.test` },
        changes: {},
        fields: ['pesel', 'bankAccount'],
      },
    ]);
    await profile(callers.manager, workerId('dorota'));
    expect(await readsOf(workerId('dorota'))).toEqual([]);
  });

  it('does not take a stranger’s unverified account with a worker’s address for the worker’s own', async () => {
    const stranger = await account(undefined);
    const id = workerId('olena');
    await directoryWorker(id, `Olena ${tag}`, stranger.email, { pesel: '90010112345' });
    const byWorker = await profile(callers.manager, id);
    expect(byWorker.account).toBeNull();
    expect(byWorker.allowed.createAccount).toBe(true);
    const byAccount = await profile(callers.manager, stranger.uid);
    expect(byAccount.worker).toBeNull();
  });

  it('answers not-found for an unknown user', async () => {
    const error = await httpsErrorOf(profile(callers.manager, `nobody-${tag}`));
    expect(error.code).toBe('not-found');
    expect(error.message).toBe('admin.errors.userNotFound');
  });

  it('answers invalid-argument with the field keys', async () => {
    const error = await httpsErrorOf(getUserProfile(await as(callers.manager, { userId: '   ' })));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ userId: 'validation.required' });
    const missing = await httpsErrorOf(getUserProfile(await as(callers.manager, {})));
    expect(fieldsOf(missing)).toEqual({ userId: 'validation.required' });
  });

  it('refuses a call without auth and a foreman', async () => {
    expect((await httpsErrorOf(getUserProfile(callableRequest({ userId: anna.uid })))).code).toBe(
      'unauthenticated',
    );
    const error = await httpsErrorOf(profile(callers.foreman, anna.uid));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('admin.errors.forbidden');
  });
});

describe('adminDashboard', () => {
  const ticketIds: string[] = [];
  const at = (iso: string) => Timestamp.fromDate(new Date(iso));

  async function ticket(status: string, category: string, createdAt: string, archived = false) {
    const id = `dash-${tag}-${ticketIds.length}`;
    ticketIds.push(id);
    await db.doc(`tickets/${id}`).set({
      number: `T-${tag}-${ticketIds.length}`,
      category,
      subcategory: 'sub',
      status,
      createdAt: at(createdAt),
      archived,
      submitter: { uid: 'u', name: `Submitter ${ticketIds.length}`, email: 'x@example.test' },
    });
    return id;
  }

  afterAll(async () => {
    await deleteDocs('tickets', ticketIds);
  });

  const dashboard = async (user: TestUser): Promise<AdminDashboardResponse> =>
    adminDashboard(await as(user, undefined));

  it('counts users and tickets and lists the oldest open tickets first', async () => {
    const before = await dashboard(callers.manager);

    const inProgress = await ticket('inProgress', 'tools', '1990-01-01T00:00:00Z');
    const stray = await ticket('lost-in-migration', 'absences', '1990-01-02T00:00:00Z');
    const fresh = await ticket('new', 'presalary', '1990-01-03T00:00:00Z');
    const other = await ticket('other', 'mystery-category', '1990-01-04T00:00:00Z');
    await ticket('resolved', 'tools', '1989-01-01T00:00:00Z');
    await ticket('paid', 'salary', '1989-01-01T00:00:00Z');
    await ticket('new', 'car', '1989-01-01T00:00:00Z', true);
    const later: string[] = [];
    for (let day = 10; day < 20; day += 1)
      later.push(await ticket('new', 'clothes', `1991-01-${day}T00:00:00Z`));
    await caller('manager_pl', { name: `Dashboard Manager ${tag}` });
    await directoryWorker(workerId('dash'), `Dashboard Worker ${tag}`, `dash-${tag}@example.test`);
    invalidateUserIndex();

    const after = await dashboard(callers.manager);
    const delta = (a: Record<string, number | undefined>, b: Record<string, number | undefined>) =>
      Object.fromEntries(
        [...new Set([...Object.keys(a), ...Object.keys(b)])]
          .map((key) => [key, (a[key] ?? 0) - (b[key] ?? 0)])
          .filter(([, n]) => n !== 0),
      );
    expect(delta(after.ticketsByStatus, before.ticketsByStatus)).toEqual({
      new: 12,
      inProgress: 1,
      unknown: 1,
      other: 1,
      resolved: 1,
      paid: 1,
    });
    expect(delta(after.ticketsByCategory, before.ticketsByCategory)).toEqual({
      tools: 2,
      absences: 1,
      presalary: 1,
      unknown: 1,
      salary: 1,
      car: 1,
      clothes: 10,
    });
    expect(delta(after.usersByRole, before.usersByRole)).toEqual({ manager_pl: 1 });
    expect(delta(after.usersByStatus, before.usersByStatus)).toEqual({ enabled: 1, noAccount: 1 });
    expect(Object.keys(after.usersByRole).sort()).toEqual([
      'admin',
      'foreman',
      'manager',
      'manager_pl',
      'user',
    ]);
    const accounts = Object.values(after.usersByRole).reduce((sum, n) => sum + n, 0);
    expect(accounts).toBe(after.usersByStatus.enabled + after.usersByStatus.disabled);

    expect(after.oldestOpen.map((t) => t.id)).toEqual([
      inProgress,
      stray,
      fresh,
      other,
      ...later.slice(0, 6),
    ]);
    expect(after.oldestOpen[1]).toEqual({
      id: stray,
      number: `T-${tag}-2`,
      category: 'absences',
      subcategory: 'sub',
      status: 'unknown',
      createdAt: '1990-01-02T00:00:00.000Z',
      submitterName: 'Submitter 2',
    });
  });

  it('gives the median minutes to acknowledge safety reports per site, over the last 90 days, and the open count', async () => {
    const site = `Dashboard Site ${tag}`;
    const DAY = 24 * 60 * 60 * 1000;
    const reports: [string, Record<string, unknown>][] = [
      [
        'a',
        {
          site,
          status: 'acknowledged',
          minutesToAcknowledge: 2,
          acknowledgedAt: Timestamp.fromMillis(clock - DAY),
        },
      ],
      [
        'b',
        {
          site: ` ${site.toUpperCase()}`,
          status: 'closed',
          minutesToAcknowledge: 10,
          acknowledgedAt: Timestamp.fromMillis(clock - 2 * DAY),
        },
      ],
      [
        'c',
        {
          site,
          status: 'madeSafe',
          minutesToAcknowledge: 4,
          acknowledgedAt: Timestamp.fromMillis(clock - 3 * DAY),
        },
      ],
      // Acknowledged too long ago to count, and still open.
      [
        'd',
        {
          site,
          status: 'closed',
          minutesToAcknowledge: 500,
          acknowledgedAt: Timestamp.fromMillis(clock - 91 * DAY),
        },
      ],
      ['e', { site, status: 'open', minutesToAcknowledge: null, acknowledgedAt: null }],
    ];
    const before = await dashboard(callers.manager);
    for (const [id, data] of reports) await db.doc(`safetyReports/dash-${tag}-${id}`).set(data);
    try {
      const after = await dashboard(callers.manager);
      expect(after.safetyAcknowledgeBySite.find((row) => row.site === site)).toEqual({
        site,
        medianMinutes: 4,
        reports: 3,
      });
      expect(after.safetyOpen - before.safetyOpen).toBe(1);
    } finally {
      await deleteDocs(
        'safetyReports',
        reports.map(([id]) => `dash-${tag}-${id}`),
      );
    }
  });

  it('counts the ratings of the last 30 days per member of staff who handled the ticket', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const tag = randomUUID().slice(0, 8);
    const handler = { uid: `u-dash-${tag}`, name: `Dash Handler ${tag}` };
    const rated = (value: string, daysAgo: number) => ({
      category: 'tools',
      status: value === 'down' ? 'inProgress' : 'resolved',
      createdAt: Timestamp.fromMillis(clock - daysAgo * DAY),
      assignedTo: handler,
      rating: { value, comment: '', requestId: randomUUID() },
    });
    const tickets: [string, Record<string, unknown>][] = [
      ['a', rated('up', 2)],
      ['b', rated('up', 10)],
      ['c', rated('down', 29)],
      // Filed 31 days ago: outside the figures.
      ['d', rated('down', 31)],
    ];
    for (const [id, data] of tickets) await db.doc(`tickets/dash-${tag}-${id}`).set(data);
    try {
      const figures = await dashboard(callers.manager);
      expect(figures.ratingsByStaff.find((row) => row.uid === handler.uid)).toEqual({
        ...handler,
        up: 2,
        down: 1,
      });
    } finally {
      await deleteDocs(
        'tickets',
        tickets.map(([id]) => `dash-${tag}-${id}`),
      );
    }
  });

  it('refuses a call without auth and a foreman', async () => {
    expect((await httpsErrorOf(adminDashboard(callableRequest(undefined)))).code).toBe('unauthenticated');
    const error = await httpsErrorOf(dashboard(callers.foreman));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('admin.errors.forbidden');
  });
});
