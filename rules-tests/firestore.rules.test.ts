// firestore.rules, who reads what: tickets, their updates and activity, the tool catalogue. Runs under
// the official Firestore emulator started by rules-tests/global-setup.ts (part of npm test). The web's
// queries are in firestore-queries.test.ts, the closed collections and writes in
// firestore-closed.test.ts, the match with the domain's hasPermission in firestore-drift.test.ts.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  DEMOTED_BY_RECORD,
  DISABLED_ADMIN,
  DISABLED_WORKER,
  type Db,
  FOREMAN_WITHOUT_PROCESS,
  MANAGER_WITHOUT_BOTH,
  MANAGER_WITHOUT_PROCESS,
  NOT_STAFF_MADE,
  OTHER_WORKER,
  PROMOTED_BY_RECORD,
  RECORD_WITHOUT_ROLE,
  REENABLED_MANAGER,
  SELF_MADE,
  SELF_MADE_FOREMAN_CLAIM,
  STAFF,
  STAFF_ROLES,
  UNKNOWN_BY_RECORD,
  WORKER,
  WORKER_ASSIGNED_AND_REVOKED,
  WORKER_WITH_PROCESS,
  WORKER_WITH_VIEW_ALL,
  at,
  ticketDoc,
  useRulesEnvironment,
} from './firestore-fixtures.js';

const { as, visitor } = useRulesEnvironment('demo-rules-reads', {
  seed(write) {
    write('tickets/t-worker', ticketDoc({ createdBy: WORKER.uid, sequence: 1 }));
    write('tickets/t-other', ticketDoc({ createdBy: OTHER_WORKER.uid, sequence: 2 }));
    NOT_STAFF_MADE.forEach(([, person], index) => {
      write(`tickets/t-own-${person.uid}`, ticketDoc({ createdBy: person.uid, sequence: 50 + index }));
      write(`tickets/t-own-${person.uid}/updates/u1`, { text: 'Ordered', at: at(10) });
      write(`tickets/t-own-${person.uid}/activity/a1`, { at: at(1), change: { type: 'created' } });
      write(`notifications/n-${person.uid}`, { recipient: person.uid, read: false, createdAt: at(5) });
    });
    write('tickets/t-disabled', ticketDoc({ createdBy: DISABLED_WORKER.uid, sequence: 5 }));
    write('tickets/t-foreman', ticketDoc({ createdBy: FOREMAN_WITHOUT_PROCESS.uid, sequence: 6 }));
    for (const id of ['t-worker', 't-other', 't-disabled', 't-foreman']) {
      write(`tickets/${id}/updates/u1`, { text: 'Ordered', by: { uid: STAFF.foreman.uid }, at: at(10) });
      write(`tickets/${id}/activity/a1`, { by: { uid: 'someone' }, at: at(1), change: { type: 'created' } });
    }
    write('tickets/t-worker/secrets/s1', { note: 'not a readable sub-collection' });
    write('toolCatalog/drill', { name: 'Drill', unit: 'pcs', providedBy: 'company' });
  },
});

const getTicket = (db: Db, id: string) => getDoc(doc(db, 'tickets', id));
const getUpdate = (db: Db, id: string) => getDoc(doc(db, 'tickets', id, 'updates', 'u1'));
const listActivity = (db: Db, id: string) => getDocs(collection(db, 'tickets', id, 'activity'));

describe('tickets: the submitter', () => {
  it('reads their own ticket', async () => {
    const snapshot = await assertSucceeds(getTicket(as(WORKER), 't-worker'));
    expect(snapshot.get('createdBy')).toBe(WORKER.uid);
  });
  it('is refused a ticket that does not exist (nothing shows it is theirs)', async () => {
    await assertFails(getTicket(as(WORKER), 'missing'));
  });
});

describe('tickets: everyone else without a permission', () => {
  it("refuses a worker another worker's ticket, both ways", async () => {
    await assertFails(getTicket(as(OTHER_WORKER), 't-worker'));
    await assertFails(getTicket(as(WORKER), 't-other'));
  });
  it('refuses a visitor', async () => {
    await assertFails(getTicket(visitor(), 't-worker'));
  });
});

describe('tickets: staff roles (PROCESS_TICKETS from foreman, VIEW_ALL_USER_DATA from manager)', () => {
  it.each(STAFF_ROLES)(
    'a %s reads any ticket, and learns that a missing one does not exist',
    async (role) => {
      await assertSucceeds(getTicket(as(STAFF[role]), 't-worker'));
      await assertSucceeds(getTicket(as(STAFF[role]), 't-other'));
      const missing = await assertSucceeds(getTicket(as(STAFF[role]), 'missing'));
      expect(missing.exists()).toBe(false);
    },
  );
});

