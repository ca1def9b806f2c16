import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CREATIONS, createCreateAccountHandler } from '../src/callable/admin/create-account.js';
import type { PasswordResetMailer } from '../src/callable/admin/reset-link.js';
import { createUpdateWorkerHandler } from '../src/callable/admin/update-worker.js';
import { ADMIN_ERRORS, type CreateAccountResponse } from '../src/domain/index.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import {
  type Account,
  NOW,
  account,
  auditBy,
  auditEntries,
  directoryWorker,
  onlyAuditEntry,
  passwordSignIn,
  requestAs,
  resetPasswordWithLink,
  testDeps,
  userData,
} from '../testing/admin-accounts-fixtures.js';
import { callableRequest, fieldsOf, httpsErrorOf } from '../testing/helpers.js';

const db = adminDb();
const workerData = async (id: string) => (await db.doc(`workers/${id}`).get()).data();

describe('updateWorker', () => {
  const { deps, logger } = testDeps();
  const update = createUpdateWorkerHandler(deps);
  const updateAs = async (caller: Account, data: unknown) => update(await requestAs(caller, data));

  it('writes only the changed fields, empties the cleared ones and audits from/to of each change', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker({ location: 'Gdańsk', rotationStart: '2026-11-01' });

    const result = await updateAs(manager, {
      workerId: worker.id,
      changes: {
        phone: ' +48 600 999 888 ',
        location: 'Gdańsk',
        jobTitle: '',
        rotationStart: '',
        rotationReturn: '2026-12-15',
        jacketSize: 'XL',
      },
    });

    const stored = {
      name: 'Jan Kowalski',
      email: worker.email,
      phone: '+48 600 999 888',
      location: 'Gdańsk',
      rotationReturn: '2026-12-15',
      jacketSize: 'XL',
    };
    expect(result).toEqual({ worker: { id: worker.id, ...stored } });
    expect(await workerData(worker.id)).toEqual(stored);
    expect(await onlyAuditEntry({ workerId: worker.id })).toEqual({
      at: Timestamp.fromMillis(NOW),
      action: 'updateWorker',
      by: auditBy(manager),
      target: { workerId: worker.id, uid: null, email: worker.email },
      changes: {
        phone: { from: '+48 600 100 200', to: '+48 600 999 888' },
        jobTitle: { from: 'Welder', to: null },
        rotationStart: { from: '2026-11-01', to: null },
        rotationReturn: { from: null, to: '2026-12-15' },
        jacketSize: { from: null, to: 'XL' },
      },
    });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'info',
        message: 'updateWorker',
        details: {
          by: manager.uid,
          workerId: worker.id,
          target: null,
          fields: ['phone', 'rotationReturn', 'jacketSize', 'jobTitle', 'rotationStart'],
        },
      }),
    );
  });

  it('never writes sensitive values into the audit log in clear', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker({
      pesel: '85010112345',
      bankAccount: 'PL61109010140000071219812874',
    });
    await updateAs(manager, {
      workerId: worker.id,
      changes: { pesel: '85010154321', bankAccount: '', ssn: '123-45-6789', taxNumber: '1234567890' },
    });
    expect(await workerData(worker.id)).toMatchObject({
      pesel: '85010154321',
      ssn: '123-45-6789',
      taxNumber: '1234567890',
    });
    expect((await workerData(worker.id))?.bankAccount).toBeUndefined();
    const entry = await onlyAuditEntry({ workerId: worker.id });
    expect(entry.changes).toEqual({
      pesel: { from: '***', to: '***' },
      ssn: { from: null, to: '***' },
      taxNumber: { from: null, to: '***' },
      bankAccount: { from: '***', to: null },
    });
    const text = JSON.stringify(entry);
    for (const secret of [
      '85010112345',
      '85010154321',
      'PL61109010140000071219812874',
      '123-45-6789',
      '1234567890',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(JSON.stringify(logger.entries)).not.toContain('85010154321');
  });

  it('renames the linked account (users document naming the worker) in the same batch', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker();
    const linked = await account('user', { workerId: worker.id, name: 'Jan Kowalski' });
    await updateAs(manager, { workerId: worker.id, changes: { name: 'Jan Nowak-Kowalski' } });
    expect(await workerData(worker.id)).toMatchObject({ name: 'Jan Nowak-Kowalski' });
    expect(await userData(linked.uid)).toMatchObject({
      name: 'Jan Nowak-Kowalski',
      updatedAt: Timestamp.fromMillis(NOW),
    });
    const entry = await onlyAuditEntry({ workerId: worker.id });
    expect(entry.target).toEqual({ workerId: worker.id, uid: linked.uid, email: worker.email });
    expect(entry.changes).toEqual({ name: { from: 'Jan Kowalski', to: 'Jan Nowak-Kowalski' } });
  });

  it('finds the linked account by e-mail when no users document names the worker', async () => {
    const manager = await account('manager');
    const linked = await account('user', { name: 'Ola' });
    const worker = await directoryWorker({ email: linked.email, name: 'Ola' });
    await updateAs(manager, { workerId: worker.id, changes: { name: 'Aleksandra' } });
    expect((await userData(linked.uid))?.name).toBe('Aleksandra');
  });

  it('leaves the linked account’s name alone when the name did not change', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker();
    const linked = await account('user', { workerId: worker.id, name: 'Profile name' });
    await updateAs(manager, { workerId: worker.id, changes: { phone: '+46 70 123 45 67' } });
    expect(await userData(linked.uid)).toMatchObject({ name: 'Profile name' });
    expect((await userData(linked.uid))?.updatedAt).toBeUndefined();
    expect((await onlyAuditEntry({ workerId: worker.id })).target).toMatchObject({ uid: linked.uid });
  });

  it('succeeds without writing anything, audit entry included, when nothing changes', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker();
    const result = await updateAs(manager, {
      workerId: worker.id,
      changes: { name: 'Jan Kowalski', phone: '+48 600 100 200', location: '' },
    });
    expect(result.worker).toMatchObject({ id: worker.id, name: 'Jan Kowalski', phone: '+48 600 100 200' });
    expect(await auditEntries({ workerId: worker.id })).toEqual([]);
  });

  it('answers a save, with or without changes, without the worker’s sensitive values', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker({ pesel: '90010112345', bankAccount: 'PL61 1090 1014' });
    const unchanged = await updateAs(manager, { workerId: worker.id, changes: { pesel: '90010112345' } });
    const changed = await updateAs(manager, { workerId: worker.id, changes: { phone: '+48 600 999 000' } });
    for (const result of [unchanged, changed]) {
      expect(result.worker).toMatchObject({ id: worker.id, name: 'Jan Kowalski' });
      expect(result.worker).not.toHaveProperty('pesel');
      expect(result.worker).not.toHaveProperty('bankAccount');
    }
    expect((await adminDb().doc(`workers/${worker.id}`).get()).get('pesel')).toBe('90010112345');
  });

  it('answers unauthenticated without a signed-in caller', async () => {
    const worker = await directoryWorker();
    const error = await httpsErrorOf(
      update(callableRequest({ workerId: worker.id, changes: { phone: '1' } })),
    );
    expect(error.code).toBe('unauthenticated');
    expect(await workerData(worker.id)).toMatchObject({ phone: '+48 600 100 200' });
  });

  it.each<[string, () => Promise<Account>]>([
    ['a foreman', () => account('foreman')],
    [
      'a manager whose users document revokes EDIT_WORKER_MONDAY_DATA',
      () => account('manager', { revokedPermissions: ['EDIT_WORKER_MONDAY_DATA'] }),
    ],
  ])('refuses %s with permission-denied forbidden', async (_name, makeCaller) => {
    const caller = await makeCaller();
    const worker = await directoryWorker();
    const error = await httpsErrorOf(updateAs(caller, { workerId: worker.id, changes: { phone: '112' } }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.forbidden);
    expect(await workerData(worker.id)).toMatchObject({ phone: '+48 600 100 200' });
    expect(await auditEntries({ workerId: worker.id })).toEqual([]);
  });

  it('answers invalid-argument with the field keys of the shared schema and writes nothing', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker();
    const error = await httpsErrorOf(
      updateAs(manager, {
        workerId: ' ',
        changes: { name: '', rotationStart: '21.11.2026', phone: 'x'.repeat(41) },
      }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({
      workerId: 'validation.required',
      'changes.name': 'validation.invalid',
      'changes.rotationStart': 'validation.invalid',
      'changes.phone': 'validation.invalid',
    });
    const unchanged = await httpsErrorOf(updateAs(manager, { workerId: worker.id, changes: { name: '  ' } }));
    expect(fieldsOf(unchanged)).toEqual({ 'changes.name': 'validation.invalid' });
    expect(await workerData(worker.id)).toMatchObject({ name: 'Jan Kowalski' });
    expect(await auditEntries({ workerId: worker.id })).toEqual([]);
  });

  it('checks the whole merged record with the profile schema', async () => {
    const manager = await account('manager');
    const broken = await directoryWorker({ email: 'not-an-address' });
    const error = await httpsErrorOf(updateAs(manager, { workerId: broken.id, changes: { phone: '1' } }));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ email: 'validation.invalid' });
    expect(await workerData(broken.id)).toMatchObject({ phone: '+48 600 100 200' });
  });

  it('answers not-found workerNotFound for an unknown worker', async () => {
    const manager = await account('manager');
    for (const workerId of ['no-such-worker', 'a/b']) {
      const error = await httpsErrorOf(updateAs(manager, { workerId, changes: { phone: '1' } }));
      expect(error.code).toBe('not-found');
      expect(error.message).toBe(ADMIN_ERRORS.workerNotFound);
    }
  });
});

