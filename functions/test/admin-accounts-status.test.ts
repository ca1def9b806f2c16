import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResetUserPasswordHandler } from '../src/callable/admin/reset-user-password.js';
import type { PasswordResetMailer } from '../src/callable/admin/reset-link.js';
import { createSetAccountStatusHandler } from '../src/callable/admin/set-account-status.js';
import { ADMIN_ERRORS } from '../src/domain/index.js';
import { adminAuth } from '../src/firebase.js';
import {
  type Account,
  NOW,
  account,
  auditBy,
  auditEntries,
  failingWritesDb,
  onlyAuditEntry,
  passwordSignIn,
  requestAs,
  resetPasswordWithLink,
  testDeps,
  userData,
} from '../testing/admin-accounts-fixtures.js';
import { callableRequest, fieldsOf, httpsErrorOf } from '../testing/helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A mailer that records the addresses it was asked to write to. */
function recordingMailer(link: string | null = null) {
  const sent: string[] = [];
  const mailer: PasswordResetMailer = {
    send: (email) => {
      sent.push(email);
      return Promise.resolve({ link });
    },
  };
  return { sent, mailer };
}

describe('resetUserPassword', () => {
  const { deps, logger } = testDeps();
  const reset = createResetUserPasswordHandler(deps);
  const resetAs = async (caller: Account, data: unknown) => reset(await requestAs(caller, data));

  it('returns the emulator’s reset link, whose code really sets a new password, and writes one audit entry', async () => {
    const manager = await account('manager');
    const worker = await account('user');

    const result = await resetAs(manager, { uid: worker.uid });

    expect(result).toMatchObject({ uid: worker.uid, email: worker.email });
    expect(result.link).toMatch(/^http:\/\/.+\/emulator\/action\?mode=resetPassword&.*oobCode=/);
    await resetPasswordWithLink(result.link ?? '', 'Brand-new-1');
    expect((await passwordSignIn(worker.email, 'Brand-new-1')).idToken).toBeTruthy();
    expect((await passwordSignIn(worker.email, worker.password)).error).toBe('INVALID_PASSWORD');

    expect(await onlyAuditEntry({ uid: worker.uid })).toEqual({
      at: Timestamp.fromMillis(NOW),
      action: 'resetUserPassword',
      by: auditBy(manager),
      target: { uid: worker.uid, email: worker.email },
      changes: {},
    });
    const info = logger.entries.find((entry) => entry.message === 'resetUserPassword');
    expect(info?.details).toEqual({ by: manager.uid, target: worker.uid });
    expect(JSON.stringify(logger.entries)).not.toContain('oobCode');
  });

  it('sends through the mailer it is given and passes on its answer', async () => {
    const { sent, mailer } = recordingMailer(null);
    const foreman = await account('foreman');
    const managerPl = await account('manager_pl');
    const result = await createResetUserPasswordHandler({ ...deps, mailer })(
      await requestAs(managerPl, { uid: foreman.uid }),
    );
    expect(result).toEqual({ uid: foreman.uid, email: foreman.email, link: null });
    expect(sent).toEqual([foreman.email]);
  });

  it('answers unauthenticated without a signed-in caller', async () => {
    const worker = await account('user');
    const error = await httpsErrorOf(reset(callableRequest({ uid: worker.uid })));
    expect(error.code).toBe('unauthenticated');
    expect(await auditEntries({ uid: worker.uid })).toEqual([]);
  });

  it.each<[string, () => Promise<Account>]>([
    ['a foreman', () => account('foreman')],
    [
      'a manager whose users document revokes RESET_USER_PASSWORD',
      () => account('manager', { revokedPermissions: ['RESET_USER_PASSWORD'] }),
    ],
  ])('refuses %s with permission-denied forbidden and sends nothing', async (_name, makeCaller) => {
    const { sent, mailer } = recordingMailer();
    const caller = await makeCaller();
    const worker = await account('user');
    const error = await httpsErrorOf(
      createResetUserPasswordHandler({ ...deps, mailer })(await requestAs(caller, { uid: worker.uid })),
    );
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.forbidden);
    expect(sent).toEqual([]);
    expect(await auditEntries({ uid: worker.uid })).toEqual([]);
  });

  it.each<[string, 'admin' | 'manager']>([
    ['a higher level (the manager resetting the admin’s password)', 'admin'],
    ['an equal level (a manager resetting another manager’s password)', 'manager'],
  ])('refuses %s with permission-denied equalOrHigherLevel', async (_name, targetRole) => {
    const { sent, mailer } = recordingMailer();
    const manager = await account('manager');
    const target = await account(targetRole);
    const error = await httpsErrorOf(
      createResetUserPasswordHandler({ ...deps, mailer })(await requestAs(manager, { uid: target.uid })),
    );
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.equalOrHigherLevel);
    expect(sent).toEqual([]);
    expect(await auditEntries({ uid: target.uid })).toEqual([]);
    expect((await passwordSignIn(target.email, target.password)).idToken).toBeTruthy();
  });

  it('refuses the caller’s own account (equal level)', async () => {
    const manager = await account('manager');
    const error = await httpsErrorOf(resetAs(manager, { uid: manager.uid }));
    expect(error.message).toBe(ADMIN_ERRORS.equalOrHigherLevel);
  });

  it('answers failed-precondition for an account without an e-mail address', async () => {
    const manager = await account('manager');
    const phoneOnly = await adminAuth().createUser({
      phoneNumber: `+4670${Math.floor(Math.random() * 1e7)}`,
    });
    const error = await httpsErrorOf(resetAs(manager, { uid: phoneOnly.uid }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('admin.errors.noEmail');
    expect(await auditEntries({ uid: phoneOnly.uid })).toEqual([]);
  });

  it('answers invalid-argument and not-found for a bad or unknown uid', async () => {
    const manager = await account('manager');
    const invalid = await httpsErrorOf(resetAs(manager, {}));
    expect(invalid.code).toBe('invalid-argument');
    expect(fieldsOf(invalid)).toEqual({ uid: 'validation.required' });
    const missing = await httpsErrorOf(resetAs(manager, { uid: 'no-such-user-uid' }));
    expect(missing.code).toBe('not-found');
    expect(missing.message).toBe(ADMIN_ERRORS.userNotFound);
  });

  it('answers internal resetPasswordFailed when the e-mail cannot be sent', async () => {
    const mailer: PasswordResetMailer = { send: () => Promise.reject(new Error('smtp down')) };
    const manager = await account('manager');
    const worker = await account('user');
    const error = await httpsErrorOf(
      createResetUserPasswordHandler({ ...deps, mailer })(await requestAs(manager, { uid: worker.uid })),
    );
    expect(error.code).toBe('internal');
    expect(error.message).toBe(ADMIN_ERRORS.resetPasswordFailed);
  });
});