describe('tickets: per-user permissions in users/{uid}', () => {
  it("a worker with PROCESS_TICKETS assigned reads others' tickets", async () => {
    await assertSucceeds(getTicket(as(WORKER_WITH_PROCESS), 't-worker'));
    await assertSucceeds(getTicket(as(WORKER_WITH_PROCESS), 't-other'));
  });
  it("a worker with VIEW_ALL_USER_DATA assigned reads others' tickets", async () => {
    await assertSucceeds(getTicket(as(WORKER_WITH_VIEW_ALL), 't-other'));
  });
  it('a permission both assigned and revoked is revoked', async () => {
    await assertFails(getTicket(as(WORKER_ASSIGNED_AND_REVOKED), 't-worker'));
  });
  it("a foreman with PROCESS_TICKETS revoked is refused others' tickets but reads their own", async () => {
    await assertFails(getTicket(as(FOREMAN_WITHOUT_PROCESS), 't-worker'));
    await assertSucceeds(getTicket(as(FOREMAN_WITHOUT_PROCESS), 't-foreman'));
  });
  it('a manager with only PROCESS_TICKETS revoked still reads every ticket (VIEW_ALL_USER_DATA)', async () => {
    await assertSucceeds(getTicket(as(MANAGER_WITHOUT_PROCESS), 't-worker'));
  });
  it('a manager with PROCESS_TICKETS and VIEW_ALL_USER_DATA revoked is refused', async () => {
    await assertFails(getTicket(as(MANAGER_WITHOUT_BOTH), 't-worker'));
    await assertFails(getTicket(as(MANAGER_WITHOUT_BOTH), 't-other'));
  });
});

describe('tickets: only the staff-made record in users/{uid} counts, never the claim', () => {
  it('a user claim with a manager record reads every ticket', async () => {
    await assertSucceeds(getTicket(as(PROMOTED_BY_RECORD), 't-worker'));
  });
  it('an admin claim with a worker record is refused', async () => {
    await assertFails(getTicket(as(DEMOTED_BY_RECORD), 't-worker'));
  });
  it('an admin claim with a record naming an unknown role is refused', async () => {
    await assertFails(getTicket(as(UNKNOWN_BY_RECORD), 't-worker'));
  });
  it('a foreman claim over a record without a role field is refused', async () => {
    await assertFails(getTicket(as(RECORD_WITHOUT_ROLE), 't-worker'));
  });
  it('a foreman claim on a self-made account (no users document) is refused', async () => {
    await assertFails(getTicket(as(SELF_MADE_FOREMAN_CLAIM), 't-other'));
  });
});

describe.each(NOT_STAFF_MADE)('%s reads nothing', (_who, person) => {
  const own = `t-own-${person.uid}`;
  it('not the ticket its own uid filed, nor its updates and activity', async () => {
    const db = as(person);
    await assertFails(getTicket(db, own));
    await assertFails(getUpdate(db, own));
    await assertFails(listActivity(db, own));
    await assertFails(getDocs(query(collection(db, 'tickets'), where('createdBy', '==', person.uid))));
  });
  it("not someone else's ticket, nor the unfiltered list", async () => {
    await assertFails(getTicket(as(person), 't-worker'));
    await assertFails(getUpdate(as(person), 't-worker'));
    await assertFails(getDocs(collection(as(person), 'tickets')));
  });
  it('not the tool catalogue', async () => {
    await assertFails(getDoc(doc(as(person), 'toolCatalog/drill')));
    await assertFails(getDocs(collection(as(person), 'toolCatalog')));
  });
  it('not a notification addressed to it', async () => {
    await assertFails(getDoc(doc(as(person), `notifications/n-${person.uid}`)));
    await assertFails(
      getDocs(query(collection(as(person), 'notifications'), where('recipient', '==', person.uid))),
    );
  });
});

describe('disabled accounts (users/{uid}.disabled, token still valid)', () => {
  it('a disabled worker cannot read their own ticket, its updates or its activity', async () => {
    const db = as(DISABLED_WORKER);
    await assertFails(getTicket(db, 't-disabled'));
    await assertFails(getUpdate(db, 't-disabled'));
    await assertFails(listActivity(db, 't-disabled'));
  });
  it('a disabled admin reads nothing: no ticket, update, activity, ticket list or catalogue', async () => {
    const db = as(DISABLED_ADMIN);
    await assertFails(getTicket(db, 't-worker'));
    await assertFails(getUpdate(db, 't-worker'));
    await assertFails(listActivity(db, 't-worker'));
    await assertFails(getDocs(collection(db, 'tickets')));
    await assertFails(getDoc(doc(db, 'toolCatalog/drill')));
  });
  it('a disabled worker cannot read the tool catalogue', async () => {
    await assertFails(getDocs(collection(as(DISABLED_WORKER), 'toolCatalog')));
  });
  it('a re-enabled account (disabled: false) reads as its role allows', async () => {
    await assertSucceeds(getTicket(as(REENABLED_MANAGER), 't-worker'));
    await assertSucceeds(listActivity(as(REENABLED_MANAGER), 't-other'));
  });
});

