// Runs under the official Firestore emulator: `npm run test:emulators` (needs Java 21).
import { readFileSync } from 'node:fs';
import {
  type RulesTestContext,
  type RulesTestEnvironment,
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let env: RulesTestEnvironment;
type Db = ReturnType<RulesTestContext['firestore']>;

// One client per user, made on first use and reused (a context's firestore() may be called only once).
const clients = new Map<string, Db>();
function clientOf(key: string, make: () => RulesTestContext): Db {
  const existing = clients.get(key);
  if (existing) return existing;
  const db = make().firestore();
  clients.set(key, db);
  return db;
}
const signedIn = (uid: string, claims: Record<string, string> = {}) =>
  clientOf(uid, () => env.authenticatedContext(uid, claims));
const worker = () => signedIn('u-worker', { role: 'user' });
const otherWorker = () => signedIn('u-worker2', { role: 'user' });
/** A token without a role claim: a worker by default. */
const plainWorker = () => signedIn('u-plain');
/** A role the app does not know grants nothing. */
const unknownRole = () => signedIn('u-unknown', { role: 'superuser' });
const anonymous = () => clientOf('', () => env.unauthenticatedContext());

const STAFF_ROLES = ['foreman', 'manager', 'manager_pl', 'admin'] as const;
const staff = (role: string) => () => signedIn(`u-${role}`, { role });
const admin = staff('admin');

/** Everyone a client can be, for the rules that hold for all of them. */
const EVERYONE: [string, () => Db][] = [
  ['the submitter', worker],
  ['another worker', otherWorker],
  ['a worker without a role claim', plainWorker],
  ['an unknown role', unknownRole],
  ...STAFF_ROLES.map((role): [string, () => Db] => [role, staff(role)]),
  ['a visitor', anonymous],
];

const at = (minutes: number) => Timestamp.fromMillis(Date.UTC(2026, 2, 1) + minutes * 60_000);

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-ticket-app',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host: '127.0.0.1', port: 8080 },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const ticket = (createdBy: string, minutes: number) => ({
      createdBy,
      createdAt: at(minutes),
      status: 'new',
      category: 'clothes',
      description: 'Boots',
    });
    await setDoc(doc(db, 'tickets/t1'), ticket('u-worker', 1));
    await setDoc(doc(db, 'tickets/t2'), ticket('u-worker', 2));
    await setDoc(doc(db, 'tickets/t3'), ticket('u-worker2', 3));
    await setDoc(doc(db, 'tickets/t4'), ticket('u-plain', 4));
    await setDoc(doc(db, 'tickets/t1/updates/u1'), { text: 'Ordered', by: 'u-foreman', at: at(5) });
    await setDoc(doc(db, 'tickets/t1/activity/a1'), {
      by: 'u-worker',
      at: at(1),
      change: { type: 'created' },
    });
    await setDoc(doc(db, 'tickets/t3/updates/u1'), { text: 'Paid', by: 'u-manager', at: at(6) });
    await setDoc(doc(db, 'tickets/t3/activity/a1'), {
      by: 'u-worker2',
      at: at(3),
      change: { type: 'created' },
    });
    await setDoc(doc(db, 'tickets/t1/secrets/s1'), { note: 'not a readable sub-collection' });
    await setDoc(doc(db, 'toolCatalog/drill'), { name: 'Drill', providedBy: 'company' });
    await setDoc(doc(db, 'users/u-worker'), { role: 'user', email: 'worker@example.com' });
    await setDoc(doc(db, 'users/u-admin'), { role: 'admin', email: 'admin@example.com' });
    await setDoc(doc(db, 'workers/w1'), { pesel: '00000000000' });
    await setDoc(doc(db, 'counters/tickets'), { next: 5 });
    await setDoc(doc(db, 'presalaryLocks/u-worker_2026-03-H2'), { ticketId: 't9' });
    await setDoc(doc(db, 'bugReports/b1'), { description: 'Crash', reporter: 'u-worker' });
    await setDoc(doc(db, 'config/logging'), { level: 'error' });
    await setDoc(doc(db, 'auditLog/e1'), { action: 'updateUserRole', by: { uid: 'u-admin' } });
    await setDoc(doc(db, 'securityLog/s1'), { type: 'test', by: { uid: 'u-admin' } });
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('tickets: reading one', () => {
  it('lets the submitter read their ticket', async () => {
    await assertSucceeds(getDoc(doc(worker(), 'tickets/t1')));
  });
  it('lets a submitter whose token has no role claim read their ticket', async () => {
    await assertSucceeds(getDoc(doc(plainWorker(), 'tickets/t4')));
  });
  it('refuses another worker, a worker without a role claim and an unknown role', async () => {
    await assertFails(getDoc(doc(otherWorker(), 'tickets/t1')));
    await assertFails(getDoc(doc(plainWorker(), 'tickets/t1')));
    await assertFails(getDoc(doc(unknownRole(), 'tickets/t1')));
  });
  it('refuses a visitor', async () => {
    await assertFails(getDoc(doc(anonymous(), 'tickets/t1')));
  });
  it('refuses a worker a ticket that does not exist (nothing to prove it is theirs)', async () => {
    await assertFails(getDoc(doc(worker(), 'tickets/missing')));
  });
  it.each(STAFF_ROLES)('lets a %s read any ticket', async (role) => {
    await assertSucceeds(getDoc(doc(staff(role)(), 'tickets/t1')));
    await assertSucceeds(getDoc(doc(staff(role)(), 'tickets/t3')));
  });
});

