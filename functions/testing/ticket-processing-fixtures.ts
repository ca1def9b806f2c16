// Shared set-up of the ticket-processing-*.test.ts files: accounts of each role with their users
// documents, tickets written straight into Firestore in the shape of domain/ticket-document.ts, the
// processing handlers with a movable clock and a Storage stand-in, and activity-log reads.
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { expect } from 'vitest';
import { createAssignTicketHandler } from '../src/callable/tickets/assign-ticket.js';
import { createRateTicketHandler } from '../src/callable/tickets/rate-ticket.js';
import { createConfirmTicketItemHandler } from '../src/callable/tickets/confirm-ticket-item.js';
import { createChangeTicketStatusHandler } from '../src/callable/tickets/change-ticket-status.js';
import { createAddTicketUpdateHandler } from '../src/callable/tickets/add-ticket-update.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import type { FileInspector, InspectedFile } from '../src/storage/file-inspector.js';
import {
  type TestAccount,
  type TestUser,
  callableAuth,
  callableRequest,
  createTestAccount,
  recordingLogger,
} from './helpers.js';

export const db = adminDb();
export const CREATED = Date.parse('2026-11-20T08:00:00.000Z');

/** The injected clock; each test moves it so that its entries carry a time of their own. */
let nowMillis = Date.parse('2026-11-20T10:00:00.000Z');
export const clock = {
  now: () => nowMillis,
  set: (millis: number) => {
    nowMillis = millis;
  },
  /** Moves the clock one minute on and returns the new time as a Timestamp. */
  tick: () => {
    nowMillis += 60_000;
    return Timestamp.fromMillis(nowMillis);
  },
};

/** A Storage stand-in: what each path "really" holds, and which paths were asked about. */
export const storage = {
  objects: {} as Record<string, InspectedFile>,
  asked: [] as string[],
};
const files: FileInspector = {
  inspect: (path) => {
    storage.asked.push(path);
    return Promise.resolve(storage.objects[path] ?? null);
  },
};

export const logger = recordingLogger();
const deps = { db, logger, now: () => clock.now(), files };
export const handlers = {
  changeStatus: createChangeTicketStatusHandler(deps),
  assign: createAssignTicketHandler({ ...deps, auth: adminAuth() }),
  addUpdate: createAddTicketUpdateHandler(deps),
  confirmItem: createConfirmTicketItemHandler(deps),
  rate: createRateTicketHandler(deps),
};

/** An Auth account with the `role` claim and its users document (helpers.ts). */
export const account = createTestAccount;
export type Account = TestAccount;

const auths = new Map<string, NonNullable<CallableRequest['auth']>>();

/** A callable request of this signed-in user (a real ID token from the Auth emulator, fetched once). */
export async function requestAs(user: TestUser, data: unknown): Promise<CallableRequest<unknown>> {
  let auth = auths.get(user.uid);
  if (!auth) {
    auth = await callableAuth(user);
    auths.set(user.uid, auth);
  }
  return callableRequest(data, auth);
}

/** A call without a signed-in user. */
export const anonymous = (data: unknown) => callableRequest(data);

export const CLOTHES_ITEMS = [
  {
    name: 'Winter jacket, size L',
    quantity: 1,
    confirmed: false,
    type: 'jacket',
    variant: 'winter',
    size: 'L',
  },
  {
    name: 'Winter work trousers, size 52',
    quantity: 1,
    confirmed: false,
    type: 'pants',
    variant: 'winter',
    size: '52',
  },
  { name: 'Beanie', quantity: 2, confirmed: false, type: 'beanie', variant: null, size: 'M' },
  { name: 'Buff', quantity: 1, confirmed: false, type: 'buff', variant: null, size: 'M' },
  {
    name: 'Long-sleeve shirt, size L',
    quantity: 3,
    confirmed: false,
    type: 'longSleeveShirt',
    variant: null,
    size: 'L',
  },
];

const CATEGORY_FIELDS: Record<string, Record<string, unknown>> = {
  accommodation: { subcategory: 'problem', address: 'Sickla Kanalgata 8', details: {} },
  presalary: {
    subcategory: 'advance',
    details: {
      amount: 300,
      currency: 'EUR',
      fee: 15,
      total: 315,
      period: '2026-11-H2',
      reason: 'Deposit',
      termsAccepted: true,
    },
  },
  salary: { subcategory: 'missingPayment', details: { period: '2026-10-H1' } },
  clothes: { subcategory: 'newWorkwear', details: {}, items: CLOTHES_ITEMS },
  tools: {
    subcategory: 'order',
    details: {},
    items: [{ name: 'Drill', quantity: 1, confirmed: false, toolId: 'drill', unit: 'pcs' }],
  },
  absences: {
    subcategory: 'vacation',
    details: { type: 'vacation', reason: 'Family', startDate: '2026-12-01', endDate: '2026-12-05' },
  },
};

/**
 * A ticket of `owner` written straight into Firestore (the shape of domain/ticket-document.ts, with its
 * `created` activity entry), under a unique id. `fields` override anything, e.g. the status.
 */
export async function seedTicket(
  owner: Account,
  category = 'accommodation',
  fields: Record<string, unknown> = {},
): Promise<string> {
  const id = `tp-${randomUUID().slice(0, 12)}`;
  const at = Timestamp.fromMillis(CREATED);
  const assignedTo = fields.assignedTo as { uid?: string } | null | undefined;
  await db.doc(`tickets/${id}`).set({
    number: `T-${id.slice(3, 9)}`,
    category,
    description: 'A ticket for the processing tests',
    status: 'new',
    archived: false,
    createdAt: at,
    createdBy: owner.uid,
    submitter: { uid: owner.uid, name: owner.name, email: owner.email },
    assignedTo: null,
    assigneeUid: assignedTo?.uid ?? '',
    site: null,
    lastUpdate: at,
    items: [],
    attachments: [],
    declaredAttachments: 0,
    searchTokens: [],
    ...CATEGORY_FIELDS[category],
    ...fields,
  });
  await db
    .collection(`tickets/${id}/activity`)
    .add({ at, by: { uid: owner.uid, name: owner.name }, change: { type: 'created' } });
  return id;
}

export const ticketData = async (ticketId: string) => (await db.doc(`tickets/${ticketId}`).get()).data();

/** The ticket's activity entries after its `created` one, in no particular order. */
export async function entriesOf(ticketId: string) {
  const snapshot = await db.collection(`tickets/${ticketId}/activity`).get();
  return snapshot.docs
    .map((doc) => doc.data())
    .filter((entry) => (entry.change as { type: string }).type !== 'created');
}

/** Checks that the ticket's log holds exactly these entries (besides `created`), in any order. */
export async function expectEntries(ticketId: string, expected: Record<string, unknown>[]) {
  const entries = await entriesOf(ticketId);
  expect(entries).toHaveLength(expected.length);
  expect(entries).toEqual(expect.arrayContaining(expected));
}

/** An activity entry of a field change, as the callables write it. */
export const fieldChange = (
  by: Account,
  at: Timestamp,
  field: string,
  from: string | number | null,
  to: string | number | null,
) => ({ at, by: { uid: by.uid, name: by.name }, change: { type: 'field', field, from, to } });

/** The updates of a ticket, keyed by id. */
export async function updatesOf(ticketId: string) {
  const snapshot = await db.collection(`tickets/${ticketId}/updates`).get();
  return Object.fromEntries(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}
