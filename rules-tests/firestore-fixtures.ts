// What the firestore.rules test files share: the people (token claims and users/{uid} records), ticket
// and safety report documents shaped as the functions write them, and a test environment per file on the
// rules suite's Firestore emulator (rules-tests/global-setup.ts; the port comes from inject('rulesPorts')).
import { readFileSync } from 'node:fs';
import {
  type RulesTestContext,
  type RulesTestEnvironment,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
  type Unsubscribe,
  Timestamp,
  collection,
  doc,
  endAt,
  limit,
  onSnapshot,
  orderBy,
  query,
  setLogLevel,
  startAfter,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, inject } from 'vitest';
import { PERMISSIONS, searchTokenOf, ticketSearchTokens } from '../functions/src/domain/index.js';
import { urgencyRank } from '../functions/src/domain/safety.js';

// A refused read is what most of these tests expect; the SDK would log each one as an error.
setLogLevel('silent');

export type Db = ReturnType<RulesTestContext['firestore']>;

/** The users/{uid} fields the rules read (the functions write more). */
export type UserRecord = {
  role?: string;
  /** The directory worker the account is linked to: with a known role, what makes the record staff-made. */
  workerId?: string | null;
  assignedPermissions?: string[];
  revokedPermissions?: string[];
  disabled?: boolean;
};

/** Someone signed in: the token's custom claims and their users/{uid} record (null: none). */
export type Person = { uid: string; claims: Record<string, string>; record: UserRecord | null };

const { PROCESS_TICKETS, VIEW_ALL_USER_DATA, HANDLE_SAFETY_REPORTS } = PERMISSIONS;

/**
 * A staff-made account, as createAccount and the seed make it: the role in users/{uid} (copied to the
 * claim for the screens), linked to a directory worker.
 */
const account = (uid: string, role: string, record: UserRecord = {}): Person => ({
  uid,
  claims: { role },
  record: { role, workerId: `w-${uid}`, assignedPermissions: [], revokedPermissions: [], ...record },
});

export const WORKER = account('u-worker', 'user');
export const OTHER_WORKER = account('u-worker2', 'user');
/** A self-made account (Firebase Auth's public sign-up): no claim, no users document, no power. */
export const SELF_MADE = { uid: 'u-self-made', claims: {}, record: null } satisfies Person;
/** A self-made account whose token carries a role the app does not know, and no users document. */
export const SELF_MADE_UNKNOWN_CLAIM = {
  uid: 'u-self-made-unknown',
  claims: { role: 'superuser' },
  record: null,
} satisfies Person;

