import { describe, expect, it } from 'vitest';
import {
  AUTH_RULES,
  type AuthRules,
  canAccess,
  hasAtLeastRole,
  hasPermission,
  hasRole,
  isAdmin,
  permissionSource,
} from './access.js';
import { ALL_PERMISSIONS, type Permission, ROLE_PERMISSIONS } from './permissions.js';
import { ALL_ROLES, ROLE_HIERARCHY } from './roles.js';

describe('hasRole', () => {
  it('matches the exact role only', () => {
    expect(hasRole('manager', 'manager')).toBe(true);
    expect(hasRole('admin', 'manager')).toBe(false);
    expect(hasRole('Manager', 'manager')).toBe(false);
  });
  it('is false for a missing role', () => {
    expect(hasRole(undefined, 'user')).toBe(false);
  });
});

describe('hasAtLeastRole', () => {
  it('compares hierarchy levels', () => {
    expect(hasAtLeastRole('manager', 'manager', AUTH_RULES)).toBe(true);
    expect(hasAtLeastRole('admin', 'manager', AUTH_RULES)).toBe(true);
    expect(hasAtLeastRole('manager_pl', 'manager', AUTH_RULES)).toBe(true);
    expect(hasAtLeastRole('foreman', 'manager', AUTH_RULES)).toBe(false);
    expect(hasAtLeastRole('user', 'foreman', AUTH_RULES)).toBe(false);
  });
  it('counts an unknown or missing user role as 0', () => {
    const rules: AuthRules = { ...AUTH_RULES, ROLE_HIERARCHY: { ...AUTH_RULES.ROLE_HIERARCHY, zero: 0 } };
    expect(hasAtLeastRole('nobody', 'zero', rules)).toBe(true);
    expect(hasAtLeastRole(undefined, 'zero', rules)).toBe(true);
    expect(hasAtLeastRole('nobody', 'user', rules)).toBe(false);
    expect(hasAtLeastRole(undefined, 'user', rules)).toBe(false);
  });
  it('counts an unknown required role as 999, so even admin fails', () => {
    expect(hasAtLeastRole('admin', 'superuser', AUTH_RULES)).toBe(false);
    const rules: AuthRules = { ...AUTH_RULES, ROLE_HIERARCHY: { ...AUTH_RULES.ROLE_HIERARCHY, god: 999 } };
    expect(hasAtLeastRole('god', 'superuser', rules)).toBe(true);
    expect(hasAtLeastRole('god', 'admin', rules)).toBe(true);
  });
  it('does not treat inherited object keys as roles', () => {
    expect(hasAtLeastRole('toString', 'user', AUTH_RULES)).toBe(false);
    expect(hasAtLeastRole('admin', 'constructor', AUTH_RULES)).toBe(false);
  });
  it('reads the levels from the rules it is given', () => {
    const rules: AuthRules = { ...AUTH_RULES, ROLE_HIERARCHY: { user: 10, manager: 3 } };
    expect(hasAtLeastRole('user', 'manager', rules)).toBe(true);
  });
});

describe('isAdmin', () => {
  it('is true only for the rules admin role', () => {
    expect(isAdmin('admin', AUTH_RULES)).toBe(true);
    expect(isAdmin('manager_pl', AUTH_RULES)).toBe(false);
    expect(isAdmin(undefined, AUTH_RULES)).toBe(false);
    expect(isAdmin('root', { ...AUTH_RULES, ROLES: { ADMIN: 'root' } })).toBe(true);
    expect(isAdmin('admin', { ...AUTH_RULES, ROLES: { ADMIN: 'root' } })).toBe(false);
  });
});