describe('ticket updates and activity', () => {
  it.each(['updates', 'activity'])('the submitter reads and lists the %s of their ticket', async (name) => {
    const db = as(WORKER);
    const first = name === 'updates' ? 'u1' : 'a1';
    await assertSucceeds(getDoc(doc(db, 'tickets', 't-worker', name, first)));
    const snapshot = await assertSucceeds(getDocs(collection(db, 'tickets', 't-worker', name)));
    expect(snapshot.size).toBe(1);
  });
  it.each(STAFF_ROLES)('a %s reads and lists the updates and activity of any ticket', async (role) => {
    const db = as(STAFF[role]);
    await assertSucceeds(getUpdate(db, 't-other'));
    await assertSucceeds(getDoc(doc(db, 'tickets/t-other/activity/a1')));
    await assertSucceeds(getDocs(collection(db, 'tickets/t-worker/updates')));
    await assertSucceeds(listActivity(db, 't-worker'));
  });
  it.each(['updates', 'activity'])(
    "refuses another worker and a self-made account the %s of someone else's ticket",
    async (name) => {
      const first = name === 'updates' ? 'u1' : 'a1';
      await assertFails(getDoc(doc(as(OTHER_WORKER), 'tickets', 't-worker', name, first)));
      await assertFails(getDocs(collection(as(OTHER_WORKER), 'tickets', 't-worker', name)));
      await assertFails(getDoc(doc(as(WORKER), 'tickets', 't-other', name, first)));
      await assertFails(getDocs(collection(as(SELF_MADE), 'tickets', 't-worker', name)));
    },
  );
  it("a worker with PROCESS_TICKETS assigned reads others' updates and activity", async () => {
    await assertSucceeds(getUpdate(as(WORKER_WITH_PROCESS), 't-other'));
    await assertSucceeds(listActivity(as(WORKER_WITH_PROCESS), 't-other'));
  });
  it("staff with their permissions revoked are refused others' updates and activity, not their own", async () => {
    await assertFails(getUpdate(as(FOREMAN_WITHOUT_PROCESS), 't-worker'));
    await assertFails(listActivity(as(MANAGER_WITHOUT_BOTH), 't-worker'));
    await assertSucceeds(getUpdate(as(FOREMAN_WITHOUT_PROCESS), 't-foreman'));
    await assertSucceeds(listActivity(as(FOREMAN_WITHOUT_PROCESS), 't-foreman'));
  });
  it('follows the role in users/{uid}, not the claim', async () => {
    await assertSucceeds(listActivity(as(PROMOTED_BY_RECORD), 't-other'));
    await assertFails(listActivity(as(DEMOTED_BY_RECORD), 't-other'));
  });
  it('refuses a visitor', async () => {
    await assertFails(getUpdate(visitor(), 't-worker'));
    await assertFails(listActivity(visitor(), 't-worker'));
  });
  it('refuses a worker the updates of a ticket that does not exist', async () => {
    await assertFails(getDocs(collection(as(WORKER), 'tickets/missing/updates')));
  });
  it('keeps any other sub-collection of a ticket closed, to the submitter and to staff', async () => {
    await assertFails(getDoc(doc(as(WORKER), 'tickets/t-worker/secrets/s1')));
    await assertFails(getDocs(collection(as(WORKER), 'tickets/t-worker/secrets')));
    await assertFails(getDoc(doc(as(STAFF.admin), 'tickets/t-worker/secrets/s1')));
    await assertFails(getDocs(collection(as(STAFF.foreman), 'tickets/t-worker/secrets')));
  });
});

describe('tool catalogue', () => {
  it('every staff-made account that is not disabled reads and lists it, whatever its role', async () => {
    for (const person of [WORKER, MANAGER_WITHOUT_BOTH, STAFF.admin]) {
      await assertSucceeds(getDoc(doc(as(person), 'toolCatalog/drill')));
      const snapshot = await assertSucceeds(getDocs(collection(as(person), 'toolCatalog')));
      expect(snapshot.size).toBe(1);
    }
  });
  it('is closed to visitors', async () => {
    await assertFails(getDoc(doc(visitor(), 'toolCatalog/drill')));
    await assertFails(getDocs(collection(visitor(), 'toolCatalog')));
  });
});
