import { describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '../admin-api.js';
import type { Role } from '../roles.js';
import type { TargetAccount } from './account-state.js';
import type { OperationCaller } from './decision.js';
import { ADMIN_NO_EMAIL, decideResetUserPassword } from './reset-user-password.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const caller = (role: Role): OperationCaller => ({ uid: 'c1', email: 'c@example.com', name: 'Cleo', role });
const target = (role: Role, email: string | null = 't@example.com'): TargetAccount => ({
  uid: 't1',
  role,
  email,
  disabled: false,
  claims: {},
});

describe('decideResetUserPassword', () => {
  it.each<[string, TargetAccount | null, Role, string, string]>([
    ['a missing account', null, 'admin', 'not-found', ADMIN_ERRORS.userNotFound],
    [
      'an account of the same level',
      target('manager'),
      'manager',
      'permission-denied',
      ADMIN_ERRORS.equalOrHigherLevel,
    ],
    [
      'an account of a higher level',
      target('admin'),
      'manager',
      'permission-denied',
      ADMIN_ERRORS.equalOrHigherLevel,
    ],
    ['an account without e-mail', target('user', null), 'manager', 'failed-precondition', ADMIN_NO_EMAIL],
  ])('refuses %s', (_, account, role, code, message) => {
    expect(decideResetUserPassword({ target: account }, { uid: 't1' }, caller(role), NOW)).toEqual({
      isRefused: true,
      refusal: { code, message },
    });
  });

  it.each<Role>(['manager', 'manager_pl', 'admin'])(
    'lets a %s reset a worker’s password, audited first',
    (role) => {
      expect(
        decideResetUserPassword({ target: target('user') }, { uid: 't1' }, caller(role), NOW),
      ).toMatchObject({
        isRefused: false,
        result: { uid: 't1', email: 't@example.com' },
        writes: [],
        log: [
          {
            collection: 'auditLog',
            data: { action: 'resetUserPassword', target: { uid: 't1', email: 't@example.com' }, changes: {} },
          },
        ],
      });
    },
  );
});