export const STAFF_ROLES = ['foreman', 'manager', 'manager_pl', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF: Record<StaffRole, Person> = {
  foreman: account('u-foreman', 'foreman'),
  manager: account('u-manager', 'manager'),
  manager_pl: account('u-manager_pl', 'manager_pl'),
  admin: account('u-admin', 'admin'),
};

/** Per-user permission changes (users/{uid}.assignedPermissions / revokedPermissions). */
export const WORKER_WITH_PROCESS = account('u-worker-process', 'user', {
  assignedPermissions: [PROCESS_TICKETS],
});
export const WORKER_WITH_VIEW_ALL = account('u-worker-viewall', 'user', {
  assignedPermissions: [VIEW_ALL_USER_DATA],
});
/** Assigned and revoked at once: revoked wins, as in hasPermission. */
export const WORKER_ASSIGNED_AND_REVOKED = account('u-worker-both', 'user', {
  assignedPermissions: [PROCESS_TICKETS],
  revokedPermissions: [PROCESS_TICKETS],
});
export const FOREMAN_WITHOUT_PROCESS = account('u-foreman-noprocess', 'foreman', {
  revokedPermissions: [PROCESS_TICKETS],
});
export const MANAGER_WITHOUT_PROCESS = account('u-manager-noprocess', 'manager', {
  revokedPermissions: [PROCESS_TICKETS],
});
export const MANAGER_WITHOUT_BOTH = account('u-manager-nothing', 'manager', {
  revokedPermissions: [PROCESS_TICKETS, VIEW_ALL_USER_DATA],
});

/** Another site's foreman (told of no report of the worker's site). */
export const OTHER_FOREMAN = account('u-foreman2', 'foreman');
/** A foreman given HANDLE_SAFETY_REPORTS, which his role does not hold. */
export const FOREMAN_WITH_SAFETY = account('u-foreman-safety', 'foreman', {
  assignedPermissions: [HANDLE_SAFETY_REPORTS],
});
/** A manager whose HANDLE_SAFETY_REPORTS (a manager's by default) is revoked. */
export const MANAGER_WITHOUT_SAFETY = account('u-manager-nosafety', 'manager', {
  revokedPermissions: [HANDLE_SAFETY_REPORTS],
});

/** users/{uid}.disabled: the token stays valid for up to an hour after the account is disabled. */
export const DISABLED_WORKER = account('u-disabled', 'user', { disabled: true });
export const DISABLED_ADMIN = account('u-disabled-admin', 'admin', { disabled: true });
export const REENABLED_MANAGER = account('u-reenabled', 'manager', { disabled: false });

/** The record and the claim disagree (a role change the token has not caught up with): only the record counts. */
export const PROMOTED_BY_RECORD = { ...account('u-promoted', 'manager'), claims: { role: 'user' } };
export const DEMOTED_BY_RECORD = { ...account('u-demoted', 'user'), claims: { role: 'admin' } };
/** Not staff-made: a record naming a role the app does not know, under an admin claim. */
export const UNKNOWN_BY_RECORD = { ...account('u-unknown-record', 'superuser'), claims: { role: 'admin' } };
/** Not staff-made: a users document without a role field (e.g. only the disabled mirror), a foreman claim. */
export const RECORD_WITHOUT_ROLE = {
  uid: 'u-norole-record',
  claims: { role: 'foreman' },
  record: { workerId: 'w-u-norole-record', disabled: false },
} satisfies Person;
/** Not staff-made: an admin record that links no directory worker, under an admin claim. */
export const RECORD_WITHOUT_WORKER = {
  uid: 'u-noworker-record',
  claims: { role: 'admin' },
  record: { role: 'admin', assignedPermissions: [], revokedPermissions: [] },
} satisfies Person;
/** Not staff-made: an admin record whose workerId is blank, so it names no directory worker. */
export const RECORD_WITH_BLANK_WORKER = {
  uid: 'u-blankworker-record',
  claims: { role: 'admin' },
  record: { role: 'admin', workerId: '   ', assignedPermissions: [], revokedPermissions: [] },
} satisfies Person;
/** A self-made account given a staff claim (no users document): the claim counts for nothing. */
export const SELF_MADE_FOREMAN_CLAIM = {
  uid: 'u-self-made-foreman',
  claims: { role: 'foreman' },
  record: null,
} satisfies Person;

/**
 * Everyone signed in without a staff-made record (a known role linked to a directory worker): they
 * read nothing at all, not even a ticket of their own.
 */
export const NOT_STAFF_MADE: [string, Person][] = [
  ['a self-made account (public sign-up, no claim, no record)', SELF_MADE],
  ['a self-made account with an unknown role claim', SELF_MADE_UNKNOWN_CLAIM],
  ['a self-made account with a foreman claim', SELF_MADE_FOREMAN_CLAIM],
  ['a record naming an unknown role, under an admin claim', UNKNOWN_BY_RECORD],
  ['a record without a role, under a foreman claim', RECORD_WITHOUT_ROLE],
  ['an admin record without a workerId', RECORD_WITHOUT_WORKER],
  ['an admin record with a blank workerId', RECORD_WITH_BLANK_WORKER],
];

/** Everyone above, for the seed. */
export const PEOPLE: Person[] = [
  WORKER,
  OTHER_WORKER,
  ...Object.values(STAFF),
  WORKER_WITH_PROCESS,
  WORKER_WITH_VIEW_ALL,
  WORKER_ASSIGNED_AND_REVOKED,
  FOREMAN_WITHOUT_PROCESS,
  MANAGER_WITHOUT_PROCESS,
  MANAGER_WITHOUT_BOTH,
  OTHER_FOREMAN,
  FOREMAN_WITH_SAFETY,
  MANAGER_WITHOUT_SAFETY,
  DISABLED_WORKER,
  DISABLED_ADMIN,
  REENABLED_MANAGER,
  PROMOTED_BY_RECORD,
  DEMOTED_BY_RECORD,
  ...NOT_STAFF_MADE.map(([, person]) => person),
];

/** A time on a fixed day, `minutes` after midnight UTC. */
export const at = (minutes: number) => Timestamp.fromMillis(Date.UTC(2026, 2, 1) + minutes * 60_000);

export type TicketFields = {
  createdBy: string;
  sequence: number;
  category?: string;
  subcategory?: string;
  status?: string;
  archived?: boolean;
  description?: string;
};

/** A ticket document with the fields the history queries filter and order on. */
export function ticketDoc({
  createdBy,
  sequence,
  category = 'clothes',
  subcategory = 'newWorkwear',
  status = 'new',
  archived = false,
  description = 'Winter boots, size 44',
}: TicketFields): DocumentData {
  const number = `T-${String(sequence).padStart(4, '0')}`;
  return {
    number,
    createdBy,
    createdAt: at(sequence),
    lastUpdate: at(sequence),
    status,
    category,
    subcategory,
    description,
    archived,
    searchTokens: ticketSearchTokens(number, description),
  };
}

export type SafetyReportFields = {
  /** The reporter's uid; null for a report made without the reporter's name. */
  reporter: string | null;
  /** Everyone told of the report. */
  readers: string[];
  sequence: number;
  urgency?: 'lifeThreatening' | 'serious' | 'minor';
  status?: 'open' | 'acknowledged' | 'madeSafe' | 'closed';
};

/**
 * A safety report document as submitSafetyReport writes it (StoredSafetyReport of
 * functions/src/domain/safety.ts): an anonymous one has no `reporter` field at all.
 */
export function safetyReportDoc({
  reporter,
  readers,
  sequence,
  urgency = 'serious',
  status = 'open',
}: SafetyReportFields): DocumentData {
  return {
    kind: 'scaffold',
    type: 'hazard',
    urgency,
    urgencyRank: urgencyRank(urgency),
    description: 'A loose scaffold board on level 3',
    site: 'Warszawa Wola',
    siteArea: 'Block B',
    location: null,
    photos: [],
    anonymous: reporter === null,
    ...(reporter === null ? {} : { reporter: { uid: reporter, name: `Name of ${reporter}` } }),
    status,
    readers,
    notifiedCount: readers.length,
    createdAt: at(sequence),
    updatedAt: at(sequence),
    acknowledgedAt: null,
    acknowledgedBy: null,
    madeSafeAt: null,
    madeSafeBy: null,
    madeSafeText: null,
    closedAt: null,
    closedBy: null,
    minutesToAcknowledge: null,
  };
}

type Harness = {
  /** The Firestore client of a signed-in person (one per person and file). */
  as: (person: Person) => Db;
  /** The Firestore client of someone signed out. */
  visitor: () => Db;
};

/**
 * A rules test environment for one test file: its own demo project on the rules suite's emulator
 * (so files never see each other's data), firestore.rules loaded, the people's users documents and
 * `seed`'s documents written with the rules off.
 */
export function useRulesEnvironment(
  projectId: string,
  options: { people?: Person[]; seed?: (write: (path: string, data: DocumentData) => void) => void },
): Harness {
  const { people = PEOPLE, seed } = options;
  let env: RulesTestEnvironment | undefined;
  const clients = new Map<string, Db>();

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId,
      firestore: {
        rules: readFileSync('firestore.rules', 'utf8'),
        host: '127.0.0.1',
        port: inject('rulesPorts').firestore,
      },
    });
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      const batch = writeBatch(db);
      for (const person of people) {
        if (person.record) batch.set(doc(db, `users/${person.uid}`), person.record);
      }
      seed?.((path, data) => batch.set(doc(db, path), data));
      await batch.commit();
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  // A context's firestore() may be called once: each client is made on first use and reused.
  function client(key: string, make: (ready: RulesTestEnvironment) => RulesTestContext): Db {
    const existing = clients.get(key);
    if (existing) return existing;
    if (!env) throw new Error('the rules test environment is not ready (use it inside a test)');
    const db = make(env).firestore();
    clients.set(key, db);
    return db;
  }

  return {
    as: (person) => client(person.uid, (ready) => ready.authenticatedContext(person.uid, person.claims)),
    visitor: () => client('', (ready) => ready.unauthenticatedContext()),
  };
}

