import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDeps } from '../src/callable/admin/admin-caller.js';
import type { AuditEntry } from '../src/callable/admin/audit.js';
import { createGetBackendLogLevelHandler } from '../src/callable/admin/get-backend-log-level.js';
import { createSetBackendLogLevelHandler } from '../src/callable/admin/set-backend-log-level.js';
import { createTestPermissionHandler } from '../src/callable/admin/test-permission.js';
import { createTestSecurityLogHandler } from '../src/callable/admin/test-security-log.js';
import { LOG_CONFIG_PATH, type LogSink, createBackendLogger } from '../src/logging/backend-logger.js';
import type { Role } from '../src/domain/index.js';
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

const NOW = Date.parse('2026-11-21T08:30:00.000Z');
const db = adminDb();
const auth = adminAuth();
const deps: AdminDeps = { db, auth, logger: recordingLogger(), now: () => NOW };

/** A sink that records every message the backend logger lets through. */
function recordingSink() {
  const written: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      written.push({ level, args });
  const sink: LogSink = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { written, sink };
}

/** A staff-made account (createTestAccount) with this role and users document fields. */
async function account(role: Role, usersDoc: Record<string, unknown> = {}) {
  return createTestAccount(role, { name: `Debug ${role}`, ...usersDoc });
}

const as = async (user: TestUser, data: unknown) => callableRequest(data, await callableAuth(user));

/** This caller's audit entries of one action (nested fields are filtered here, not queried). */
async function auditOf(uid: string, action: string): Promise<AuditEntry[]> {
  const snapshot = await db.collection('auditLog').where('action', '==', action).get();
  return snapshot.docs.map((doc) => doc.data() as AuditEntry).filter((entry) => entry.by.uid === uid);
}

let admin: TestUser;
let manager: TestUser;
let debuglessAdmin: TestUser;
let managerWithDebug: TestUser;

beforeAll(async () => {
  [admin, manager, debuglessAdmin, managerWithDebug] = await Promise.all([
    account('admin'),
    account('manager'),
    account('admin', { revokedPermissions: ['ACCESS_DEBUG_TOOLS'] }),
    account('manager', { assignedPermissions: ['ACCESS_DEBUG_TOOLS'] }),
  ]);
});

/** Every debug callable: admin role and ACCESS_DEBUG_TOOLS, both. */
describe.each([
  ['testPermission', createTestPermissionHandler(deps), { uid: 'x', permission: 'VIEW_OWN_DATA' }],
  ['testSecurityLog', createTestSecurityLogHandler({ ...deps, logger: createBackendLogger({ db }) }), {}],
  ['getBackendLogLevel', createGetBackendLogLevelHandler(deps), {}],
  ['setBackendLogLevel', createSetBackendLogLevelHandler(deps), { level: 'info' }],
])('%s: refused callers', (_name, handler, payload) => {
  it('refuses a call without auth', async () => {
    expect((await httpsErrorOf(handler(callableRequest(payload)))).code).toBe('unauthenticated');
  });

  it.each([
    ['a manager', () => manager],
    ['a manager holding ACCESS_DEBUG_TOOLS by assignment', () => managerWithDebug],
    ['an admin whose ACCESS_DEBUG_TOOLS is revoked', () => debuglessAdmin],
  ])('refuses %s with permission-denied', async (_who, caller) => {
    const error = await httpsErrorOf(handler(await as(caller(), payload)));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('admin.errors.forbidden');
  });
});

describe('testPermission', () => {
  const testPermission = createTestPermissionHandler(deps);
  const check = async (uid: string, permission: string) =>
    testPermission(await as(admin, { uid, permission }));

  it('answers each source: assigned, revoked, role and none', async () => {
    const foreman = await account('foreman', {
      assignedPermissions: ['VIEW_ALL_USER_DATA'],
      revokedPermissions: ['PROCESS_TICKETS'],
    });
    expect(await check(foreman.uid, 'VIEW_ALL_USER_DATA')).toEqual({
      uid: foreman.uid,
      email: foreman.email,
      role: 'foreman',
      permission: 'VIEW_ALL_USER_DATA',
      granted: true,
      source: 'assigned',
      roleDefault: ['manager', 'manager_pl', 'admin'],
    });
    expect(await check(foreman.uid, 'PROCESS_TICKETS')).toMatchObject({
      granted: false,
      source: 'revoked',
      roleDefault: ['foreman', 'manager', 'manager_pl', 'admin'],
    });
    expect(await check(foreman.uid, 'ACCESS_SPECIAL_CATEGORIES')).toMatchObject({
      granted: true,
      source: 'role',
    });
    const worker = await createTestUser();
    expect(await check(worker.uid, 'MODIFY_USER_ROLES')).toEqual({
      uid: worker.uid,
      email: worker.email,
      role: 'user',
      permission: 'MODIFY_USER_ROLES',
      granted: false,
      source: 'none',
      roleDefault: ['admin'],
    });
  });

  it('reads the role from the staff-made record, never from the claim', async () => {
    const claimOnly = await createTestUser({ role: 'admin' });
    expect(await check(claimOnly.uid, 'MODIFY_USER_ROLES')).toMatchObject({
      role: 'user',
      granted: false,
      source: 'none',
    });
    const noWorker = await account('admin', { workerId: null });
    expect(await check(noWorker.uid, 'ACCESS_SPECIAL_CATEGORIES')).toMatchObject({
      role: 'user',
      granted: false,
    });
    const promoted = await account('manager');
    await adminAuth().setCustomUserClaims(promoted.uid, { role: 'user' });
    expect(await check(promoted.uid, 'VIEW_ALL_USER_DATA')).toMatchObject({
      role: 'manager',
      granted: true,
      source: 'role',
    });
  });

  it('answers not-found for an unknown uid', async () => {
    const error = await httpsErrorOf(check('no-such-uid-anywhere', 'VIEW_OWN_DATA'));
    expect(error.code).toBe('not-found');
    expect(error.message).toBe('admin.errors.userNotFound');
  });

  it('answers invalid-argument with the field keys', async () => {
    const error = await httpsErrorOf(check('  ', 'FLY'));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ uid: 'validation.required', permission: 'validation.invalid' });
  });
});

