// An account counts as a worker or staff member only when staff made it: a users/{uid} record with a
// known role that links a directory worker (createAccount, the seed). Tried here as an attacker
// would: an account made through the Auth emulator's public REST sign-up (open on every Firebase
// project by default), with the display name of a real worker; records that miss the link or the
// role; a role claim without a record. Also what staff-made accounts get from the directory, the
// take-over of a pre-registered e-mail by createAccount, the sign-up gate, and the target role of
// updateUserRole read from the record.
import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { AuthBlockingEvent } from 'firebase-functions/v2/identity';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import type { AdminDeps } from '../src/callable/admin/admin-caller.js';
import { createCreateAccountHandler } from '../src/callable/admin/create-account.js';
import { createListUsersHandler } from '../src/callable/admin/list-users.js';
import { createUpdateUserRoleHandler } from '../src/callable/admin/update-user-role.js';
import { createGetDeviceKeyHandler } from '../src/callable/device-keys/get-device-key.js';
import { createRegisterPushDeviceHandler } from '../src/callable/push/register-push-device.js';
import { createAssignTicketHandler } from '../src/callable/tickets/assign-ticket.js';
import { createListTicketQueueHandler } from '../src/callable/tickets/list-ticket-queue.js';
import { createListTicketStaffHandler } from '../src/callable/tickets/list-ticket-staff.js';
import { createSubmitTicketHandler } from '../src/callable/tickets/submit-ticket.js';
import { SIGN_UP_CLOSED_KEY, createSignUpGate } from '../src/auth/sign-up-gate.js';
import { createFirestoreDirectory } from '../src/directory/firestore-directory.js';
import { ACCOUNT_NOT_SET_UP_KEY, ADMIN_ERRORS, TICKET_PROCESSING_ERRORS } from '../src/domain/index.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import { resetPasswordWithLink } from '../testing/admin-accounts-fixtures.js';
import {
  AUTH_HOST,
  type TestAccount,
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  createTestUser,
  httpsErrorOf,
  newRequestId,
  passwordSignIn,
  recordingLogger,
  signIn,
} from '../testing/helpers.js';

const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const db = adminDb();
const auth = adminAuth();
const logger = recordingLogger();
const deps: AdminDeps = { db, auth, logger, now: () => NOW };
const handlers = {
  submitTicket: createSubmitTicketHandler(deps),
  getDeviceKey: createGetDeviceKeyHandler(deps),
  registerPushDevice: createRegisterPushDeviceHandler(deps),
  listTicketQueue: createListTicketQueueHandler(deps),
  listTicketStaff: createListTicketStaffHandler(deps),
  assignTicket: createAssignTicketHandler(deps),
  listUsers: createListUsersHandler(deps),
  updateUserRole: createUpdateUserRoleHandler(deps),
  createAccount: createCreateAccountHandler(deps),
};

const accommodation = () => ({
  requestId: newRequestId(),
  category: 'accommodation',
  subcategory: 'repair',
  description: 'The heating in room 12 is broken',
  address: 'Sickla Kanalgata 8, 131 34 Nacka',
  attachments: [],
});

/** What each callable is asked, with a payload it would accept from a worker or staff member. */
const CALLS = {
  submitTicket: accommodation,
  getDeviceKey: () => ({}),
  registerPushDevice: () => ({ token: `fcm-${randomUUID()}` }),
  listTicketQueue: () => ({}),
  listTicketStaff: () => undefined,
  listUsers: () => ({}),
} satisfies Partial<Record<keyof typeof handlers, () => unknown>>;
type CallName = keyof typeof CALLS;
const CALL_NAMES = Object.keys(CALLS) as CallName[];

const call = (name: CallName, request: CallableRequest<unknown>) =>
  (handlers[name] as (request: CallableRequest<unknown>) => Promise<unknown>)(request);

