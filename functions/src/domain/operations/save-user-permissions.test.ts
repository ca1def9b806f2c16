import { describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '../admin-api.js';
import type { Permission } from '../permissions.js';
import type { Role } from '../roles.js';
import type { TargetAccount } from './account-state.js';
import type { OperationCaller } from './decision.js';
import { type SavePermissionsState, decideSavePermissions } from './save-user-permissions.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const caller = (role: Role, assignedPermissions: string[] = []): OperationCaller => ({
  uid: 'c1',
  email: null,
  name: 'Cleo',
  role,
  assignedPermissions,
});
const target = (role: Role): TargetAccount => ({
  uid: 't1',
  role,
  email: 't@example.com',
  disabled: false,
  claims: {},
});
const state = (role: Role, assigned: string[] = [], revoked: string[] = []): SavePermissionsState => ({
  target: target(role),
  stored: { assignedPermissions: assigned, revokedPermissions: revoked },
  lastHeldByTarget: null,
});
/** An admin target that is the last enabled admin holding these permissions. */
const lastHolder = (held: Permission[], revoked: string[] = []): SavePermissionsState => ({
  ...state('admin', [], revoked),
  lastHeldByTarget: held,
});
const save = (assignedPermissions: Permission[], revokedPermissions: Permission[] = []) => ({
  uid: 't1',
  assignedPermissions,
  revokedPermissions,
});

describe('decideSavePermissions refuses', () => {
  it.each<
    [string, SavePermissionsState, OperationCaller, Permission[], string, string, Record<string, unknown>?]
  >([
    [
      'a missing account',
      { ...state('user'), target: null },
      caller('admin'),
      [],
      'not-found',
      ADMIN_ERRORS.userNotFound,
    ],
    [
      'a target above the caller',
      state('admin'),
      caller('manager', ['MANAGE_USER_PERMISSIONS']),
      [],
      'permission-denied',
      ADMIN_ERRORS.targetOutranks,
    ],
    [
      "the caller's own permissions, even an admin's",
      { ...state('admin'), target: { ...target('admin'), uid: 'c1' } },
      caller('admin'),
      [],
      'permission-denied',
      ADMIN_ERRORS.ownPermissions,
    ],
    [
      'a target of the same level below admin (manager on manager)',
      state('manager'),
      caller('manager', ['MANAGE_USER_PERMISSIONS']),
      [],
      'permission-denied',
      ADMIN_ERRORS.equalOrHigherLevel,
    ],
    [
      'a target of the same level below admin (foreman on foreman)',
      state('foreman'),
      caller('foreman', ['MANAGE_USER_PERMISSIONS']),
      [],
      'permission-denied',
      ADMIN_ERRORS.equalOrHigherLevel,
    ],
    [
      'granting a flag the caller lacks',
      state('user'),
      caller('manager', ['MANAGE_USER_PERMISSIONS']),
      ['ACCESS_PL_TOOLS', 'PROCESS_TICKETS'],
      'permission-denied',
      ADMIN_ERRORS.aboveOwnLevel,
      { permissions: ['ACCESS_PL_TOOLS'] },
    ],
  ])('%s', (_, given, by, assigned, code, message, details) => {
    expect(decideSavePermissions(given, save(assigned), by, NOW)).toEqual({
      isRefused: true,
      refusal: details ? { code, message, details } : { code, message },
    });
  });
});

describe('decideSavePermissions and the last admin holding account management', () => {
  it.each<[string, SavePermissionsState, Permission[], Permission[]]>([
    [
      'revoking MANAGE_USER_PERMISSIONS',
      lastHolder(['MANAGE_USER_PERMISSIONS']),
      ['MANAGE_USER_PERMISSIONS'],
      ['MANAGE_USER_PERMISSIONS'],
    ],
    [
      'revoking MODIFY_USER_ROLES',
      lastHolder(['MODIFY_USER_ROLES']),
      ['MODIFY_USER_ROLES'],
      ['MODIFY_USER_ROLES'],
    ],
    [
      'revoking both',
      lastHolder(['MANAGE_USER_PERMISSIONS', 'MODIFY_USER_ROLES']),
      ['MODIFY_USER_ROLES', 'MANAGE_USER_PERMISSIONS'],
      ['MANAGE_USER_PERMISSIONS', 'MODIFY_USER_ROLES'],
    ],
  ])('refuses %s of the last holder', (_, given, revoked, lost) => {
    expect(decideSavePermissions(given, save([], revoked), caller('admin'), NOW)).toEqual({
      isRefused: true,
      refusal: {
        code: 'failed-precondition',
        message: ADMIN_ERRORS.lastPermissionHolder,
        details: { permissions: lost },
      },
    });
  });

  it('lets another admin lose them while someone else still holds them', () => {
    expect(
      decideSavePermissions(lastHolder([]), save([], ['MANAGE_USER_PERMISSIONS']), caller('admin'), NOW),
    ).toMatchObject({ isRefused: false });
  });

  it('lets the last holder lose other permissions, and gives a revoked one back', () => {
    expect(
      decideSavePermissions(
        lastHolder(['MANAGE_USER_PERMISSIONS']),
        save([], ['ACCESS_DEBUG_TOOLS']),
        caller('admin'),
        NOW,
      ),
    ).toMatchObject({ isRefused: false });
    // Already revoked (by an older rule) and kept revoked: not lost by this save.
    expect(
      decideSavePermissions(
        lastHolder(['MODIFY_USER_ROLES'], ['MODIFY_USER_ROLES']),
        save([], ['MODIFY_USER_ROLES']),
        caller('admin'),
        NOW,
      ),
    ).toMatchObject({ isRefused: false });
  });
});

describe('decideSavePermissions', () => {
  it.each<[string, SavePermissionsState, OperationCaller, Permission[], Permission[], Permission[]]>([
    [
      'grants and revokes in table order, each once',
      state('user'),
      caller('admin'),
      ['PROCESS_TICKETS', 'VIEW_OWN_DATA', 'PROCESS_TICKETS'],
      ['SUBMIT_BUG_REPORT'],
      ['VIEW_OWN_DATA', 'PROCESS_TICKETS'],
    ],
    [
      'keeps a flag the caller lacks that was already granted',
      state('user', ['ACCESS_PL_TOOLS']),
      caller('manager', ['MANAGE_USER_PERMISSIONS']),
      ['ACCESS_PL_TOOLS'],
      [],
      ['ACCESS_PL_TOOLS'],
    ],
    ['lets an admin act on another admin', state('admin'), caller('admin'), [], ['ACCESS_DEBUG_TOOLS'], []],
  ])('%s', (_, given, by, assigned, revoked, assignedAfter) => {
    const after = { assignedPermissions: assignedAfter, revokedPermissions: revoked };
    expect(decideSavePermissions(given, save(assigned, revoked), by, NOW)).toMatchObject({
      isRefused: false,
      result: { uid: 't1', ...after },
      writes: [{ type: 'set', path: 'users/t1', data: { ...after, updatedAt: new Date(NOW) }, merge: true }],
      log: [
        {
          collection: 'auditLog',
          data: {
            action: 'saveUserPermissions',
            target: { uid: 't1', email: 't@example.com' },
            changes: {
              assignedPermissions: { from: given.stored.assignedPermissions, to: assignedAfter },
              revokedPermissions: { from: given.stored.revokedPermissions, to: revoked },
            },
          },
        },
      ],
    });
  });
});