describe('testSecurityLog', () => {
  it('writes the entry and its audit entry, and logs it whatever the level', async () => {
    const { written, sink } = recordingSink();
    // Before any read the backend logger judges by the default level: errors only.
    const logger = createBackendLogger({ db, sink, now: () => NOW });
    const handler = createTestSecurityLogHandler({ ...deps, logger });
    const { entryId } = await handler(await as(admin, { message: '  Checking the alerting  ' }));

    const by = { uid: admin.uid, email: admin.email, role: 'admin' };
    expect((await db.doc(`securityLog/${entryId}`).get()).data()).toEqual({
      at: Timestamp.fromMillis(NOW),
      type: 'test',
      message: 'Checking the alerting',
      by,
    });
    const audit = await auditOf(admin.uid, 'testSecurityLog');
    expect(audit).toContainEqual({
      at: Timestamp.fromMillis(NOW),
      action: 'testSecurityLog',
      by: { ...by, name: 'Debug admin' },
      target: { setting: `securityLog/${entryId}` },
      changes: { entry: { from: null, to: entryId } },
    });
    expect(logger.level()).toBe('error');
    expect(written).toEqual([
      {
        level: 'warn',
        args: [
          'Security log test entry',
          { entryId, type: 'test', message: 'Checking the alerting', by, security: true },
        ],
      },
    ]);
  });

  it('takes a call without a payload as an empty message', async () => {
    const handler = createTestSecurityLogHandler({
      ...deps,
      logger: createBackendLogger({ db, sink: recordingSink().sink }),
    });
    const { entryId } = await handler(await as(admin, undefined));
    expect((await db.doc(`securityLog/${entryId}`).get()).get('message')).toBe('');
  });

  it('answers invalid-argument for a message over 500 characters and writes nothing', async () => {
    const { written, sink } = recordingSink();
    const handler = createTestSecurityLogHandler({ ...deps, logger: createBackendLogger({ db, sink }) });
    const before = (await auditOf(admin.uid, 'testSecurityLog')).length;
    const error = await httpsErrorOf(handler(await as(admin, { message: 'x'.repeat(501) })));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ message: 'validation.maxChars:500' });
    expect(await auditOf(admin.uid, 'testSecurityLog')).toHaveLength(before);
    expect(written).toEqual([]);
  });
});

describe('getBackendLogLevel and setBackendLogLevel', () => {
  const getLevel = createGetBackendLogLevelHandler(deps);
  const setLevel = createSetBackendLogLevelHandler(deps);

  beforeEach(async () => {
    await db.doc(LOG_CONFIG_PATH).delete();
  });
  afterAll(async () => {
    await db.doc(LOG_CONFIG_PATH).delete();
  });

  it('answers errors only while nothing is stored', async () => {
    expect(await getLevel(await as(admin, undefined))).toEqual({ level: 'error' });
  });

  it('stores the level with who and when, audits the change, and answers it afterwards', async () => {
    expect(await setLevel(await as(admin, { level: 'info' }))).toEqual({ level: 'info' });
    expect((await db.doc(LOG_CONFIG_PATH).get()).data()).toEqual({
      level: 'info',
      updatedAt: Timestamp.fromMillis(NOW),
      updatedBy: { uid: admin.uid, email: admin.email },
    });
    expect(await getLevel(await as(admin, {}))).toEqual({ level: 'info' });
    await setLevel(await as(admin, { level: 'debug' }));
    const changes = (await auditOf(admin.uid, 'setBackendLogLevel')).map((entry) => ({
      target: entry.target,
      changes: entry.changes,
    }));
    // Both entries carry the same (fake) time, so their order is not asserted.
    expect(changes).toHaveLength(2);
    expect(changes).toContainEqual({
      target: { setting: 'config/logging' },
      changes: { level: { from: 'error', to: 'info' } },
    });
    expect(changes).toContainEqual({
      target: { setting: 'config/logging' },
      changes: { level: { from: 'info', to: 'debug' } },
    });
  });

  it('reads an unknown stored level as errors only', async () => {
    await db.doc(LOG_CONFIG_PATH).set({ level: 'verbose' });
    expect(await getLevel(await as(admin, undefined))).toEqual({ level: 'error' });
  });

  it('answers invalid-argument for an unknown level and stores nothing', async () => {
    const error = await httpsErrorOf(setLevel(await as(admin, { level: 'verbose' })));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ level: 'validation.invalid' });
    expect((await db.doc(LOG_CONFIG_PATH).get()).exists).toBe(false);
  });
});