/** Calls the Auth emulator's public REST API with the web API key, as any browser can. */
async function identityToolkit(operation: string, body: Record<string, unknown>) {
  const response = await fetch(
    `http://${AUTH_HOST()}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=demo-api-key`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  const answer = (await response.json()) as {
    localId?: string;
    idToken?: string;
    error?: { message: string };
  };
  if (!response.ok)
    throw new Error(`accounts:${operation} failed: ${answer.error?.message ?? response.status}`);
  return answer;
}

/**
 * An account made through Firebase Auth's public sign-up (`accounts:signUp`, e-mail and password),
 * optionally renamed by its owner (`accounts:update`): nobody on the staff had a hand in it.
 */
async function publicSignUp(options: { email?: string; displayName?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `self-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Self-made-1';
  const { localId, idToken } = await identityToolkit('signUp', { email, password, returnSecureToken: true });
  if (options.displayName) await identityToolkit('update', { idToken, displayName: options.displayName });
  return { uid: localId ?? '', email, password };
}

/** The refusal every callable gives an account staff did not make. */
async function expectNotSetUp(promise: Promise<unknown>, label: string) {
  const error = await httpsErrorOf(promise);
  expect([error.code, error.message], label).toEqual(['permission-denied', ACCOUNT_NOT_SET_UP_KEY]);
}

const ticketsOf = async (uid: string) =>
  (await db.collection('tickets').where('createdBy', '==', uid).get()).size;

describe('an account made through the public sign-up has no power', () => {
  it.each(CALL_NAMES)('%s refuses it with permission-denied accountNotSetUp', async (name) => {
    const stranger = await publicSignUp({ displayName: 'Piotr Kowalczyk' });
    const request = callableRequest(CALLS[name](), await callableAuth(stranger));
    expect(request.auth?.token.name).toBe('Piotr Kowalczyk');
    await expectNotSetUp(call(name, request), name);
  });

  it('files no ticket, gets no device key and registers no push device', async () => {
    const stranger = await publicSignUp({ displayName: 'Piotr Kowalczyk' });
    const authOf = await callableAuth(stranger);
    for (const name of ['submitTicket', 'getDeviceKey', 'registerPushDevice'] as const) {
      await expectNotSetUp(call(name, callableRequest(CALLS[name](), authOf)), name);
    }
    expect(await ticketsOf(stranger.uid)).toBe(0);
    expect((await db.doc(`deviceKeys/${stranger.uid}`).get()).exists).toBe(false);
    expect((await db.collection(`users/${stranger.uid}/pushDevices`).get()).size).toBe(0);
    expect((await db.doc(`users/${stranger.uid}`).get()).exists).toBe(false);
  });

  it('a role claim without a record counts for nothing, not even admin', async () => {
    const claimOnly = await createTestUser({ role: 'admin', displayName: 'Claim Admin' });
    const authOf = await callableAuth(claimOnly);
    expect(authOf.token.role).toBe('admin');
    for (const name of CALL_NAMES)
      await expectNotSetUp(call(name, callableRequest(CALLS[name](), authOf)), name);
  });
});

describe('a users/{uid} record that staff did not make gives no power', () => {
  it.each<[string, Record<string, unknown>]>([
    ['no workerId', { workerId: null }],
    ['a blank workerId', { workerId: '   ' }],
    ['a workerId that names no document (a slash)', { workerId: 'w/1001' }],
    ['a workerId that is no string', { workerId: 1001 }],
    ['a role the app does not know', { role: 'superuser' }],
    ['no role', { role: null }],
  ])('an admin-claimed account whose record has %s is refused everywhere', async (_what, record) => {
    const account = await createTestAccount('admin', record);
    const authOf = await callableAuth(account);
    for (const name of CALL_NAMES)
      await expectNotSetUp(call(name, callableRequest(CALLS[name](), authOf)), name);
    expect(await ticketsOf(account.uid)).toBe(0);
  });
});

describe('a staff-made worker is named by the directory, never by the token', () => {
  it('files a ticket under the directory worker’s name and e-mail after renaming itself "Piotr Kowalczyk"', async () => {
    const workerId = `w-self-${randomUUID().slice(0, 8)}`;
    const email = `jan.nowak-${workerId}@example.test`;
    await db.doc(`workers/${workerId}`).set({ name: 'Jan Nowak', email, siteName: 'Kiruna' });
    const worker = await createTestAccount('user', { workerId, name: 'J. Nowak (record)' });
    const { idToken } = await identityToolkit('signInWithPassword', {
      email: worker.email,
      password: worker.password,
      returnSecureToken: true,
    });
    await identityToolkit('update', { idToken, displayName: 'Piotr Kowalczyk' });
    const request = callableRequest(accommodation(), await callableAuth(worker));
    expect(request.auth?.token.name).toBe('Piotr Kowalczyk');

    const { ticketId } = await handlers.submitTicket(request);

    const ticket = (await db.doc(`tickets/${ticketId}`).get()).data();
    expect(ticket?.submitter).toEqual({ uid: worker.uid, name: 'Jan Nowak', email });
    expect(ticket?.site).toBe('Kiruna');
    expect(JSON.stringify(ticket)).not.toContain('Piotr Kowalczyk');
  });
});

/**
 * The Admin Auth client whose first `parties` getUserByEmail calls wait until all of them are in,
 * then go on together; later calls go through at once.
 */
function readingTogether(parties: number): Auth {
  const waiting: (() => void)[] = [];
  return new Proxy(auth, {
    get(target, property, receiver) {
      if (property === 'getUserByEmail') {
        return async (email: string) => {
          if (waiting.length < parties) {
            await new Promise<void>((resolve) => {
              waiting.push(resolve);
              if (waiting.length === parties) for (const go of waiting) go();
            });
          }
          return target.getUserByEmail(email);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('createAccount takes over a self-made account holding the worker’s e-mail', () => {
  async function preRegistered() {
    const manager = await createTestAccount('manager');
    const workerId = `w-taken-${randomUUID().slice(0, 8)}`;
    const email = `anna.lis-${workerId}@example.test`;
    await db.doc(`workers/${workerId}`).set({ name: 'Anna Lis', email });
    const squatter = await publicSignUp({ email, displayName: 'Anna Lis' });
    return { manager, workerId, email, squatter };
  }

  it('deletes it with its sessions and data, and makes a fresh account that works', async () => {
    const { manager, workerId, email, squatter } = await preRegistered();
    const squatterAuth = await callableAuth(squatter);
    await db.doc(`users/${squatter.uid}/pushDevices/d1`).set({ token: 'left-behind' });

    const result = await handlers.createAccount(callableRequest({ workerId }, await callableAuth(manager)));

    expect(result.uid).not.toBe(squatter.uid);
    await expect(auth.getUser(squatter.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await auth.getUserByEmail(email)).uid).toBe(result.uid);
    expect((await db.collection(`users/${squatter.uid}/pushDevices`).get()).size).toBe(0);
    const stale = await httpsErrorOf(handlers.getDeviceKey(callableRequest({}, squatterAuth)));
    expect(stale.code).toBe('unauthenticated');
    expect((await passwordSignIn(email, squatter.password)).idToken).toBeUndefined();
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', details: { uid: squatter.uid, workerId } }),
    );

    await resetPasswordWithLink(result.link ?? '', 'Worker-pass-1');
    const worker: TestUser = { uid: result.uid, email, password: 'Worker-pass-1' };
    const { ticketId } = await handlers.submitTicket(
      callableRequest(accommodation(), await callableAuth(worker)),
    );
    expect((await db.doc(`tickets/${ticketId}`).get()).get('submitter')).toEqual({
      uid: result.uid,
      name: 'Anna Lis',
      email,
    });
  });

  it('makes one account on a double click that read the self-made account at the same moment: the other call answers accountExists', async () => {
    const { manager, workerId, email, squatter } = await preRegistered();
    const managerAuth = await callableAuth(manager);
    // Both calls have read the self-made account before either goes on to delete it.
    const createAccount = createCreateAccountHandler({ ...deps, auth: readingTogether(2) });
    const outcomes = await Promise.allSettled([
      createAccount(callableRequest({ workerId }, managerAuth)),
      createAccount(callableRequest({ workerId }, managerAuth)),
    ]);
    const made = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(made).toHaveLength(1);
    expect(refused).toEqual([
      expect.objectContaining({ code: 'already-exists', message: ADMIN_ERRORS.accountExists }),
    ]);
    expect((await auth.getUserByEmail(email)).uid).toBe(made[0]?.uid);
    await expect(auth.getUser(squatter.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });
});

describe('the sign-up gate (beforeUserCreated)', () => {
  const gate = createSignUpGate({ directory: createFirestoreDirectory(db), logger });
  const signUpOf = (email: string | undefined) =>
    gate({ data: { uid: `gate-${randomUUID()}`, email } } as unknown as Pick<AuthBlockingEvent, 'data'>);

  it('refuses an e-mail the directory does not know, and a sign-up without an e-mail', async () => {
    for (const email of [`stranger-${randomUUID()}@example.test`, undefined, '   ']) {
      await expect(signUpOf(email), String(email)).rejects.toMatchObject({
        code: 'permission-denied',
        message: SIGN_UP_CLOSED_KEY,
      });
    }
  });

  it('lets through an e-mail of a directory worker, however it is written', async () => {
    const email = `ewa.maj-${randomUUID().slice(0, 8)}@example.test`;
    await db.doc(`workers/w-gate-${randomUUID().slice(0, 8)}`).set({ name: 'Ewa Maj', email });
    await expect(signUpOf(email)).resolves.toBeUndefined();
    await expect(signUpOf(`  ${email.toUpperCase()} `)).resolves.toBeUndefined();
  });
});

describe('ticket staff are staff-made accounts only', () => {
  it('listTicketStaff does not list, and assignTicket does not accept, a self-made account with a staff claim', async () => {
    const manager = await createTestAccount('manager');
    const worker = await createTestAccount('user');
    const claimOnly = await createTestUser({ role: 'manager', displayName: 'Claim Manager' });
    const unlinked = await createTestAccount('foreman', { workerId: null });
    const managerAuth = await callableAuth(manager);

    const { staff } = await handlers.listTicketStaff(callableRequest(undefined, managerAuth));
    const listed = new Set(staff.map((member) => member.uid));
    expect(listed.has(manager.uid)).toBe(true);
    expect([listed.has(claimOnly.uid), listed.has(unlinked.uid)]).toEqual([false, false]);

    const { ticketId } = await handlers.submitTicket(
      callableRequest(accommodation(), await callableAuth(worker)),
    );
    for (const outsider of [claimOnly, unlinked]) {
      const error = await httpsErrorOf(
        handlers.assignTicket(callableRequest({ ticketId, assigneeUid: outsider.uid }, managerAuth)),
      );
      expect(error.message).toBe(TICKET_PROCESSING_ERRORS.assigneeNotStaff);
    }
    expect((await db.doc(`tickets/${ticketId}`).get()).get('assignedTo')).toBeNull();
  });
});

describe('updateUserRole reads the target’s role from its record, not its claim', () => {
  /** A manager granted MODIFY_USER_ROLES: may change accounts up to the manager level. */
  const roleManager = () => createTestAccount('manager', { assignedPermissions: ['MODIFY_USER_ROLES'] });
  const change = async (caller: TestAccount, uid: string, role: string) =>
    handlers.updateUserRole(callableRequest({ uid, role }, await callableAuth(caller)));

  it('lets the manager change a worker whose claim says admin', async () => {
    const manager = await roleManager();
    const target = await createTestAccount('user');
    await auth.setCustomUserClaims(target.uid, { role: 'admin' });
    const result = await change(manager, target.uid, 'foreman');
    expect(result).toMatchObject({ previousRole: 'user', role: 'foreman' });
    expect((await db.doc(`users/${target.uid}`).get()).get('role')).toBe('foreman');
  });

  it('refuses the manager an admin whose claim says user (targetOutranks), and changes nothing', async () => {
    const manager = await roleManager();
    const target = await createTestAccount('admin');
    await auth.setCustomUserClaims(target.uid, { role: 'user' });
    const error = await httpsErrorOf(change(manager, target.uid, 'user'));
    expect([error.code, error.message]).toEqual(['permission-denied', ADMIN_ERRORS.targetOutranks]);
    expect((await db.doc(`users/${target.uid}`).get()).get('role')).toBe('admin');
  });
});

// The public sign-up really is open on the emulator, so the tests above try what an attacker can do.
describe('the Auth emulator', () => {
  it('lets anybody sign up with e-mail and password and sign in again', async () => {
    const stranger = await publicSignUp();
    expect(await signIn(stranger.email, stranger.password)).toBeTruthy();
  });
});