describe('hasPermission', () => {
  const worker = { role: 'user' };
  it('is false without rules or user', () => {
    expect(hasPermission(worker, 'VIEW_OWN_DATA', null)).toBe(false);
    expect(hasPermission(worker, 'VIEW_OWN_DATA', undefined)).toBe(false);
    expect(hasPermission(null, 'VIEW_OWN_DATA', AUTH_RULES)).toBe(false);
    expect(hasPermission(undefined, 'VIEW_OWN_DATA', AUTH_RULES)).toBe(false);
  });
  it('takes a Permission, not any string', () => {
    // @ts-expect-error a flag the permission table does not name
    expect(hasPermission(worker, 'FLY', AUTH_RULES)).toBe(false);
  });
  it('is false for a permission the rules do not know, even when assigned', () => {
    // Rules from an older server may lack a flag this build knows: the value is checked at run time too.
    const fly = 'FLY' as Permission;
    expect(hasPermission({ role: 'admin', assignedPermissions: ['FLY'] }, fly, AUTH_RULES)).toBe(false);
    expect(hasPermission({ role: 'admin' }, 'toString' as Permission, AUTH_RULES)).toBe(false);
  });
  it('grants by role default', () => {
    expect(hasPermission(worker, 'SUBMIT_BUG_REPORT', AUTH_RULES)).toBe(true);
    expect(hasPermission(worker, 'VIEW_ALL_USER_DATA', AUTH_RULES)).toBe(false);
    expect(hasPermission({ role: 'manager' }, 'VIEW_ALL_USER_DATA', AUTH_RULES)).toBe(true);
  });
  it('grants an assigned permission beyond the role', () => {
    expect(
      hasPermission(
        { role: 'user', assignedPermissions: ['VIEW_ALL_USER_DATA'] },
        'VIEW_ALL_USER_DATA',
        AUTH_RULES,
      ),
    ).toBe(true);
  });
  it('lets revoked beat assigned and role', () => {
    expect(
      hasPermission(
        {
          role: 'admin',
          assignedPermissions: ['ACCESS_DEBUG_TOOLS'],
          revokedPermissions: ['ACCESS_DEBUG_TOOLS'],
        },
        'ACCESS_DEBUG_TOOLS',
        AUTH_RULES,
      ),
    ).toBe(false);
    expect(
      hasPermission(
        { role: 'user', revokedPermissions: ['SUBMIT_PRESALARY_TICKETS'] },
        'SUBMIT_PRESALARY_TICKETS',
        AUTH_RULES,
      ),
    ).toBe(false);
  });
  it('is false for a missing or unknown role without assignment', () => {
    expect(hasPermission({}, 'VIEW_OWN_DATA', AUTH_RULES)).toBe(false);
    expect(hasPermission({ role: 'intern' }, 'VIEW_OWN_DATA', AUTH_RULES)).toBe(false);
  });
  it('is false when the rules carry no permission table', () => {
    const broken = { ROLE_HIERARCHY: {}, ROLES: { ADMIN: 'admin' } } as unknown as AuthRules;
    expect(hasPermission({ role: 'admin' }, 'VIEW_OWN_DATA', broken)).toBe(false);
  });
});

describe('permissionSource', () => {
  it('names where a permission comes from', () => {
    const user = {
      role: 'foreman',
      assignedPermissions: ['VIEW_ALL_USER_DATA'],
      revokedPermissions: ['PROCESS_TICKETS'],
    };
    expect(permissionSource(user, 'VIEW_ALL_USER_DATA', AUTH_RULES)).toBe('assigned');
    expect(permissionSource(user, 'PROCESS_TICKETS', AUTH_RULES)).toBe('revoked');
    expect(permissionSource(user, 'ACCESS_SPECIAL_CATEGORIES', AUTH_RULES)).toBe('role');
    expect(permissionSource(user, 'ACCESS_DEBUG_TOOLS', AUTH_RULES)).toBe('none');
    expect(permissionSource(user, 'NOPE' as Permission, AUTH_RULES)).toBe('none');
  });
});

describe('canAccess', () => {
  it('admits every signed-in user when nothing is required, even without rules', () => {
    expect(canAccess({ role: 'user' }, {}, AUTH_RULES)).toBe(true);
    expect(canAccess({ role: 'intern' }, {}, AUTH_RULES)).toBe(true);
    expect(canAccess({ role: 'user' }, {}, null)).toBe(true);
    expect(canAccess(null, {}, AUTH_RULES)).toBe(false);
    expect(canAccess(undefined, {}, AUTH_RULES)).toBe(false);
  });
  it('checks a minimum role in the hierarchy', () => {
    expect(canAccess({ role: 'manager' }, { role: 'manager' }, AUTH_RULES)).toBe(true);
    expect(canAccess({ role: 'admin' }, { role: 'manager' }, AUTH_RULES)).toBe(true);
    expect(canAccess({ role: 'foreman' }, { role: 'manager' }, AUTH_RULES)).toBe(false);
    expect(canAccess({ role: 'intern' }, { role: 'user' }, AUTH_RULES)).toBe(false);
    expect(canAccess({ role: 'admin' }, { role: 'admin' }, null)).toBe(false);
  });
  it('wants every flag of allPermissions, with the user lists applied', () => {
    const access = { allPermissions: ['CREATE_USER_ACCOUNTS', 'VIEW_ALL_USER_DATA'] } as const;
    expect(canAccess({ role: 'manager' }, access, AUTH_RULES)).toBe(true);
    expect(
      canAccess({ role: 'manager', revokedPermissions: ['VIEW_ALL_USER_DATA'] }, access, AUTH_RULES),
    ).toBe(false);
    expect(
      canAccess({ role: 'user', assignedPermissions: ['CREATE_USER_ACCOUNTS'] }, access, AUTH_RULES),
    ).toBe(false);
    expect(canAccess({ role: 'admin' }, access, null)).toBe(false);
  });
  it('wants one flag of anyPermission; an empty list admits nobody', () => {
    const access = { anyPermission: ['PROCESS_TICKETS', 'VIEW_ALL_USER_DATA'] } as const;
    expect(canAccess({ role: 'foreman' }, access, AUTH_RULES)).toBe(true);
    expect(canAccess({ role: 'user', assignedPermissions: ['VIEW_ALL_USER_DATA'] }, access, AUTH_RULES)).toBe(
      true,
    );
    expect(canAccess({ role: 'user' }, access, AUTH_RULES)).toBe(false);
    expect(canAccess({ role: 'admin' }, { anyPermission: [] }, AUTH_RULES)).toBe(false);
  });
  it('wants the role and the flags together', () => {
    const access = { role: 'admin', allPermissions: ['ACCESS_DEBUG_TOOLS'] } as const;
    expect(canAccess({ role: 'admin' }, access, AUTH_RULES)).toBe(true);
    expect(canAccess({ role: 'admin', revokedPermissions: ['ACCESS_DEBUG_TOOLS'] }, access, AUTH_RULES)).toBe(
      false,
    );
    expect(
      canAccess({ role: 'manager', assignedPermissions: ['ACCESS_DEBUG_TOOLS'] }, access, AUTH_RULES),
    ).toBe(false);
  });
});