describe('tickets: list queries', () => {
  it('lets a worker list their own tickets (where createdBy == uid, newest first)', async () => {
    const mine = query(
      collection(worker(), 'tickets'),
      where('createdBy', '==', 'u-worker'),
      orderBy('createdAt', 'desc'),
    );
    const snapshot = await assertSucceeds(getDocs(mine));
    expect(snapshot.docs.map((d) => d.id)).toEqual(['t2', 't1']);
  });
  it('lets a worker without a role claim list their own tickets', async () => {
    const mine = query(collection(plainWorker(), 'tickets'), where('createdBy', '==', 'u-plain'));
    await assertSucceeds(getDocs(mine));
  });
  it('refuses a worker an unconstrained list, even a limited one', async () => {
    await assertFails(getDocs(collection(worker(), 'tickets')));
    await assertFails(
      getDocs(query(collection(worker(), 'tickets'), orderBy('createdAt', 'desc'), limit(10))),
    );
  });
  it("refuses a worker a list of another worker's tickets or one filtered on something else", async () => {
    await assertFails(getDocs(query(collection(worker(), 'tickets'), where('createdBy', '==', 'u-worker2'))));
    await assertFails(getDocs(query(collection(worker(), 'tickets'), where('status', '==', 'new'))));
    await assertFails(
      getDocs(query(collection(worker(), 'tickets'), where('createdBy', 'in', ['u-worker', 'u-worker2']))),
    );
  });
  it('refuses an unknown role and a visitor any list', async () => {
    await assertFails(getDocs(collection(unknownRole(), 'tickets')));
    await assertFails(getDocs(collection(anonymous(), 'tickets')));
    await assertFails(
      getDocs(query(collection(anonymous(), 'tickets'), where('createdBy', '==', 'u-worker'))),
    );
  });
  it.each(STAFF_ROLES)('lets a %s list every ticket', async (role) => {
    const snapshot = await assertSucceeds(getDocs(collection(staff(role)(), 'tickets')));
    expect(snapshot.size).toBe(4);
    await assertSucceeds(getDocs(query(collection(staff(role)(), 'tickets'), orderBy('createdAt', 'desc'))));
    await assertSucceeds(
      getDocs(query(collection(staff(role)(), 'tickets'), where('createdBy', '==', 'u-worker2'))),
    );
  });
});

describe('ticket updates and activity', () => {
  it.each(['updates', 'activity'])(
    'lets the submitter read and list the %s of their ticket',
    async (name) => {
      const first = name === 'updates' ? 'u1' : 'a1';
      await assertSucceeds(getDoc(doc(worker(), `tickets/t1/${name}/${first}`)));
      const snapshot = await assertSucceeds(getDocs(collection(worker(), `tickets/t1/${name}`)));
      expect(snapshot.size).toBe(1);
    },
  );
  it.each(STAFF_ROLES)('lets a %s read and list the updates and activity of any ticket', async (role) => {
    await assertSucceeds(getDoc(doc(staff(role)(), 'tickets/t3/updates/u1')));
    await assertSucceeds(getDoc(doc(staff(role)(), 'tickets/t3/activity/a1')));
    await assertSucceeds(getDocs(collection(staff(role)(), 'tickets/t1/updates')));
    await assertSucceeds(getDocs(collection(staff(role)(), 'tickets/t1/activity')));
  });
  it.each(['updates', 'activity'])("refuses another worker the %s of someone else's ticket", async (name) => {
    const first = name === 'updates' ? 'u1' : 'a1';
    await assertFails(getDoc(doc(otherWorker(), `tickets/t1/${name}/${first}`)));
    await assertFails(getDocs(collection(otherWorker(), `tickets/t1/${name}`)));
    await assertFails(getDoc(doc(worker(), `tickets/t3/${name}/${first}`)));
    await assertFails(getDocs(collection(unknownRole(), `tickets/t1/${name}`)));
  });
  it('refuses a visitor', async () => {
    await assertFails(getDoc(doc(anonymous(), 'tickets/t1/updates/u1')));
    await assertFails(getDocs(collection(anonymous(), 'tickets/t1/activity')));
  });
  it('refuses a worker the updates of a ticket that does not exist', async () => {
    await assertFails(getDocs(collection(worker(), 'tickets/missing/updates')));
  });
  it('keeps any other sub-collection closed, to the submitter and to staff', async () => {
    await assertFails(getDoc(doc(worker(), 'tickets/t1/secrets/s1')));
    await assertFails(getDocs(collection(worker(), 'tickets/t1/secrets')));
    await assertFails(getDoc(doc(admin(), 'tickets/t1/secrets/s1')));
    await assertFails(getDocs(collection(staff('foreman')(), 'tickets/t1/secrets')));
  });
});

