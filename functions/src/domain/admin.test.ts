import { describe, expect, it } from 'vitest';
import { AUTH_RULES } from './access.js';
import {
  createAccountSchema,
  creatableRoles,
  outranks,
  permissionLists,
  roleChangeRefusal,
  roleLevel,
  savePermissionsSchema,
  setAccountStatusSchema,
  updateRoleSchema,
} from './admin.js';

describe('role levels', () => {
  it('reads the hierarchy and counts an unknown role as 0', () => {
    expect(roleLevel('admin')).toBe(5);
    expect(roleLevel('user')).toBe(1);
    expect(roleLevel('superuser')).toBe(0);
    expect(roleLevel(undefined)).toBe(0);
  });

  it('lets a caller act only on users below their level', () => {
    expect(outranks('manager', 'user')).toBe(true);
    expect(outranks('manager', 'foreman')).toBe(true);
    expect(outranks('manager', 'manager')).toBe(false);
    expect(outranks('manager', 'admin')).toBe(false);
    expect(outranks('admin', undefined)).toBe(true);
    expect(outranks('user', 'user')).toBe(false);
  });
});

describe('roleChangeRefusal', () => {
  const change = (callerRole: string, targetRole: string, newRole: string, adminCount = 2) =>
    roleChangeRefusal({ callerRole, targetRole, newRole, adminCount });

  it('allows a role up to the caller level for someone not above the caller', () => {
    expect(change('admin', 'user', 'foreman')).toBeNull();
    expect(change('admin', 'manager', 'admin')).toBeNull();
    expect(change('manager', 'user', 'manager')).toBeNull();
  });

  it('refuses a role above the caller, a target above the caller and unknown roles', () => {
    expect(change('manager', 'user', 'manager_pl')).toBe('aboveOwnLevel');
    expect(change('manager', 'admin', 'user')).toBe('targetOutranks');
    expect(change('admin', 'user', 'owner')).toBe('unknownRole');
  });

  it('never demotes the last admin, but another admin may be demoted', () => {
    expect(change('admin', 'admin', 'manager', 1)).toBe('lastAdmin');
    expect(change('admin', 'admin', 'manager', 2)).toBeNull();
    expect(change('admin', 'admin', 'admin', 1)).toBeNull();
  });
});

describe('creatableRoles', () => {
  it('gives regular creators the User role only, and CREATE_MANAGER_ACCOUNTS foreman and manager too', () => {
    expect(creatableRoles({ role: 'manager' }, AUTH_RULES)).toEqual(['user']);
    expect(creatableRoles({ role: 'admin' }, AUTH_RULES)).toEqual(['user', 'foreman', 'manager']);
    expect(
      creatableRoles({ role: 'manager', assignedPermissions: ['CREATE_MANAGER_ACCOUNTS'] }, AUTH_RULES),
    ).toEqual(['user', 'foreman', 'manager']);
    expect(
      creatableRoles({ role: 'admin', revokedPermissions: ['CREATE_MANAGER_ACCOUNTS'] }, AUTH_RULES),
    ).toEqual(['user']);
  });

  it('never offers a role above the creator’s own, whatever permissions they were given', () => {
    const granted = ['CREATE_USER_ACCOUNTS', 'CREATE_MANAGER_ACCOUNTS'];
    expect(creatableRoles({ role: 'foreman', assignedPermissions: granted }, AUTH_RULES)).toEqual([
      'user',
      'foreman',
    ]);
    expect(creatableRoles({ role: 'user', assignedPermissions: granted }, AUTH_RULES)).toEqual(['user']);
  });
});

describe('permissionLists', () => {
  it('turns settings into the assigned and revoked lists, leaving defaults out', () => {
    expect(
      permissionLists({
        ACCESS_SPECIAL_CATEGORIES: 'assigned',
        SUBMIT_PRESALARY_TICKETS: 'revoked',
        VIEW_OWN_DATA: 'default',
      }),
    ).toEqual({
      assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'],
      revokedPermissions: ['SUBMIT_PRESALARY_TICKETS'],
    });
  });
});

describe('admin payloads', () => {
  it('accepts a known role and refuses others with a message key', () => {
    expect(updateRoleSchema.parse({ uid: ' u-1 ', role: 'foreman' })).toEqual({
      uid: 'u-1',
      role: 'foreman',
    });
    const refused = updateRoleSchema.safeParse({ uid: '', role: 'owner' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['uid', 'validation.required'],
      ['role', 'validation.required'],
    ]);
  });

  it('refuses a permission both assigned and revoked, and unknown permissions', () => {
    const both = savePermissionsSchema.safeParse({
      uid: 'u-1',
      assignedPermissions: ['VIEW_OWN_DATA'],
      revokedPermissions: ['VIEW_OWN_DATA'],
    });
    expect(both.error?.issues[0]?.message).toBe('admin.errors.assignedAndRevoked');
    const unknown = savePermissionsSchema.safeParse({
      uid: 'u-1',
      assignedPermissions: ['FLY'],
      revokedPermissions: [],
    });
    expect(unknown.error?.issues[0]?.message).toBe('validation.invalid');
  });

  it('needs the disabled flag and gives new accounts the User role by default', () => {
    expect(setAccountStatusSchema.safeParse({ uid: 'u-1' }).error?.issues[0]?.message).toBe(
      'validation.required',
    );
    expect(createAccountSchema.parse({ workerId: 'w-1' })).toEqual({ workerId: 'w-1', role: 'user' });
    expect(createAccountSchema.safeParse({ workerId: 'w-1', role: 'admin' }).success).toBe(false);
  });
});