describe('AUTH_RULES', () => {
  it('serves the architecture role table', () => {
    expect(AUTH_RULES.ROLES.ADMIN).toBe('admin');
    expect(AUTH_RULES.ROLE_HIERARCHY).toEqual({ user: 1, foreman: 2, manager: 3, manager_pl: 4, admin: 5 });
    expect(Object.keys(AUTH_RULES.PERMISSIONS).sort()).toEqual([...ALL_PERMISSIONS].sort());
  });
  it.each<[string, Permission[], Permission[]]>([
    [
      'user',
      ['VIEW_OWN_DATA', 'SUBMIT_BUG_REPORT', 'SUBMIT_TOOLS_TICKETS'],
      ['ACCESS_SPECIAL_CATEGORIES', 'PROCESS_TICKETS'],
    ],
    [
      'foreman',
      ['ACCESS_SPECIAL_CATEGORIES', 'PROCESS_TICKETS'],
      ['VIEW_ALL_USER_DATA', 'CREATE_USER_ACCOUNTS'],
    ],
    [
      'manager',
      [
        'VIEW_ALL_USER_DATA',
        'CREATE_USER_ACCOUNTS',
        'EDIT_WORKER_MONDAY_DATA',
        'VIEW_USER_ACCOUNT_STATUS',
        'RESET_USER_PASSWORD',
      ],
      ['ACCESS_PL_TOOLS', 'ENABLE_DISABLE_USER'],
    ],
    [
      'manager_pl',
      ['ACCESS_PL_TOOLS', 'ENABLE_DISABLE_USER'],
      ['CREATE_MANAGER_ACCOUNTS', 'MODIFY_USER_ROLES', 'ACCESS_DEBUG_TOOLS', 'MANAGE_USER_PERMISSIONS'],
    ],
    [
      'admin',
      ['CREATE_MANAGER_ACCOUNTS', 'MODIFY_USER_ROLES', 'ACCESS_DEBUG_TOOLS', 'MANAGE_USER_PERMISSIONS'],
      [],
    ],
  ])('gives %s its permissions and no more', (role, granted, denied) => {
    for (const p of granted) expect(hasPermission({ role }, p, AUTH_RULES), `${role} ${p}`).toBe(true);
    for (const p of denied) expect(hasPermission({ role }, p, AUTH_RULES), `${role} ${p}`).toBe(false);
  });
  it('is monotonic: a higher role holds every permission of a lower one', () => {
    for (const permission of ALL_PERMISSIONS) {
      const roles: string[] = ROLE_PERMISSIONS[permission];
      for (const role of ALL_ROLES) {
        if (!roles.includes(role)) continue;
        for (const higher of ALL_ROLES.filter((r) => ROLE_HIERARCHY[r] > ROLE_HIERARCHY[role])) {
          expect(roles, `${higher} should have ${permission}`).toContain(higher);
        }
      }
    }
  });
  it('is a copy: changing it does not change the role table', () => {
    AUTH_RULES.PERMISSIONS.VIEW_OWN_DATA?.push('ghost');
    expect(ROLE_PERMISSIONS.VIEW_OWN_DATA).not.toContain('ghost');
    AUTH_RULES.PERMISSIONS.VIEW_OWN_DATA?.pop();
  });
});
