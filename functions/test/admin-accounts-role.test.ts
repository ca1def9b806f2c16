import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createListUsersHandler } from '../src/callable/admin/list-users.js';
import { createSavePermissionsHandler } from '../src/callable/admin/save-user-permissions.js';
import { createUpdateUserRoleHandler } from '../src/callable/admin/update-user-role.js';
import { ADMIN_ERRORS, type Role } from '../src/domain/index.js';
import { adminAuth } from '../src/firebase.js';
import {
  type Account,
  NOW,
  account,
  auditBy,
  auditEntries,
  isolatedDb,
  onlyAuditEntry,
  requestAs,
  testDeps,
  userData,
} from '../testing/admin-accounts-fixtures.js';
import { callableRequest, createTestUser, fieldsOf, httpsErrorOf } from '../testing/helpers.js';

const claimsOf = async (uid: string) => (await adminAuth().getUser(uid)).customClaims ?? {};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('updateUserRole', () => {
  const { deps, logger } = testDeps();
  const updateRole = createUpdateUserRoleHandler(deps);
  const changeRole = async (caller: Account, data: unknown) => updateRole(await requestAs(caller, data));

  /** Nothing changed: role claim, users document and audit log as they were. */
  async function expectUnchanged(target: Account) {
    expect((await claimsOf(target.uid)).role).toBe(target.role);
    expect((await userData(target.uid))?.role).toBe(target.role);
    expect(await auditEntries({ uid: target.uid })).toEqual([]);
  }

  it('sets the claim (keeping other claims), revokes tokens, mirrors the role and writes one audit entry', async () => {
    const admin = await account('admin');
    const worker = await account('user');
    await adminAuth().setCustomUserClaims(worker.uid, { role: 'user', site: 'Malmö' });
    const revoke = vi.spyOn(adminAuth(), 'revokeRefreshTokens');

    const result = await changeRole(admin, { uid: worker.uid, role: 'foreman' });

    expect(result).toEqual({ uid: worker.uid, role: 'foreman', previousRole: 'user' });
    expect(await claimsOf(worker.uid)).toEqual({ role: 'foreman', site: 'Malmö' });
    expect(revoke).toHaveBeenCalledWith(worker.uid);
    expect(await userData(worker.uid)).toMatchObject({
      role: 'foreman',
      email: worker.email,
      updatedAt: Timestamp.fromMillis(NOW),
    });
    expect(await onlyAuditEntry({ uid: worker.uid })).toEqual({
      at: Timestamp.fromMillis(NOW),
      action: 'updateUserRole',
      by: auditBy(admin),
      target: { uid: worker.uid, email: worker.email },
      changes: { role: { from: 'user', to: 'foreman' } },
    });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'info',
        message: 'updateUserRole',
        details: { by: admin.uid, target: worker.uid, from: 'user', to: 'foreman' },
      }),
    );
  });

  it('takes the new role into the next signed-in token', async () => {
    const admin = await account('admin');
    const worker = await account('user');
    await changeRole(admin, { uid: worker.uid, role: 'manager' });
    const request = await requestAs(worker, {});
    expect(request.auth?.token.role).toBe('manager');
  });

  it('shows the new role in the user list at once: the change clears the list cache', async () => {
    const listUsers = createListUsersHandler(deps);
    const admin = await account('admin');
    const worker = await account('user');
    const roleInList = async () => {
      const page = await listUsers(await requestAs(admin, { search: worker.email }));
      return page.rows.find((row) => row.uid === worker.uid)?.role;
    };
    expect(await roleInList()).toBe('user');
    await changeRole(admin, { uid: worker.uid, role: 'foreman' });
    expect(await roleInList()).toBe('foreman');
  });

  it('reads an account without a role claim as a user', async () => {
    const admin = await account('admin');
    const plain = await createTestUser();
    const result = await changeRole(admin, { uid: plain.uid, role: 'manager_pl' });
    expect(result.previousRole).toBe('user');
    expect((await claimsOf(plain.uid)).role).toBe('manager_pl');
    expect(await userData(plain.uid)).toMatchObject({ role: 'manager_pl' });
  });

  it('changes nothing and writes no audit entry when the role is already the one asked for', async () => {
    const admin = await account('admin');
    const foreman = await account('foreman');
    const revoke = vi.spyOn(adminAuth(), 'revokeRefreshTokens');
    const result = await changeRole(admin, { uid: foreman.uid, role: 'foreman' });
    expect(result).toEqual({ uid: foreman.uid, role: 'foreman', previousRole: 'foreman' });
    expect(revoke).not.toHaveBeenCalled();
    await expectUnchanged(foreman);
  });

  it('answers unauthenticated without a signed-in caller', async () => {
    const worker = await account('user');
    const error = await httpsErrorOf(updateRole(callableRequest({ uid: worker.uid, role: 'admin' })));
    expect(error.code).toBe('unauthenticated');
    await expectUnchanged(worker);
  });

  it.each<[string, () => Promise<Account>]>([
    ['a manager (no MODIFY_USER_ROLES by role)', () => account('manager')],
    [
      'an admin whose users document revokes MODIFY_USER_ROLES',
      () => account('admin', { revokedPermissions: ['MODIFY_USER_ROLES'] }),
    ],
  ])('refuses %s with permission-denied forbidden', async (_name, makeCaller) => {
    const caller = await makeCaller();
    const worker = await account('user');
    const error = await httpsErrorOf(changeRole(caller, { uid: worker.uid, role: 'foreman' }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.forbidden);
    await expectUnchanged(worker);
  });

  it('refuses a role above the caller’s own level (aboveOwnLevel)', async () => {
    const delegate = await account('manager_pl', { assignedPermissions: ['MODIFY_USER_ROLES'] });
    const worker = await account('user');
    const error = await httpsErrorOf(changeRole(delegate, { uid: worker.uid, role: 'admin' }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.aboveOwnLevel);
    await expectUnchanged(worker);
  });

  it('lets a delegate give roles up to its own level', async () => {
    const delegate = await account('manager_pl', { assignedPermissions: ['MODIFY_USER_ROLES'] });
    const worker = await account('user');
    await expect(changeRole(delegate, { uid: worker.uid, role: 'manager_pl' })).resolves.toMatchObject({
      role: 'manager_pl',
    });
  });

  it('refuses to change the role of someone who outranks the caller (targetOutranks)', async () => {
    const delegate = await account('manager_pl', { assignedPermissions: ['MODIFY_USER_ROLES'] });
    const admin = await account('admin');
    const error = await httpsErrorOf(changeRole(delegate, { uid: admin.uid, role: 'user' }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.targetOutranks);
    await expectUnchanged(admin);
  });

  it('answers invalid-argument with the field keys of the schema', async () => {
    const admin = await account('admin');
    const error = await httpsErrorOf(changeRole(admin, { uid: '  ', role: 'king' }));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ uid: 'validation.required', role: 'validation.required' });
  });

  it('answers not-found userNotFound for an unknown uid', async () => {
    const admin = await account('admin');
    const error = await httpsErrorOf(changeRole(admin, { uid: 'no-such-user-uid', role: 'foreman' }));
    expect(error.code).toBe('not-found');
    expect(error.message).toBe(ADMIN_ERRORS.userNotFound);
  });

  it('puts the mirror back, drops its audit entry and answers internal updateRoleFailed when Auth fails', async () => {
    const admin = await account('admin');
    const worker = await account('user');
    vi.spyOn(adminAuth(), 'revokeRefreshTokens').mockRejectedValueOnce(new Error('auth down (test)'));
    const error = await httpsErrorOf(changeRole(admin, { uid: worker.uid, role: 'manager' }));
    expect(error.code).toBe('internal');
    expect(error.message).toBe(ADMIN_ERRORS.updateRoleFailed);
    await expectUnchanged(worker);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'updateUserRole failed' }),
    );
  });
});

