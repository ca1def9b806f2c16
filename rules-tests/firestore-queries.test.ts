// firestore.rules against every Firestore read the web app makes, run live (onSnapshot) as the user it
// runs for: the ticket history (web/src/tickets/api/history-reads.ts, its shapes from history-query.ts)
// and the ticket details page (web/src/tickets/api/ticket-reads.ts). The tool catalogue is read through
// GET /api/tool-catalog, so the web makes no other Firestore read.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, getDocs, query, where } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  DEMOTED_BY_RECORD,
  DISABLED_ADMIN,
  DISABLED_WORKER,
  type Db,
  FOREMAN_WITHOUT_PROCESS,
  type HistoryInput,
  MANAGER_WITHOUT_BOTH,
  OTHER_WORKER,
  PAGE_SIZE,
  PROMOTED_BY_RECORD,
  SELF_MADE,
  SELF_MADE_FOREMAN_CLAIM,
  STAFF,
  STAFF_ROLES,
  WORKER,
  WORKER_WITH_PROCESS,
  at,
  historyQuery,
  ticketDetails,
  ticketDoc,
  useRulesEnvironment,
} from './firestore-fixtures.js';

/** The worker's tickets: T-0001 ... T-0022, newest last; one archived, some filtered on. */
const WORKER_TICKETS = Array.from({ length: 22 }, (_, index) => {
  const sequence = index + 1;
  return ticketDoc({
    createdBy: WORKER.uid,
    sequence,
    status: sequence === 4 || sequence === 9 ? 'resolved' : sequence === 6 ? 'archived' : 'new',
    archived: sequence === 6,
    category: sequence === 8 || sequence === 12 ? 'absences' : 'clothes',
    subcategory: sequence === 8 ? 'sickLeave' : sequence === 12 ? 'vacation' : 'newWorkwear',
    description: sequence === 10 ? 'Lost the drill charger on site' : 'Winter boots, size 44',
  });
});
const WORKER_LIVE = WORKER_TICKETS.filter((ticket) => ticket.archived !== true).length;

const { as, visitor } = useRulesEnvironment('demo-rules-queries', {
  seed(write) {
    WORKER_TICKETS.forEach((ticket, index) => write(`tickets/w${index + 1}`, ticket));
    write(
      'tickets/o1',
      ticketDoc({ createdBy: OTHER_WORKER.uid, sequence: 30, description: 'Charger broken' }),
    );
    write('tickets/o2', ticketDoc({ createdBy: OTHER_WORKER.uid, sequence: 31, archived: true }));
    write('tickets/p1', ticketDoc({ createdBy: SELF_MADE.uid, sequence: 40 }));
    write('tickets/f1', ticketDoc({ createdBy: FOREMAN_WITHOUT_PROCESS.uid, sequence: 41 }));
    write('tickets/d1', ticketDoc({ createdBy: DISABLED_WORKER.uid, sequence: 42 }));
    write('tickets/x1', ticketDoc({ createdBy: WORKER_WITH_PROCESS.uid, sequence: 43 }));
    for (const id of ['w1', 'o1', 'd1']) {
      write(`tickets/${id}/updates/u2`, { text: 'Delivered', by: { uid: STAFF.foreman.uid }, at: at(120) });
      write(`tickets/${id}/updates/u1`, { text: 'Ordered', by: { uid: STAFF.foreman.uid }, at: at(60) });
      write(`tickets/${id}/activity/a1`, { by: { uid: 'someone' }, at: at(1), change: { type: 'created' } });
    }
  },
});
const ALL_LIVE = WORKER_LIVE + 5;

const numbers = (snapshot: { docs: { get: (field: string) => unknown }[] }) =>
  snapshot.docs.map((ticket) => ticket.get('number'));

/** Loads the first page, then "load more": the first page re-bounded at its last ticket and the next one. */
async function pageThrough(db: Db, input: HistoryInput) {
  const first = await assertSucceeds(historyQuery(db, input));
  const cursor = first.docs.at(-1);
  if (!cursor) throw new Error('the first page is empty');
  const rebounded = await assertSucceeds(historyQuery(db, input, { endAt: cursor, limit: null }));
  const next = await assertSucceeds(historyQuery(db, input, { startAfter: cursor }));
  return { first, rebounded, next, cursor };
}

