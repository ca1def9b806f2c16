import { describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '../admin-api.js';
import type { Role } from '../roles.js';
import type { TargetAccount } from './account-state.js';
import type { OperationCaller } from './decision.js';
import { decideUpdateUserRole, needsAdminCount } from './update-user-role.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const caller = (role: Role): OperationCaller => ({
  uid: `c-${role}`,
  email: `${role}@example.com`,
  name: role,
  role,
});
const target = (role: Role): TargetAccount => ({
  uid: 't1',
  role,
  email: 't@example.com',
  disabled: false,
  claims: { role, site: 'Malmö' },
});

const refusals: [string, Role, Role, Role, number | null, string, string, Record<string, string>?][] = [
  [
    'a role above the caller’s',
    'manager_pl',
    'user',
    'admin',
    null,
    'permission-denied',
    ADMIN_ERRORS.aboveOwnLevel,
  ],
  [
    'a target above the caller',
    'manager_pl',
    'admin',
    'user',
    2,
    'permission-denied',
    ADMIN_ERRORS.targetOutranks,
  ],
  [
    'the last admin’s demotion',
    'admin',
    'admin',
    'manager',
    1,
    'failed-precondition',
    ADMIN_ERRORS.lastAdmin,
  ],
];

describe('decideUpdateUserRole refuses', () => {
  it.each(refusals)('%s', (_, by, from, to, adminCount, code, message) => {
    const decision = decideUpdateUserRole(
      { target: target(from), adminCount },
      { uid: 't1', role: to },
      caller(by),
      NOW,
    );
    expect(decision).toEqual({ isRefused: true, refusal: { code, message } });
  });

  it('a missing account', () => {
    expect(
      decideUpdateUserRole(
        { target: null, adminCount: null },
        { uid: 't1', role: 'user' },
        caller('admin'),
        NOW,
      ),
    ).toEqual({
      isRefused: true,
      refusal: { code: 'not-found', message: ADMIN_ERRORS.userNotFound },
    });
  });

  it('an unknown role', () => {
    const request = { uid: 't1', role: 'boss' as Role };
    expect(
      decideUpdateUserRole({ target: target('user'), adminCount: null }, request, caller('admin'), NOW),
    ).toEqual({
      isRefused: true,
      refusal: {
        code: 'invalid-argument',
        message: 'Invalid role change',
        fields: { role: 'validation.invalid' },
      },
    });
  });
});

describe('decideUpdateUserRole', () => {
  it.each<[string, Role, Role, Role, number | null]>([
    ['promotes a worker', 'admin', 'user', 'manager', null],
    ['demotes an admin while another is left', 'admin', 'admin', 'user', 2],
    ['lets a manager_pl promote up to their own level', 'manager_pl', 'manager', 'manager_pl', null],
  ])('%s', (_, by, from, to, adminCount) => {
    const decision = decideUpdateUserRole(
      { target: target(from), adminCount },
      { uid: 't1', role: to },
      caller(by),
      NOW,
    );
    expect(decision).toEqual({
      isRefused: false,
      result: { uid: 't1', role: to, previousRole: from },
      writes: [{ type: 'set', path: 'users/t1', data: { role: to, updatedAt: new Date(NOW) }, merge: true }],
      log: [
        {
          collection: 'auditLog',
          data: {
            at: new Date(NOW),
            action: 'updateUserRole',
            by: { uid: `c-${by}`, email: `${by}@example.com`, name: by, role: by },
            target: { uid: 't1', email: 't@example.com' },
            changes: { role: { from, to } },
          },
        },
      ],
      accountChanges: [
        {
          type: 'setClaims',
          uid: 't1',
          claims: { role: to, site: 'Malmö' },
          undo: { role: from, site: 'Malmö' },
        },
        { type: 'revokeSessions', uid: 't1' },
      ],
      undo: [{ type: 'set', path: 'users/t1', data: { role: from }, merge: true }],
    });
  });

  it('changes nothing for the role the account has', () => {
    const decision = decideUpdateUserRole(
      { target: target('admin'), adminCount: null },
      { uid: 't1', role: 'admin' },
      caller('admin'),
      NOW,
    );
    expect(decision).toMatchObject({ isRefused: false, writes: [], log: [], accountChanges: [] });
  });

  it.each<[Role, Role, boolean]>([
    ['admin', 'manager', true],
    ['admin', 'admin', false],
    ['manager', 'user', false],
  ])('counts the admins for %s -> %s: %s', (from, to, expected) => {
    expect(needsAdminCount(target(from), { uid: 't1', role: to })).toBe(expected);
  });
});