/** Resolves with a listener's first answer from the server; rejects with its error. */
function firstServerAnswer<S extends { metadata: { fromCache: boolean } }>(
  listen: (next: (snapshot: S) => void, fail: (error: Error) => void) => Unsubscribe,
): Promise<S> {
  return new Promise<S>((resolve, reject) => {
    let isDone = false;
    let stop: Unsubscribe | null = null;
    const finish = () => {
      isDone = true;
      stop?.();
    };
    stop = listen(
      (snapshot) => {
        if (isDone || snapshot.metadata.fromCache) return;
        finish();
        resolve(snapshot);
      },
      (error) => {
        finish();
        reject(error);
      },
    );
    if (isDone) stop();
  });
}

/**
 * A live query as the web's onSnapshot listeners run it: the first answer from the server, or the
 * listener's error (permission-denied when the rules refuse).
 */
export function liveQuery<T>(target: Query<T>): Promise<QuerySnapshot<T>> {
  return firstServerAnswer((next, fail) => onSnapshot(target, { includeMetadataChanges: true }, next, fail));
}

/** A live document read, as the ticket details page runs it. */
export function liveDoc<T>(target: DocumentReference<T>): Promise<DocumentSnapshot<T>> {
  return firstServerAnswer((next, fail) => onSnapshot(target, { includeMetadataChanges: true }, next, fail));
}