describe('ticket history: a worker (canSeeAll false: where createdBy == own uid)', () => {
  const mine = { createdBy: WORKER.uid };

  it('gets the first page: their live tickets, newest first, one page', async () => {
    const page = await assertSucceeds(historyQuery(as(WORKER), mine));
    expect(page.size).toBe(PAGE_SIZE);
    expect(page.docs.every((ticket) => ticket.get('createdBy') === WORKER.uid)).toBe(true);
    expect(numbers(page)[0]).toBe('T-0022');
  });
  it('loads more: the next page after the cursor, and the first page re-bounded at it', async () => {
    const { rebounded, next } = await pageThrough(as(WORKER), mine);
    expect(rebounded.size).toBe(PAGE_SIZE);
    expect(numbers(next)).toEqual(['T-0001']);
  });
  it('reads a middle page between two cursors (after a second "load more")', async () => {
    const db = as(WORKER);
    const first = await assertSucceeds(historyQuery(db, mine, { limit: 5 }));
    const second = await assertSucceeds(historyQuery(db, mine, { startAfter: first.docs.at(-1), limit: 5 }));
    const middle = await assertSucceeds(
      historyQuery(db, mine, { startAfter: first.docs.at(-1), endAt: second.docs.at(-1), limit: null }),
    );
    expect(numbers(middle)).toEqual(numbers(second));
  });
  it('filters by status', async () => {
    const page = await assertSucceeds(historyQuery(as(WORKER), { ...mine, status: 'resolved' }));
    expect(numbers(page)).toEqual(['T-0009', 'T-0004']);
  });
  it('filters by category, and by category and subcategory', async () => {
    const category = await assertSucceeds(historyQuery(as(WORKER), { ...mine, category: 'absences' }));
    expect(numbers(category)).toEqual(['T-0012', 'T-0008']);
    const subcategory = await assertSucceeds(
      historyQuery(as(WORKER), { ...mine, category: 'absences', subcategory: 'sickLeave' }),
    );
    expect(numbers(subcategory)).toEqual(['T-0008']);
  });
  it('searches by a word of the description and by ticket number', async () => {
    const word = await assertSucceeds(historyQuery(as(WORKER), { ...mine, search: 'drill charger' }));
    expect(numbers(word)).toEqual(['T-0010']);
    const number = await assertSucceeds(historyQuery(as(WORKER), { ...mine, search: 'T-7' }));
    expect(numbers(number)).toEqual(['T-0007']);
  });
  it('shows archived tickets too, alone and with every filter at once', async () => {
    const all = await assertSucceeds(
      historyQuery(as(WORKER), { ...mine, showArchived: true }, { limit: 50 }),
    );
    expect(all.size).toBe(WORKER_TICKETS.length);
    await assertSucceeds(
      historyQuery(as(WORKER), {
        ...mine,
        showArchived: true,
        status: 'new',
        category: 'absences',
        subcategory: 'vacation',
        search: 'boots',
      }),
    );
  });
  it('is refused to a self-made account (public sign-up), even for the tickets filed under its uid', async () => {
    await assertFails(historyQuery(as(SELF_MADE), { createdBy: SELF_MADE.uid }));
    await assertFails(historyQuery(as(SELF_MADE_FOREMAN_CLAIM), {}));
    const details = ticketDetails(as(SELF_MADE), 'p1');
    await Promise.all([details.ticket, details.updates, details.activity].map((read) => assertFails(read)));
  });
  it('is refused every shape without the createdBy filter', async () => {
    const db = as(WORKER);
    await assertFails(historyQuery(db, {}));
    await assertFails(historyQuery(db, { showArchived: true }));
    await assertFails(historyQuery(db, { status: 'new' }));
    await assertFails(historyQuery(db, { category: 'absences', subcategory: 'sickLeave' }));
    await assertFails(historyQuery(db, { search: 'charger' }));
    await assertFails(historyQuery(db, {}, { limit: null }));
  });
  it('is refused a later page without the createdBy filter, even from a cursor of their own', async () => {
    const db = as(WORKER);
    const { cursor } = await pageThrough(db, mine);
    await assertFails(historyQuery(db, {}, { startAfter: cursor }));
    await assertFails(historyQuery(db, {}, { endAt: cursor, limit: null }));
  });
  it("is refused another worker's uid in the filter", async () => {
    await assertFails(historyQuery(as(WORKER), { createdBy: OTHER_WORKER.uid }));
    await assertFails(historyQuery(as(OTHER_WORKER), { createdBy: WORKER.uid, search: 'charger' }));
  });
  it('is refused to a disabled worker, even for their own tickets', async () => {
    await assertFails(historyQuery(as(DISABLED_WORKER), { createdBy: DISABLED_WORKER.uid }));
  });
  it('is refused to a visitor, with or without a uid', async () => {
    await assertFails(historyQuery(visitor(), { createdBy: WORKER.uid }));
    await assertFails(historyQuery(visitor(), {}));
  });
});

