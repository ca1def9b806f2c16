// The staff ticket queue: one page of tickets under the quick filters, the counts per
// status and the site names to filter by. Reads only; PROCESS_TICKETS is re-checked on every call.
import { type DocumentSnapshot, type Firestore, type Query, Timestamp } from 'firebase-admin/firestore';
import {
  OVERDUE_SCAN_LIMIT,
  QUEUE_COUNT_QUERY_STATUSES,
  QUEUE_OPEN_STATUSES,
  type TicketQueueRequest,
  compareOverdue,
  dayIn,
  daysOverdue,
  isAnswerOverdue,
  matchesQueueFilters,
  overdueCounts,
  type QueueFilterSpec,
  type QueueQueryShape,
  type QueueTicket,
  queueCountFilters,
  queueCounts,
  queueDescription,
  queueQueryShape,
  toTicketStatus,
} from '../../domain/index.js';
import { type CallableLogger } from '../errors.js';
import { defineCallable } from '../define-callable.js';
import { queueAccess } from './process-ticket.js';

export type TicketQueueDeps = {
  db: Firestore;
  logger: CallableLogger;
  /** Milliseconds since the epoch; the site list's cache runs on it, so tests can move it. */
  now: () => number;
};

/** How long one instance serves the site names it read before it reads them again. */
export const SITES_TTL_MS = 60_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const isoOf = (value: unknown) => (value instanceof Timestamp ? value.toDate().toISOString() : null);

/** A stored {uid, name} (submitter, assignee), named by its e-mail or uid when it has no name. */
function personOf(value: unknown): { uid: string; name: string } | null {
  if (!isRecord(value)) return null;
  const uid = nonEmpty(value.uid);
  if (!uid) return null;
  return { uid, name: nonEmpty(value.name) ?? nonEmpty(value.email) ?? uid };
}

/**
 * A stored ticket as a queue row. Odd stored data reads as empty, never as a crash: a status
 * outside the list as `unknown`, a missing or mistyped date as null, a number as text.
 */
/** A ticket as a queue row shows it; `now` decides how many days past its answer day it is. */
export function toQueueTicket(doc: DocumentSnapshot, now: Date = new Date()): QueueTicket {
  const number: unknown = doc.get('number');
  const dueDay: unknown = doc.get('answerDueDay');
  const answerDueDay = typeof dueDay === 'string' ? dueDay : null;
  const status = toTicketStatus(doc.get('status'));
  const isOverdue = isAnswerOverdue(
    { answerDueDay, firstResponseAt: doc.get('firstResponseAt') as unknown, status },
    now,
  );
  return {
    id: doc.id,
    number: typeof number === 'string' || typeof number === 'number' ? String(number) : doc.id,
    category: text(doc.get('category')),
    subcategory: text(doc.get('subcategory')),
    status: toTicketStatus(doc.get('status')),
    description: queueDescription(text(doc.get('description'))),
    createdAt: isoOf(doc.get('createdAt')),
    lastUpdate: isoOf(doc.get('lastUpdate')),
    submitter: personOf(doc.get('submitter')),
    assignedTo: personOf(doc.get('assignedTo')),
    site: nonEmpty(doc.get('site')),
    answerDueDay,
    overdueDays: isOverdue && answerDueDay ? daysOverdue(answerDueDay, now) : 0,
  };
}

/**
 * Every open ticket past its answer day that staff have not answered, as queue rows (one query,
 * see OVERDUE_SCAN_LIMIT); the queue and the overdue notifier both read them so.
 */
export async function readOverdueTickets(db: Firestore, now: Date): Promise<QueueTicket[]> {
  const snapshot = await db
    .collection('tickets')
    .where('status', 'in', [...QUEUE_OPEN_STATUSES])
    .where('firstResponseAt', '==', null)
    .where('answerDueDay', '<', dayIn(now))
    .limit(OVERDUE_SCAN_LIMIT)
    .get();
  return snapshot.docs.map((doc) => toQueueTicket(doc, now)).filter((ticket) => ticket.overdueDays > 0);
}

function filtered(db: Firestore, filters: readonly QueueFilterSpec[]): Query {
  let query: Query = db.collection('tickets');
  for (const filter of filters) query = query.where(filter.field, filter.op, filter.value);
  return query;
}