// --- the web's reads -------------------------------------------------------------------------

/** HISTORY_PAGE_SIZE of web/src/tickets/api/history-query.ts. */
export const PAGE_SIZE = 20;

export type HistoryInput = {
  /** The worker's uid; absent for staff (canSeeAll). */
  createdBy?: string;
  showArchived?: boolean;
  status?: string;
  category?: string;
  subcategory?: string;
  search?: string;
};
type Cursor = QueryDocumentSnapshot;
type Bounds = { startAfter?: Cursor; endAt?: Cursor; limit?: number | null };

/**
 * The history query exactly as history-reads.ts builds it from historyQueryShape: equality filters
 * in index order, the search token (array-contains), createdAt newest first, then the page bounds
 * (startAfter / endAt cursors, a limit on the last page only).
 */
export function historyQuery(db: Db, input: HistoryInput, bounds: Bounds = {}) {
  const constraints: QueryConstraint[] = [];
  if (input.createdBy !== undefined) constraints.push(where('createdBy', '==', input.createdBy));
  if (!input.showArchived) constraints.push(where('archived', '==', false));
  if (input.status) constraints.push(where('status', '==', input.status));
  if (input.category) {
    constraints.push(where('category', '==', input.category));
    if (input.subcategory) constraints.push(where('subcategory', '==', input.subcategory));
  }
  const token = searchTokenOf(input.search ?? '');
  if (token) constraints.push(where('searchTokens', 'array-contains', token));
  constraints.push(orderBy('createdAt', 'desc'));
  if (bounds.startAfter) constraints.push(startAfter(bounds.startAfter));
  if (bounds.endAt) constraints.push(endAt(bounds.endAt));
  const pageLimit = bounds.limit === undefined ? PAGE_SIZE : bounds.limit;
  if (pageLimit !== null) constraints.push(limit(pageLimit));
  return liveQuery(query(collection(db, 'tickets'), ...constraints));
}

/** The three listeners of the ticket details page: the ticket, its updates and its activity, oldest first. */
export function ticketDetails(db: Db, ticketId: string) {
  const ticket = doc(db, 'tickets', ticketId);
  return {
    ticket: liveDoc(ticket),
    updates: liveQuery(query(collection(ticket, 'updates'), orderBy('at', 'asc'))),
    activity: liveQuery(query(collection(ticket, 'activity'), orderBy('at', 'asc'))),
  };
}