describe('ticket history: staff (canSeeAll true: no createdBy filter)', () => {
  it.each(STAFF_ROLES)('a %s pages through every ticket', async (role) => {
    const { first, next } = await pageThrough(as(STAFF[role]), {});
    expect(first.size + next.size).toBe(ALL_LIVE);
    expect(new Set(first.docs.map((ticket) => ticket.get('createdBy'))).size).toBeGreaterThan(1);
  });
  it('filters, searches and shows archived tickets across submitters', async () => {
    const db = as(STAFF.foreman);
    const search = await assertSucceeds(historyQuery(db, { search: 'charger' }));
    expect(numbers(search)).toEqual(['T-0030', 'T-0010']);
    const archived = await assertSucceeds(historyQuery(db, { showArchived: true, status: 'archived' }));
    expect(numbers(archived)).toEqual(['T-0006']);
    await assertSucceeds(historyQuery(db, { category: 'absences', subcategory: 'vacation', status: 'new' }));
    await assertSucceeds(historyQuery(db, { search: 'T-30', showArchived: true }));
  });
  it('a worker with PROCESS_TICKETS assigned may run the staff query (and still their own)', async () => {
    const page = await assertSucceeds(historyQuery(as(WORKER_WITH_PROCESS), {}));
    expect(page.size).toBe(PAGE_SIZE);
    await assertSucceeds(historyQuery(as(WORKER_WITH_PROCESS), { createdBy: WORKER_WITH_PROCESS.uid }));
  });
  it('a foreman with PROCESS_TICKETS revoked is refused the staff query, not the worker query', async () => {
    const db = as(FOREMAN_WITHOUT_PROCESS);
    await assertFails(historyQuery(db, {}));
    await assertFails(historyQuery(db, { search: 'charger' }));
    const own = await assertSucceeds(historyQuery(db, { createdBy: FOREMAN_WITHOUT_PROCESS.uid }));
    expect(numbers(own)).toEqual(['T-0041']);
  });
  it('a manager with both permissions revoked is refused the staff query, not the worker query', async () => {
    await assertFails(historyQuery(as(MANAGER_WITHOUT_BOTH), {}));
    await assertSucceeds(historyQuery(as(MANAGER_WITHOUT_BOTH), { createdBy: MANAGER_WITHOUT_BOTH.uid }));
  });
  it('follows the role in users/{uid}: promoted may, demoted may not', async () => {
    await assertSucceeds(historyQuery(as(PROMOTED_BY_RECORD), {}));
    await assertFails(historyQuery(as(DEMOTED_BY_RECORD), {}));
  });
  it('a disabled admin is refused', async () => {
    await assertFails(historyQuery(as(DISABLED_ADMIN), {}));
    await assertFails(historyQuery(as(DISABLED_ADMIN), { createdBy: DISABLED_ADMIN.uid }));
  });
});

describe('the duplicate check before a new ticket (tickets/api/follow-through.ts)', () => {
  const openOf = (db: Db, uid: string) =>
    getDocs(
      query(
        collection(db, 'tickets'),
        where('createdBy', '==', uid),
        where('category', '==', 'clothes'),
        where('subcategory', '==', 'newWorkwear'),
        where('status', 'in', ['new', 'inProgress', 'unknown']),
      ),
    );
  it('lists the worker’s own open tickets, and nobody else’s', async () => {
    const open = await assertSucceeds(openOf(as(WORKER), WORKER.uid));
    const sameKindOpen = WORKER_TICKETS.filter(
      (ticket) =>
        ticket.status === 'new' && ticket.category === 'clothes' && ticket.subcategory === 'newWorkwear',
    );
    expect(open.size).toBe(sameKindOpen.length);
    expect(open.size).toBeGreaterThan(0);
    await assertFails(openOf(as(WORKER), OTHER_WORKER.uid));
    await assertFails(openOf(visitor(), WORKER.uid));
    await assertFails(openOf(as(DISABLED_WORKER), DISABLED_WORKER.uid));
  });
});

describe('ticket details page', () => {
  it('the submitter gets their ticket, its updates oldest first and its activity', async () => {
    const page = ticketDetails(as(WORKER), 'w1');
    const [ticket, updates, activity] = await Promise.all([
      assertSucceeds(page.ticket),
      assertSucceeds(page.updates),
      assertSucceeds(page.activity),
    ]);
    expect(ticket.get('number')).toBe('T-0001');
    expect(updates.docs.map((update) => update.id)).toEqual(['u1', 'u2']);
    expect(activity.size).toBe(1);
  });
  it.each([
    ['a foreman', STAFF.foreman],
    ['a manager_pl', STAFF.manager_pl],
    ['a worker with PROCESS_TICKETS assigned', WORKER_WITH_PROCESS],
  ])("%s gets someone else's ticket with its updates and activity", async (_who, person) => {
    const page = ticketDetails(as(person), 'o1');
    await Promise.all([
      assertSucceeds(page.ticket),
      assertSucceeds(page.updates),
      assertSucceeds(page.activity),
    ]);
  });
  it("another worker is refused all three listeners on someone else's ticket", async () => {
    const page = ticketDetails(as(OTHER_WORKER), 'w1');
    await Promise.all([assertFails(page.ticket), assertFails(page.updates), assertFails(page.activity)]);
  });
  it("a foreman with PROCESS_TICKETS revoked is refused someone else's ticket", async () => {
    const page = ticketDetails(as(FOREMAN_WITHOUT_PROCESS), 'w1');
    await Promise.all([assertFails(page.ticket), assertFails(page.updates), assertFails(page.activity)]);
  });
  it('a disabled worker is refused their own ticket', async () => {
    const page = ticketDetails(as(DISABLED_WORKER), 'd1');
    await Promise.all([assertFails(page.ticket), assertFails(page.updates), assertFails(page.activity)]);
  });
});