describe('setAccountStatus', () => {
  const { deps, logger } = testDeps();
  const setStatus = createSetAccountStatusHandler(deps);
  const setStatusAs = async (caller: Account, data: unknown) => setStatus(await requestAs(caller, data));

  async function expectUntouched(target: Account) {
    expect((await adminAuth().getUser(target.uid)).disabled).toBe(false);
    expect((await userData(target.uid))?.disabled).toBeUndefined();
    expect(await auditEntries({ uid: target.uid })).toEqual([]);
    expect((await passwordSignIn(target.email, target.password)).idToken).toBeTruthy();
  }

  it('disables an account: no password sign-in, tokens revoked, mirrored, one audit entry; re-enabling works', async () => {
    const managerPl = await account('manager_pl');
    const worker = await account('user');
    const revoke = vi.spyOn(adminAuth(), 'revokeRefreshTokens');

    expect(await setStatusAs(managerPl, { uid: worker.uid, disabled: true })).toEqual({
      uid: worker.uid,
      disabled: true,
    });
    expect((await adminAuth().getUser(worker.uid)).disabled).toBe(true);
    expect(revoke).toHaveBeenCalledWith(worker.uid);
    expect((await passwordSignIn(worker.email, worker.password)).error).toBe('USER_DISABLED');
    expect(await userData(worker.uid)).toMatchObject({
      disabled: true,
      updatedAt: Timestamp.fromMillis(NOW),
    });
    expect(await onlyAuditEntry({ uid: worker.uid })).toEqual({
      at: Timestamp.fromMillis(NOW),
      action: 'setAccountStatus',
      by: auditBy(managerPl),
      target: { uid: worker.uid, email: worker.email },
      changes: { disabled: { from: false, to: true } },
    });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        message: 'setAccountStatus',
        details: { by: managerPl.uid, target: worker.uid, disabled: true },
      }),
    );

    revoke.mockClear();
    await setStatusAs(managerPl, { uid: worker.uid, disabled: false });
    expect((await adminAuth().getUser(worker.uid)).disabled).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    expect((await passwordSignIn(worker.email, worker.password)).idToken).toBeTruthy();
    expect((await userData(worker.uid))?.disabled).toBe(false);
    const entries = await auditEntries({ uid: worker.uid });
    expect(entries.map((entry) => entry.changes)).toEqual(
      expect.arrayContaining([{ disabled: { from: true, to: false } }]),
    );
    expect(entries).toHaveLength(2);
  });

  it('changes nothing and writes no audit entry when the account already has that state', async () => {
    const admin = await account('admin');
    const worker = await account('user');
    expect(await setStatusAs(admin, { uid: worker.uid, disabled: false })).toEqual({
      uid: worker.uid,
      disabled: false,
    });
    await expectUntouched(worker);
  });

  it('answers unauthenticated without a signed-in caller', async () => {
    const worker = await account('user');
    const error = await httpsErrorOf(setStatus(callableRequest({ uid: worker.uid, disabled: true })));
    expect(error.code).toBe('unauthenticated');
    await expectUntouched(worker);
  });

  it.each<[string, () => Promise<Account>]>([
    ['a manager (ENABLE_DISABLE_USER starts at manager_pl)', () => account('manager')],
    [
      'a manager_pl whose users document revokes ENABLE_DISABLE_USER',
      () => account('manager_pl', { revokedPermissions: ['ENABLE_DISABLE_USER'] }),
    ],
  ])('refuses %s with permission-denied forbidden', async (_name, makeCaller) => {
    const caller = await makeCaller();
    const worker = await account('user');
    const error = await httpsErrorOf(setStatusAs(caller, { uid: worker.uid, disabled: true }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.forbidden);
    await expectUntouched(worker);
  });

  it.each<[string, 'manager_pl' | 'admin']>([
    ['another manager_pl (equal level)', 'manager_pl'],
    ['an admin (higher level)', 'admin'],
  ])('refuses a manager_pl disabling %s with equalOrHigherLevel', async (_name, targetRole) => {
    const managerPl = await account('manager_pl');
    const target = await account(targetRole);
    const error = await httpsErrorOf(setStatusAs(managerPl, { uid: target.uid, disabled: true }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.equalOrHigherLevel);
    await expectUntouched(target);
  });

  it('refuses the caller’s own account with failed-precondition selfDisable, before the level check', async () => {
    const admin = await account('admin');
    const error = await httpsErrorOf(setStatusAs(admin, { uid: admin.uid, disabled: true }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe(ADMIN_ERRORS.selfDisable);
    await expectUntouched(admin);
  });

  it('answers invalid-argument with field keys, and not-found for an unknown uid', async () => {
    const admin = await account('admin');
    const invalid = await httpsErrorOf(setStatusAs(admin, { uid: '', disabled: 'yes' }));
    expect(invalid.code).toBe('invalid-argument');
    expect(fieldsOf(invalid)).toEqual({ uid: 'validation.required', disabled: 'validation.required' });
    const missing = await httpsErrorOf(setStatusAs(admin, { uid: 'no-such-user-uid', disabled: true }));
    expect(missing.code).toBe('not-found');
    expect(missing.message).toBe(ADMIN_ERRORS.userNotFound);
  });

  it('leaves the account enabled and answers internal setStatusFailed when the write fails', async () => {
    const { deps: failing } = testDeps(failingWritesDb());
    const admin = await account('admin');
    const worker = await account('user');
    const error = await httpsErrorOf(
      createSetAccountStatusHandler(failing)(await requestAs(admin, { uid: worker.uid, disabled: true })),
    );
    expect(error.code).toBe('internal');
    expect(error.message).toBe(ADMIN_ERRORS.setStatusFailed);
    await expectUntouched(worker);
  });
});