describe('tool catalogue', () => {
  it('is readable and listable by any signed-in user', async () => {
    await assertSucceeds(getDoc(doc(worker(), 'toolCatalog/drill')));
    await assertSucceeds(getDoc(doc(plainWorker(), 'toolCatalog/drill')));
    const snapshot = await assertSucceeds(getDocs(collection(worker(), 'toolCatalog')));
    expect(snapshot.size).toBe(1);
    await assertSucceeds(getDocs(collection(staff('foreman')(), 'toolCatalog')));
  });
  it('is closed to visitors', async () => {
    await assertFails(getDoc(doc(anonymous(), 'toolCatalog/drill')));
    await assertFails(getDocs(collection(anonymous(), 'toolCatalog')));
  });
});

describe('collections only functions use', () => {
  const CLOSED = [
    'users/u-worker',
    'workers/w1',
    'counters/tickets',
    'presalaryLocks/u-worker_2026-03-H2',
    'bugReports/b1',
    'config/logging',
    'auditLog/e1',
    'securityLog/s1',
  ];
  const collectionOf = (path: string) => path.split('/')[0] ?? path;

  it.each(CLOSED)('nobody reads or lists %s, admins included', async (path) => {
    for (const [, db] of EVERYONE) {
      await assertFails(getDoc(doc(db(), path)));
      await assertFails(getDocs(collection(db(), collectionOf(path))));
    }
  });
  it('does not even let a user read their own users document', async () => {
    await assertFails(getDoc(doc(worker(), 'users/u-worker')));
    await assertFails(getDoc(doc(admin(), 'users/u-admin')));
  });
});

describe.each(EVERYONE)('client writes: %s', (_who, db) => {
  it('cannot create, update, overwrite or delete a ticket', async () => {
    await assertFails(setDoc(doc(db(), 'tickets/new'), { createdBy: 'u-worker', status: 'new' }));
    await assertFails(updateDoc(doc(db(), 'tickets/t1'), { status: 'resolved' }));
    await assertFails(setDoc(doc(db(), 'tickets/t1'), { createdBy: 'u-worker', status: 'resolved' }));
    await assertFails(deleteDoc(doc(db(), 'tickets/t1')));
  });
  it('cannot write ticket updates or activity entries', async () => {
    await assertFails(setDoc(doc(db(), 'tickets/t1/updates/new'), { text: 'Hi' }));
    await assertFails(updateDoc(doc(db(), 'tickets/t1/updates/u1'), { text: 'Changed' }));
    await assertFails(deleteDoc(doc(db(), 'tickets/t1/updates/u1')));
    await assertFails(setDoc(doc(db(), 'tickets/t1/activity/new'), { change: { type: 'created' } }));
    await assertFails(updateDoc(doc(db(), 'tickets/t1/activity/a1'), { by: 'someone' }));
    await assertFails(deleteDoc(doc(db(), 'tickets/t1/activity/a1')));
  });
  it('cannot write the tool catalogue', async () => {
    await assertFails(setDoc(doc(db(), 'toolCatalog/saw'), { name: 'Saw' }));
    await assertFails(updateDoc(doc(db(), 'toolCatalog/drill'), { name: 'Hammer drill' }));
    await assertFails(deleteDoc(doc(db(), 'toolCatalog/drill')));
  });
  it('cannot write users, workers, counters, presalary locks, bug reports, config, audit or security log', async () => {
    await assertFails(setDoc(doc(db(), 'users/u-worker'), { role: 'admin' }));
    await assertFails(updateDoc(doc(db(), 'users/u-admin'), { role: 'user' }));
    await assertFails(setDoc(doc(db(), 'workers/w2'), { name: 'New' }));
    await assertFails(updateDoc(doc(db(), 'counters/tickets'), { next: 1 }));
    await assertFails(deleteDoc(doc(db(), 'presalaryLocks/u-worker_2026-03-H2')));
    await assertFails(setDoc(doc(db(), 'bugReports/b2'), { description: 'Crash' }));
    await assertFails(updateDoc(doc(db(), 'config/logging'), { level: 'debug' }));
    await assertFails(setDoc(doc(db(), 'auditLog/e2'), { action: 'forged' }));
    await assertFails(setDoc(doc(db(), 'securityLog/s2'), { type: 'forged' }));
  });
});
