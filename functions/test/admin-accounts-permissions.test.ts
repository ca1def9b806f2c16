// saveUserPermissions against the emulators, as a staff member trying to widen their own power would
// meet it: nobody edits their own permissions or those of an account of their level (admins may edit
// other admins), and the last admin holding MANAGE_USER_PERMISSIONS or MODIFY_USER_ROLES keeps it,
// also when two admins strip each other at the same moment.
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { createSavePermissionsHandler } from '../src/callable/admin/save-user-permissions.js';
import { ADMIN_ERRORS, type Role } from '../src/domain/index.js';
import {
  type Account,
  account,
  auditEntries,
  isolatedDb,
  requestAs,
  testDeps,
  userData,
} from '../testing/admin-accounts-fixtures.js';
import { httpsErrorOf } from '../testing/helpers.js';

/** A staff-made account (linked to a directory worker) in `db`. */
const staffMade = (role: Role, db?: Firestore, users: Record<string, unknown> = {}) =>
  account(role, { workerId: `w-${randomUUID().slice(0, 8)}`, ...users }, db);

function saverOn(db?: Firestore) {
  const { deps } = testDeps(db);
  const save = createSavePermissionsHandler(deps);
  return async (caller: Account, target: Account, revokedPermissions: string[], assigned: string[] = []) =>
    save(await requestAs(caller, { uid: target.uid, assignedPermissions: assigned, revokedPermissions }));
}

describe('saveUserPermissions: whose permissions', () => {
  const save = saverOn();

  it('refuses the caller’s own permissions, even an admin adding to them (ownPermissions)', async () => {
    const admin = await staffMade('admin');
    const error = await httpsErrorOf(save(admin, admin, [], ['ACCESS_PL_TOOLS']));
    expect([error.code, error.message]).toEqual(['permission-denied', ADMIN_ERRORS.ownPermissions]);
    expect(await userData(admin.uid)).toMatchObject({ assignedPermissions: [] });
    expect(await auditEntries({ uid: admin.uid })).toEqual([]);
  });

  it('refuses a manager granted MANAGE_USER_PERMISSIONS on another manager (equalOrHigherLevel)', async () => {
    const delegate = await staffMade('manager', undefined, {
      assignedPermissions: ['MANAGE_USER_PERMISSIONS'],
    });
    const peer = await staffMade('manager');
    const error = await httpsErrorOf(save(delegate, peer, ['PROCESS_TICKETS']));
    expect([error.code, error.message]).toEqual(['permission-denied', ADMIN_ERRORS.equalOrHigherLevel]);
    expect(await userData(peer.uid)).toMatchObject({ revokedPermissions: [] });
  });

  it('lets that manager edit a foreman below them', async () => {
    const delegate = await staffMade('manager', undefined, {
      assignedPermissions: ['MANAGE_USER_PERMISSIONS'],
    });
    const foreman = await staffMade('foreman');
    await expect(save(delegate, foreman, ['PROCESS_TICKETS'])).resolves.toMatchObject({
      revokedPermissions: ['PROCESS_TICKETS'],
    });
  });
});

describe('saveUserPermissions: the last admin holding account management', () => {
  it('refuses to take MODIFY_USER_ROLES from its last enabled holder (lastPermissionHolder)', async () => {
    const db = isolatedDb();
    const save = saverOn(db);
    const first = await staffMade('admin', db);
    const second = await staffMade('admin', db);
    await save(first, second, ['MODIFY_USER_ROLES']);
    const error = await httpsErrorOf(save(second, first, ['MODIFY_USER_ROLES']));
    expect([error.code, error.message]).toEqual(['failed-precondition', ADMIN_ERRORS.lastPermissionHolder]);
    expect(error.details).toEqual({ permissions: ['MODIFY_USER_ROLES'] });
    expect(await userData(first.uid, db)).toMatchObject({ revokedPermissions: [] });
  });

  it('does not count a disabled admin as another holder', async () => {
    const db = isolatedDb();
    const save = saverOn(db);
    const first = await staffMade('admin', db);
    const second = await staffMade('admin', db);
    await staffMade('admin', db, { disabled: true });
    await save(first, second, ['MODIFY_USER_ROLES']);
    const error = await httpsErrorOf(save(second, first, ['MODIFY_USER_ROLES']));
    expect(error.message).toBe(ADMIN_ERRORS.lastPermissionHolder);
  });

  it('keeps one holder when the last two strip each other of MANAGE_USER_PERMISSIONS at once', async () => {
    const db = isolatedDb();
    const save = saverOn(db);
    const first = await staffMade('admin', db);
    const second = await staffMade('admin', db);
    const results = await Promise.allSettled([
      save(first, second, ['MANAGE_USER_PERMISSIONS']),
      save(second, first, ['MANAGE_USER_PERMISSIONS']),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const revoked = await Promise.all(
      [first, second].map(async (admin) => (await userData(admin.uid, db))?.revokedPermissions),
    );
    expect(revoked.filter((list) => list.includes('MANAGE_USER_PERMISSIONS'))).toHaveLength(1);
  });
});
