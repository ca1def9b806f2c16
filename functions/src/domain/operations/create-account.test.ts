import { describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '../admin-api.js';
import type { Role } from '../roles.js';

type NewRole = 'user' | 'foreman' | 'manager';
import type { WorkerProfile } from '../worker.js';
import { type CreateAccountState, decideCreateAccount } from './create-account.js';
import type { OperationCaller } from './decision.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const at = new Date(NOW);
const caller = (role: Role, assignedPermissions: string[] = []): OperationCaller => ({
  uid: 'c1',
  email: 'c@example.com',
  name: 'Cleo',
  role,
  assignedPermissions,
});
const worker: WorkerProfile = { id: 'w1', name: 'Jan Kowalski', email: 'jan@example.com' };
const state = (overrides: Partial<CreateAccountState> = {}): CreateAccountState => ({
  worker,
  hasAccount: false,
  ...overrides,
});

describe('decideCreateAccount refuses', () => {
  it.each<[string, CreateAccountState, OperationCaller, NewRole, string, string]>([
    [
      'a foreman account from a manager',
      state(),
      caller('manager'),
      'foreman',
      'permission-denied',
      ADMIN_ERRORS.aboveOwnLevel,
    ],
    [
      'a manager account from a foreman granted the permission',
      state(),
      caller('foreman', ['CREATE_MANAGER_ACCOUNTS']),
      'manager',
      'permission-denied',
      ADMIN_ERRORS.aboveOwnLevel,
    ],
    [
      'the role before the worker',
      state({ worker: null }),
      caller('manager'),
      'manager',
      'permission-denied',
      ADMIN_ERRORS.aboveOwnLevel,
    ],
    [
      'a missing worker',
      state({ worker: null }),
      caller('manager'),
      'user',
      'not-found',
      ADMIN_ERRORS.workerNotFound,
    ],
    [
      'a worker with an account',
      state({ hasAccount: true }),
      caller('admin'),
      'user',
      'already-exists',
      ADMIN_ERRORS.accountExists,
    ],
  ])('%s', (_, given, by, role, code, message) => {
    expect(decideCreateAccount(given, { workerId: 'w1', role, uid: null }, by, NOW)).toEqual({
      isRefused: true,
      refusal: { code, message },
    });
  });
});

describe('decideCreateAccount', () => {
  it.each<[string, OperationCaller, NewRole]>([
    ['a worker account from a manager', caller('manager'), 'user'],
    ['a manager account from an admin', caller('admin'), 'manager'],
    [
      'a foreman account from a manager granted the permission',
      caller('manager', ['CREATE_MANAGER_ACCOUNTS']),
      'foreman',
    ],
  ])('checks %s before the account is made', (_, by, role) => {
    expect(decideCreateAccount(state(), { workerId: 'w1', role, uid: null }, by, NOW)).toEqual({
      isRefused: false,
      result: { email: 'jan@example.com', name: 'Jan Kowalski', role, workerId: 'w1' },
      writes: [],
      log: [],
      accountChanges: [],
      undo: [],
    });
  });

  it('writes the users document and the audit entry of the made account', () => {
    expect(
      decideCreateAccount(state(), { workerId: 'w1', role: 'user', uid: 'u1' }, caller('manager'), NOW),
    ).toMatchObject({
      isRefused: false,
      writes: [
        {
          type: 'create',
          path: 'users/u1',
          data: {
            email: 'jan@example.com',
            name: 'Jan Kowalski',
            role: 'user',
            workerId: 'w1',
            assignedPermissions: [],
            revokedPermissions: [],
            disabled: false,
            createdAt: at,
            updatedAt: at,
          },
        },
      ],
      log: [
        {
          collection: 'auditLog',
          data: {
            action: 'createAccount',
            target: { uid: 'u1', workerId: 'w1', email: 'jan@example.com' },
            changes: { role: { from: null, to: 'user' } },
          },
        },
      ],
    });
  });
});
