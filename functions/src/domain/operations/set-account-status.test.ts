import { describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '../admin-api.js';
import type { Role } from '../roles.js';
import type { TargetAccount } from './account-state.js';
import type { OperationCaller } from './decision.js';
import { decideSetAccountStatus } from './set-account-status.js';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const caller = (role: Role): OperationCaller => ({ uid: 'c1', email: 'c@example.com', name: 'Cleo', role });
const target = (role: Role, disabled = false): TargetAccount => ({
  uid: 't1',
  role,
  email: 't@example.com',
  disabled,
  claims: { role },
});

describe('decideSetAccountStatus refuses', () => {
  it.each<[string, TargetAccount | null, string, Role, string, string]>([
    ['oneself, before anything else', null, 'c1', 'admin', 'failed-precondition', ADMIN_ERRORS.selfDisable],
    ['a missing account', null, 't1', 'admin', 'not-found', ADMIN_ERRORS.userNotFound],
    [
      'an account of the same level',
      target('manager_pl'),
      't1',
      'manager_pl',
      'permission-denied',
      ADMIN_ERRORS.equalOrHigherLevel,
    ],
    [
      'an account of a higher level',
      target('admin'),
      't1',
      'manager_pl',
      'permission-denied',
      ADMIN_ERRORS.equalOrHigherLevel,
    ],
  ])('%s', (_, account, uid, role, code, message) => {
    expect(decideSetAccountStatus({ target: account }, { uid, disabled: true }, caller(role), NOW)).toEqual({
      isRefused: true,
      refusal: { code, message },
    });
  });
});

describe('decideSetAccountStatus', () => {
  it.each<[string, boolean, boolean, string[]]>([
    ['disables and signs out', false, true, ['setDisabled', 'revokeSessions']],
    ['enables', true, false, ['setDisabled']],
  ])('%s', (_, was, disabled, changes) => {
    const decision = decideSetAccountStatus(
      { target: target('manager', was) },
      { uid: 't1', disabled },
      caller('manager_pl'),
      NOW,
    );
    expect(decision).toMatchObject({
      isRefused: false,
      result: { uid: 't1', disabled },
      writes: [{ type: 'set', path: 'users/t1', data: { disabled, updatedAt: new Date(NOW) }, merge: true }],
      log: [
        {
          collection: 'auditLog',
          data: { action: 'setAccountStatus', changes: { disabled: { from: was, to: disabled } } },
        },
      ],
      undo: [{ type: 'set', path: 'users/t1', data: { disabled: was }, merge: true }],
    });
    expect(decision.isRefused ? [] : decision.accountChanges.map((change) => change.type)).toEqual(changes);
    expect(decision.isRefused ? null : decision.accountChanges[0]).toEqual({
      type: 'setDisabled',
      uid: 't1',
      disabled,
      undo: was,
    });
  });

  it.each([true, false])('changes nothing when the account already is disabled=%s', (disabled) => {
    const decision = decideSetAccountStatus(
      { target: target('user', disabled) },
      { uid: 't1', disabled },
      caller('admin'),
      NOW,
    );
    expect(decision).toMatchObject({
      isRefused: false,
      writes: [],
      log: [],
      accountChanges: [],
      result: { uid: 't1', disabled },
    });
  });
});