describe('updateUserRole: the last admin', () => {
  /** Each test counts admins in a database of its own, so other tests' admins do not count. */
  function isolated() {
    const db = isolatedDb();
    const { deps } = testDeps(db);
    const updateRole = createUpdateUserRoleHandler(deps);
    return {
      db,
      make: (role: Role, users: Record<string, unknown> = {}) => account(role, users, db),
      changeRole: async (caller: Account, data: unknown) => updateRole(await requestAs(caller, data)),
    };
  }

  it('refuses to demote the only admin (failed-precondition lastAdmin)', async () => {
    const { db, make, changeRole } = isolated();
    const admin = await make('admin');
    const error = await httpsErrorOf(changeRole(admin, { uid: admin.uid, role: 'manager' }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe(ADMIN_ERRORS.lastAdmin);
    expect((await claimsOf(admin.uid)).role).toBe('admin');
    expect((await userData(admin.uid, db))?.role).toBe('admin');
    expect(await auditEntries({ uid: admin.uid }, db)).toEqual([]);
  });

  it('allows the demotion when a second admin remains', async () => {
    const { db, make, changeRole } = isolated();
    const admin = await make('admin');
    const second = await make('admin');
    const result = await changeRole(admin, { uid: second.uid, role: 'manager' });
    expect(result).toEqual({ uid: second.uid, role: 'manager', previousRole: 'admin' });
    expect((await claimsOf(second.uid)).role).toBe('manager');
    expect((await userData(second.uid, db))?.role).toBe('manager');
    expect((await onlyAuditEntry({ uid: second.uid }, db)).changes).toEqual({
      role: { from: 'admin', to: 'manager' },
    });
    // Now the caller is the last one.
    const error = await httpsErrorOf(changeRole(admin, { uid: admin.uid, role: 'user' }));
    expect(error.message).toBe(ADMIN_ERRORS.lastAdmin);
  });

  it('lets an admin step down while another admin remains', async () => {
    const { make, changeRole } = isolated();
    const admin = await make('admin');
    await make('admin');
    await expect(changeRole(admin, { uid: admin.uid, role: 'manager_pl' })).resolves.toMatchObject({
      role: 'manager_pl',
    });
    expect((await claimsOf(admin.uid)).role).toBe('manager_pl');
  });

  it('keeps one admin when the last two demote each other at the same moment', async () => {
    const { db, make, changeRole } = isolated();
    const first = await make('admin');
    const second = await make('admin');
    const results = await Promise.allSettled([
      changeRole(first, { uid: second.uid, role: 'manager' }),
      changeRole(second, { uid: first.uid, role: 'manager' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(String(refused?.status === 'rejected' && refused.reason.message)).toBe(ADMIN_ERRORS.lastAdmin);
    const roles = await Promise.all([first, second].map(async (admin) => (await claimsOf(admin.uid)).role));
    const mirrored = await Promise.all(
      [first, second].map(async (admin) => (await userData(admin.uid, db))?.role),
    );
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
    expect(mirrored).toEqual(roles);
  });

  it('counts neither a disabled admin nor an admin record that is not staff-made (no directory worker)', async () => {
    const { make, changeRole } = isolated();
    const admin = await make('admin');
    const disabled = await make('admin');
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    await make('admin', { workerId: null });
    const error = await httpsErrorOf(changeRole(admin, { uid: admin.uid, role: 'manager' }));
    expect(error.message).toBe(ADMIN_ERRORS.lastAdmin);
  });

  it('counts an admin by the record, not the claim: a user claim over an admin record is an admin', async () => {
    const { db, make, changeRole } = isolated();
    const admin = await make('admin');
    const byRecord = await make('admin');
    await adminAuth().setCustomUserClaims(byRecord.uid, { role: 'user' });
    await changeRole(admin, { uid: admin.uid, role: 'manager' });
    expect((await userData(admin.uid, db))?.role).toBe('manager');
  });
});

describe('saveUserPermissions', () => {
  const { deps, logger } = testDeps();
  const save = createSavePermissionsHandler(deps);
  const saveAs = async (caller: Account, data: unknown) => save(await requestAs(caller, data));

  async function expectUnchanged(
    target: Account,
    lists = { assignedPermissions: [], revokedPermissions: [] },
  ) {
    expect(await userData(target.uid)).toMatchObject(lists);
    expect(await auditEntries({ uid: target.uid })).toEqual([]);
  }

  it('stores both lists (each flag once, in table order) with one audit entry of from/to', async () => {
    const admin = await account('admin');
    const manager = await account('manager', { assignedPermissions: ['ACCESS_PL_TOOLS'] });
    const result = await saveAs(admin, {
      uid: manager.uid,
      assignedPermissions: ['ENABLE_DISABLE_USER', 'ACCESS_PL_TOOLS', 'ENABLE_DISABLE_USER'],
      revokedPermissions: ['RESET_USER_PASSWORD'],
    });
    const after = {
      assignedPermissions: ['ACCESS_PL_TOOLS', 'ENABLE_DISABLE_USER'],
      revokedPermissions: ['RESET_USER_PASSWORD'],
    };
    expect(result).toEqual({ uid: manager.uid, ...after });
    expect(await userData(manager.uid)).toMatchObject({ ...after, updatedAt: Timestamp.fromMillis(NOW) });
    expect(await onlyAuditEntry({ uid: manager.uid })).toEqual({
      at: Timestamp.fromMillis(NOW),
      action: 'saveUserPermissions',
      by: auditBy(admin),
      target: { uid: manager.uid, email: manager.email },
      changes: {
        assignedPermissions: { from: ['ACCESS_PL_TOOLS'], to: after.assignedPermissions },
        revokedPermissions: { from: [], to: after.revokedPermissions },
      },
    });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'saveUserPermissions' }),
    );
  });

  it('takes effect on the target’s next call: a revoked permission is refused', async () => {
    const admin = await account('admin');
    const manager = await account('manager');
    const worker = await account('user');
    await saveAs(admin, {
      uid: manager.uid,
      assignedPermissions: [],
      revokedPermissions: ['MANAGE_USER_PERMISSIONS'],
    });
    const assigned = await saveAs(admin, {
      uid: manager.uid,
      assignedPermissions: ['MANAGE_USER_PERMISSIONS'],
      revokedPermissions: [],
    });
    expect(assigned.assignedPermissions).toEqual(['MANAGE_USER_PERMISSIONS']);
    // The manager now holds MANAGE_USER_PERMISSIONS by assignment and can use it.
    await expect(
      saveAs(manager, {
        uid: worker.uid,
        assignedPermissions: [],
        revokedPermissions: ['SUBMIT_CAR_TICKETS'],
      }),
    ).resolves.toMatchObject({ revokedPermissions: ['SUBMIT_CAR_TICKETS'] });
  });

  it('creates the users document of an account that has none', async () => {
    const admin = await account('admin');
    const plain = await createTestUser();
    await saveAs(admin, {
      uid: plain.uid,
      assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'],
      revokedPermissions: [],
    });
    expect(await userData(plain.uid)).toMatchObject({
      assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'],
      revokedPermissions: [],
    });
  });

  it('answers unauthenticated without a signed-in caller', async () => {
    const worker = await account('user');
    const error = await httpsErrorOf(
      save(callableRequest({ uid: worker.uid, assignedPermissions: [], revokedPermissions: [] })),
    );
    expect(error.code).toBe('unauthenticated');
    await expectUnchanged(worker);
  });

  it.each<[string, () => Promise<Account>]>([
    ['a manager_pl', () => account('manager_pl')],
    [
      'an admin whose users document revokes MANAGE_USER_PERMISSIONS',
      () => account('admin', { revokedPermissions: ['MANAGE_USER_PERMISSIONS'] }),
    ],
  ])('refuses %s with permission-denied forbidden', async (_name, makeCaller) => {
    const caller = await makeCaller();
    const worker = await account('user');
    const error = await httpsErrorOf(
      saveAs(caller, { uid: worker.uid, assignedPermissions: ['PROCESS_TICKETS'], revokedPermissions: [] }),
    );
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.forbidden);
    await expectUnchanged(worker);
  });

  it('refuses a target whose role outranks the caller (targetOutranks)', async () => {
    const delegate = await account('manager', { assignedPermissions: ['MANAGE_USER_PERMISSIONS'] });
    const managerPl = await account('manager_pl');
    const error = await httpsErrorOf(
      saveAs(delegate, {
        uid: managerPl.uid,
        assignedPermissions: [],
        revokedPermissions: ['ACCESS_PL_TOOLS'],
      }),
    );
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.targetOutranks);
    await expectUnchanged(managerPl);
  });

  it('refuses to assign a permission the caller does not hold (aboveOwnLevel)', async () => {
    const delegate = await account('manager', { assignedPermissions: ['MANAGE_USER_PERMISSIONS'] });
    const worker = await account('user');
    const error = await httpsErrorOf(
      saveAs(delegate, {
        uid: worker.uid,
        assignedPermissions: ['PROCESS_TICKETS', 'ACCESS_DEBUG_TOOLS'],
        revokedPermissions: [],
      }),
    );
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.aboveOwnLevel);
    expect(error.details).toEqual({ permissions: ['ACCESS_DEBUG_TOOLS'] });
    await expectUnchanged(worker);
  });

  it('answers invalid-argument assignedAndRevoked for a flag in both lists', async () => {
    const admin = await account('admin');
    const worker = await account('user');
    const error = await httpsErrorOf(
      saveAs(admin, {
        uid: worker.uid,
        assignedPermissions: ['PROCESS_TICKETS'],
        revokedPermissions: ['PROCESS_TICKETS'],
      }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe(ADMIN_ERRORS.assignedAndRevoked);
    expect(fieldsOf(error)).toEqual({ revokedPermissions: ADMIN_ERRORS.assignedAndRevoked });
    await expectUnchanged(worker);
  });

  it('answers invalid-argument with field keys for unknown flags and a missing uid', async () => {
    const admin = await account('admin');
    const error = await httpsErrorOf(
      saveAs(admin, { uid: '', assignedPermissions: ['FLY'], revokedPermissions: 'none' }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({
      uid: 'validation.required',
      'assignedPermissions.0': 'validation.invalid',
      revokedPermissions: 'validation.invalid',
    });
  });

  it('answers not-found userNotFound for an unknown uid', async () => {
    const admin = await account('admin');
    const error = await httpsErrorOf(
      saveAs(admin, { uid: 'no-such-user-uid', assignedPermissions: [], revokedPermissions: [] }),
    );
    expect(error.code).toBe('not-found');
    expect(error.message).toBe(ADMIN_ERRORS.userNotFound);
  });
});