describe('createAccount', () => {
  const { deps, logger } = testDeps();
  const create = createCreateAccountHandler(deps);
  const createAs = async (caller: Account, data: unknown) => create(await requestAs(caller, data));

  /** No Auth account, users document or audit entry for this worker. */
  async function expectNoAccount(worker: { id: string; email: string }) {
    const error = await adminAuth()
      .getUserByEmail(worker.email)
      .then(
        () => null,
        (cause: unknown) => cause,
      );
    expect(error).toMatchObject({ code: 'auth/user-not-found' });
    expect(await auditEntries({ workerId: worker.id })).toEqual([]);
    expect((await db.collection('users').where('workerId', '==', worker.id).get()).empty).toBe(true);
  }

  it('makes a User account without password whose reset link lets the worker set one and sign in', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker({ name: 'Piotr Zieliński' });

    const result = await createAs(manager, { workerId: worker.id });

    expect(result).toMatchObject({ email: worker.email, role: 'user' });
    const record = await adminAuth().getUser(result.uid);
    expect(record).toMatchObject({
      email: worker.email,
      displayName: 'Piotr Zieliński',
      emailVerified: false,
    });
    expect(record.disabled).toBe(false);
    expect(record.customClaims).toEqual({ role: 'user' });
    expect(record.passwordHash).toBeUndefined();
    expect(await userData(result.uid)).toEqual({
      email: worker.email,
      name: 'Piotr Zieliński',
      role: 'user',
      workerId: worker.id,
      assignedPermissions: [],
      revokedPermissions: [],
      disabled: false,
      createdAt: Timestamp.fromMillis(NOW),
      updatedAt: Timestamp.fromMillis(NOW),
    });
    expect(await onlyAuditEntry({ uid: result.uid })).toEqual({
      at: Timestamp.fromMillis(NOW),
      action: 'createAccount',
      by: auditBy(manager),
      target: { uid: result.uid, workerId: worker.id, email: worker.email },
      changes: { role: { from: null, to: 'user' } },
    });

    await resetPasswordWithLink(result.link ?? '', 'First-pass-1');
    expect((await passwordSignIn(worker.email, 'First-pass-1')).idToken).toBeTruthy();
    const info = logger.entries.find((entry) => entry.message === 'createAccount');
    expect(info?.details).toEqual({ by: manager.uid, target: result.uid, workerId: worker.id, role: 'user' });
  });

  it('lets an admin (CREATE_MANAGER_ACCOUNTS) create a manager account', async () => {
    const admin = await account('admin');
    const worker = await directoryWorker();
    const result = await createAs(admin, { workerId: worker.id, role: 'manager' });
    expect(result.role).toBe('manager');
    expect((await adminAuth().getUser(result.uid)).customClaims).toEqual({ role: 'manager' });
    expect(await userData(result.uid)).toMatchObject({ role: 'manager' });
  });

  it('refuses a role other than User to a creator without CREATE_MANAGER_ACCOUNTS (aboveOwnLevel)', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker();
    const error = await httpsErrorOf(createAs(manager, { workerId: worker.id, role: 'foreman' }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.aboveOwnLevel);
    await expectNoAccount(worker);
  });

  it('answers unauthenticated without a signed-in caller', async () => {
    const worker = await directoryWorker();
    const error = await httpsErrorOf(create(callableRequest({ workerId: worker.id })));
    expect(error.code).toBe('unauthenticated');
    await expectNoAccount(worker);
  });

  it.each<[string, () => Promise<Account>]>([
    ['a foreman', () => account('foreman')],
    [
      'a manager whose users document revokes CREATE_USER_ACCOUNTS',
      () => account('manager', { revokedPermissions: ['CREATE_USER_ACCOUNTS'] }),
    ],
  ])('refuses %s with permission-denied forbidden', async (_name, makeCaller) => {
    const caller = await makeCaller();
    const worker = await directoryWorker();
    const error = await httpsErrorOf(createAs(caller, { workerId: worker.id }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe(ADMIN_ERRORS.forbidden);
    await expectNoAccount(worker);
  });

  it('answers invalid-argument with field keys', async () => {
    const admin = await account('admin');
    const error = await httpsErrorOf(createAs(admin, { workerId: '', role: 'admin' }));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ workerId: 'validation.required', role: 'validation.required' });
  });

  it('answers not-found workerNotFound for an unknown or malformed directory entry', async () => {
    const manager = await account('manager');
    const malformed = await directoryWorker({ email: 'nope' });
    for (const workerId of ['no-such-worker', malformed.id]) {
      const error = await httpsErrorOf(createAs(manager, { workerId }));
      expect(error.code).toBe('not-found');
      expect(error.message).toBe(ADMIN_ERRORS.workerNotFound);
    }
  });

  it('answers already-exists accountExists when a staff-made account has the worker’s e-mail', async () => {
    const manager = await account('manager');
    const existing = await account('user');
    const worker = await directoryWorker({ email: existing.email });
    const error = await httpsErrorOf(createAs(manager, { workerId: worker.id }));
    expect(error.code).toBe('already-exists');
    expect(error.message).toBe(ADMIN_ERRORS.accountExists);
    expect(await auditEntries({ workerId: worker.id })).toEqual([]);
  });

  it('answers accountExists when a users document already names the worker', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker();
    await account('user', { workerId: worker.id });
    const error = await httpsErrorOf(createAs(manager, { workerId: worker.id }));
    expect(error.message).toBe(ADMIN_ERRORS.accountExists);
  });

  it('makes one account on a double click; the other call answers accountExists', async () => {
    const manager = await account('manager');
    const worker = await directoryWorker();
    const [first, second] = await Promise.allSettled([
      createAs(manager, { workerId: worker.id }),
      createAs(manager, { workerId: worker.id }),
    ]);
    const results = [first, second];
    const made = results.filter(
      (result): result is PromiseFulfilledResult<CreateAccountResponse> => result.status === 'fulfilled',
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatchObject({ code: 'already-exists', message: ADMIN_ERRORS.accountExists });
    const uid = made[0]?.value.uid ?? '';
    expect((await adminAuth().getUserByEmail(worker.email)).uid).toBe(uid);
    expect(await auditEntries({ workerId: worker.id })).toHaveLength(1);
  });

  it('a second call while the first is still making the account answers accountExists and deletes nothing', async () => {
    // The first call stops at its set-password e-mail: its Auth account exists, its users
    // document does not yet, which is how a self-made account looks too.
    let letFirstSend: () => void = () => undefined;
    const firstSendHeld = new Promise<void>((resolve) => (letFirstSend = resolve));
    let firstSendReached: () => void = () => undefined;
    const firstSendStarted = new Promise<void>((resolve) => (firstSendReached = resolve));
    let sends = 0;
    const mailer: PasswordResetMailer = {
      send: async () => {
        if (++sends === 1) {
          firstSendReached();
          await firstSendHeld;
        }
        return { link: null };
      },
    };
    const { deps: heldDeps } = testDeps();
    const create = createCreateAccountHandler({ ...heldDeps, mailer });
    const manager = await account('manager');
    const worker = await directoryWorker();
    const first = create(await requestAs(manager, { workerId: worker.id }));
    await firstSendStarted;
    const firstUid = (await adminAuth().getUserByEmail(worker.email)).uid;

    const error = await httpsErrorOf(create(await requestAs(manager, { workerId: worker.id })));
    expect(error.code).toBe('already-exists');
    expect(error.message).toBe(ADMIN_ERRORS.accountExists);
    expect((await adminAuth().getUserByEmail(worker.email)).uid).toBe(firstUid);

    letFirstSend();
    await expect(first).resolves.toMatchObject({ uid: firstUid, email: worker.email });
    expect(sends).toBe(1);
    expect(await auditEntries({ workerId: worker.id })).toHaveLength(1);
    // The lease is given back: nothing is left to block the worker's next operation.
    expect((await db.collection(ACCOUNT_CREATIONS).doc(worker.id).get()).exists).toBe(false);
  });

  it('deletes the new Auth account again and answers internal when a later step fails', async () => {
    const mailer: PasswordResetMailer = { send: () => Promise.reject(new Error('mail service down')) };
    const { deps: failingDeps, logger: failingLogger } = testDeps();
    const manager = await account('manager');
    const worker = await directoryWorker();
    const error = await httpsErrorOf(
      createCreateAccountHandler({ ...failingDeps, mailer })(
        await requestAs(manager, { workerId: worker.id }),
      ),
    );
    expect(error.code).toBe('internal');
    expect(error.message).toBe(ADMIN_ERRORS.createAccountFailed);
    await expectNoAccount(worker);
    expect(failingLogger.entries).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'createAccount failed' }),
    );
    // Nothing half-made: the next try works.
    await expect(createAs(manager, { workerId: worker.id })).resolves.toMatchObject({ email: worker.email });
  });
});