/** The Firestore query of a shape. */
export const queryOf = (db: Firestore, shape: QueueQueryShape): Query =>
  filtered(db, shape.filters).orderBy(shape.orderBy.field, shape.orderBy.direction).limit(shape.limit);

const countOf = async (query: Query) => (await query.count().get()).data().count;

/** Tickets per status under the filters: one count per stored status and one of every ticket. */
async function countsUnder(db: Firestore, filters: readonly QueueFilterSpec[]) {
  const base = filtered(db, filters);
  const [total, perStatus] = await Promise.all([
    countOf(base),
    Promise.all(QUEUE_COUNT_QUERY_STATUSES.map((status) => countOf(base.where('status', '==', status)))),
  ]);
  return queueCounts(
    Object.fromEntries(QUEUE_COUNT_QUERY_STATUSES.map((status, index) => [status, perStatus[index] ?? 0])),
    total,
  );
}

/** Every distinct, non-empty site name of the worker directory, trimmed and sorted. */
async function readSites(db: Firestore): Promise<string[]> {
  const snapshot = await db.collection('workers').select('siteName').get();
  const names = new Set<string>();
  for (const doc of snapshot.docs) {
    const name = nonEmpty(doc.get('siteName'));
    if (name) names.add(name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

type SitesEntry = { readAt: number; sites: Promise<string[]> };
const sitesCache = new WeakMap<Firestore, SitesEntry>();

/**
 * The site names, read at most once per SITES_TTL_MS per instance (the directory changes rarely
 * and every queue call asks). Concurrent calls share one read; a failed read is not kept.
 */
export function loadSites(deps: Pick<TicketQueueDeps, 'db' | 'now'>): Promise<string[]> {
  const now = deps.now();
  const cached = sitesCache.get(deps.db);
  if (cached && now >= cached.readAt && now - cached.readAt < SITES_TTL_MS) return cached.sites;
  const sites = readSites(deps.db);
  const entry: SitesEntry = { readAt: now, sites };
  sitesCache.set(deps.db, entry);
  sites.catch(() => {
    if (sitesCache.get(deps.db) === entry) sitesCache.delete(deps.db);
  });
  return sites;
}

/**
 * The listTicketQueue callable: signed in -> caller holds PROCESS_TICKETS (role claim plus the
 * users/{uid} changes) -> payload valid (every field optional) -> the tickets of the quick
 * filters, oldest first, at most `limit` and whether more match; the counts per status under the
 * assignee, category and site filters; the directory's site names.
 *
 * Errors: `unauthenticated`; `permission-denied` 'tickets.queue.errors.forbidden';
 * `invalid-argument` with `details.fields`; `internal` 'tickets.queue.errors.loadFailed'.
 */
export function createListTicketQueueHandler(deps: TicketQueueDeps) {
  const { db } = deps;
  return defineCallable('listTicketQueue', deps, {
    access: queueAccess,
    run: async ({ caller, input }) => {
      const request: TicketQueueRequest = input;
      const now = new Date(deps.now());
      const shape = queueQueryShape(request, caller.uid);
      const mine = db.collection('tickets').where('assigneeUid', '==', caller.uid);
      const [snapshot, counts, sites, overdue, up, down] = await Promise.all([
        request.overdue ? null : queryOf(db, shape).get(),
        countsUnder(db, queueCountFilters(request, caller.uid)),
        loadSites(deps),
        readOverdueTickets(db, now),
        countOf(mine.where('rating.value', '==', 'up')),
        countOf(mine.where('rating.value', '==', 'down')),
      ]);
      const myRatings = { up, down };
      const overdueHere = overdue.filter((ticket) => matchesQueueFilters(ticket, request, caller.uid));
      if (!snapshot) {
        const sorted = [...overdueHere].sort(compareOverdue);
        return {
          tickets: sorted.slice(0, request.limit),
          hasMore: sorted.length > request.limit,
          counts,
          overdueCounts: overdueCounts(overdueHere),
          sites,
          myRatings,
        };
      }
      const docs = snapshot.docs.slice(0, request.limit);
      return {
        tickets: docs.map((doc) => toQueueTicket(doc, now)),
        hasMore: snapshot.docs.length > request.limit,
        counts,
        overdueCounts: overdueCounts(overdueHere),
        sites,
        myRatings,
      };
    },
  });
}
