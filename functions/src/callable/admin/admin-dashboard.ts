import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import {
  ACCOUNT_STATUSES,
  ALL_ROLES,
  type AccountStatus,
  type DashboardOpenTicket,
  PERMISSIONS,
  ROLES,
  type Role,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  type TicketStatus,
  toTicketStatus,
  FOLLOW_THROUGH_DAYS,
  FOLLOW_THROUGH_MAX_TICKETS,
  type FollowThroughTicket,
  followThroughFigures,
} from '../../domain/index.js';
import {
  SAFETY_DASHBOARD_DAYS,
  SAFETY_DASHBOARD_MAX_REPORTS,
  SAFETY_REPORTS_COLLECTION,
  medianAcknowledgeBySite,
} from '../../domain/safety.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { loadUserIndex } from './user-index.js';
import { defineCallable } from '../define-callable.js';

/** Statuses that end a ticket's open life; every other status (and any stray value) is open. */
export const CLOSED_TICKET_STATUSES: readonly TicketStatus[] = [
  'resolved',
  'rejected',
  'archived',
  'paid',
  'sent',
  'noted',
];
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = TICKET_STATUSES.filter(
  (status) => !CLOSED_TICKET_STATUSES.includes(status),
);
export const OLDEST_OPEN_LIMIT = 10;
/** Stray status values are a data fault; this many of them are looked at, at most. */
const STRAY_SCAN_LIMIT = 200;
/** Category key for tickets whose category is not in TICKET_CATEGORIES. */
export const UNKNOWN_CATEGORY = 'unknown';

const countOf = async (query: Query) => (await query.count().get()).data().count;

/**
 * Tickets by status and by category, every ticket (archived included), by aggregation queries:
 * one count per known value and one in all, so the cost does not grow with the tickets read. A
 * stored status outside the list counts as `unknown`, as the screens read it; a category outside
 * the list counts under 'unknown'.
 */
async function ticketCounts(db: Firestore) {
  const tickets = db.collection('tickets');
  const [total, statusCounts, categoryCounts] = await Promise.all([
    countOf(tickets),
    Promise.all(TICKET_STATUSES.map((status) => countOf(tickets.where('status', '==', status)))),
    Promise.all(TICKET_CATEGORIES.map(({ id }) => countOf(tickets.where('category', '==', id)))),
  ]);
  const byStatus: Partial<Record<TicketStatus, number>> = {};
  TICKET_STATUSES.forEach((status, i) => {
    byStatus[status] = statusCounts[i] ?? 0;
  });
  const strayStatuses = total - statusCounts.reduce((sum, n) => sum + n, 0);
  byStatus.unknown = (byStatus.unknown ?? 0) + strayStatuses;

  const byCategory: Record<string, number> = {};
  TICKET_CATEGORIES.forEach(({ id }, i) => {
    byCategory[id] = categoryCounts[i] ?? 0;
  });
  const strayCategories = total - categoryCounts.reduce((sum, n) => sum + n, 0);
  if (strayCategories > 0) byCategory[UNKNOWN_CATEGORY] = strayCategories;
  return { byStatus, byCategory, strayStatuses };
}

function toOpenTicket(doc: DocumentSnapshot): DashboardOpenTicket | null {
  const createdAt: unknown = doc.get('createdAt');
  if (!(createdAt instanceof Timestamp)) return null;
  const text = (field: string) => {
    const value: unknown = doc.get(field);
    return typeof value === 'string' ? value : '';
  };
  const submitter = (doc.get('submitter') ?? {}) as { name?: unknown; email?: unknown };
  const submitterName =
    (typeof submitter.name === 'string' && submitter.name) ||
    (typeof submitter.email === 'string' && submitter.email) ||
    '';
  const number: unknown = doc.get('number');
  return {
    id: doc.id,
    number: typeof number === 'string' || typeof number === 'number' ? String(number) : doc.id,
    category: text('category'),
    subcategory: text('subcategory'),
    status: toTicketStatus(doc.get('status')),
    createdAt: createdAt.toDate().toISOString(),
    submitterName,
  };
}

function openTickets(docs: readonly DocumentSnapshot[]): DashboardOpenTicket[] {
  return docs
    .filter((doc) => doc.get('archived') !== true)
    .map(toOpenTicket)
    .filter((ticket): ticket is DashboardOpenTicket => ticket !== null);
}

/**
 * The oldest open tickets of each open status that are not archived: one ordered, limited query
 * per status (index tickets: archived, status, createdAt ascending).
 */
async function oldestOpenByStatus(db: Firestore): Promise<DashboardOpenTicket[]> {
  const tickets = db.collection('tickets');
  const snapshots = await Promise.all(
    OPEN_TICKET_STATUSES.map((status) =>
      tickets
        .where('archived', '==', false)
        .where('status', '==', status)
        .orderBy('createdAt', 'asc')
        .limit(OLDEST_OPEN_LIMIT)
        .get(),
    ),
  );
  return openTickets(snapshots.flatMap((snapshot) => snapshot.docs));
}

/**
 * Tickets whose status is none of the known ones (a data fault, read as `unknown`): looked for
 * only when the counts say there are some. `not-in` takes at most 10 values, exactly the known
 * statuses today.
 */
async function strayOpenTickets(db: Firestore): Promise<DashboardOpenTicket[]> {
  const snapshot = await db
    .collection('tickets')
    .where('status', 'not-in', [...TICKET_STATUSES])
    .limit(STRAY_SCAN_LIMIT)
    .get();
  return openTickets(snapshot.docs);
}

/** Oldest first (ties by id), each ticket once, at most OLDEST_OPEN_LIMIT. */
function oldestFirst(tickets: readonly DashboardOpenTicket[]): DashboardOpenTicket[] {
  const unique = [...new Map(tickets.map((ticket) => [ticket.id, ticket])).values()];
  return unique
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .slice(0, OLDEST_OPEN_LIMIT);
}

/**
 * The safety reports' figures: the median minutes to acknowledge per site over the reports
 * acknowledged in the last SAFETY_DASHBOARD_DAYS (the newest SAFETY_DASHBOARD_MAX_REPORTS of them,
 * two fields each), and how many are still open (a count).
 */
async function safetyFigures(db: Firestore, now: number) {
  const reports = db.collection(SAFETY_REPORTS_COLLECTION);
  const since = Timestamp.fromMillis(now - SAFETY_DASHBOARD_DAYS * 24 * 60 * 60 * 1000);
  const [acknowledged, open] = await Promise.all([
    reports
      .where('acknowledgedAt', '>=', since)
      .orderBy('acknowledgedAt', 'desc')
      .limit(SAFETY_DASHBOARD_MAX_REPORTS)
      .select('site', 'minutesToAcknowledge')
      .get(),
    countOf(reports.where('status', '==', 'open')),
  ]);
  const rows = acknowledged.docs.flatMap((doc) => {
    const site: unknown = doc.get('site');
    const minutes: unknown = doc.get('minutesToAcknowledge');
    return typeof site === 'string' && typeof minutes === 'number'
      ? [{ site, minutesToAcknowledge: minutes }]
      : [];
  });
  return { bySite: medianAcknowledgeBySite(rows), open };
}

const dateOf = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);
const isPerson = (value: unknown): value is { uid: string; name?: unknown } =>
  typeof value === 'object' && value !== null && typeof (value as { uid?: unknown }).uid === 'string';

/**
 * The follow-through figures over the tickets filed in the last FOLLOW_THROUGH_DAYS (the newest
 * FOLLOW_THROUGH_MAX_TICKETS, the fields the figures need): first-answer times and ratings.
 */
async function followThrough(db: Firestore, now: number) {
  const since = Timestamp.fromMillis(now - FOLLOW_THROUGH_DAYS * 24 * 60 * 60 * 1000);
  const snapshot = await db
    .collection('tickets')
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .limit(FOLLOW_THROUGH_MAX_TICKETS)
    .select('category', 'status', 'createdAt', 'answerDueDay', 'firstResponseAt', 'rating', 'assignedTo')
    .get();
  const rows = snapshot.docs.flatMap((doc): FollowThroughTicket[] => {
    const createdAt = dateOf(doc.get('createdAt'));
    if (!createdAt) return [];
    const rating: unknown = doc.get('rating.value');
    const assignee: unknown = doc.get('assignedTo');
    const dueDay: unknown = doc.get('answerDueDay');
    return [
      {
        category: String(doc.get('category') ?? ''),
        status: String(doc.get('status') ?? ''),
        createdAt,
        answerDueDay: typeof dueDay === 'string' ? dueDay : null,
        firstResponseAt: dateOf(doc.get('firstResponseAt')),
        rating: rating === 'up' || rating === 'down' ? rating : null,
        assignee: isPerson(assignee)
          ? { uid: assignee.uid, name: typeof assignee.name === 'string' ? assignee.name : assignee.uid }
          : null,
      },
    ];
  });
  return followThroughFigures(rows, new Date(now));
}

/**
 * The adminDashboard callable (at least manager, VIEW_ALL_USER_DATA): accounts by role, users
 * by status (accounts and directory workers without one, from the cached user index), tickets
 * by status and by category (aggregation counts), the oldest open tickets, the safety reports'
 * time to acknowledge per site and open count, and the last 30 days' first-answer times and
 * ratings (follow-through-stats.ts).
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `internal`
 * 'admin.errors.loadDashboardFailed'.
 */
export function createAdminDashboardHandler(deps: AdminDeps) {
  return defineCallable('adminDashboard', deps, {
    access: adminAccess(PERMISSIONS.VIEW_ALL_USER_DATA, ROLES.MANAGER),
    run: async () => {
      const [index, counts, open, safety, figures] = await Promise.all([
        loadUserIndex(deps),
        ticketCounts(deps.db),
        oldestOpenByStatus(deps.db),
        safetyFigures(deps.db, deps.now()),
        followThrough(deps.db, deps.now()),
      ]);
      const strays = counts.strayStatuses > 0 ? await strayOpenTickets(deps.db) : [];
      const usersByRole = Object.fromEntries(ALL_ROLES.map((role) => [role, 0])) as Record<Role, number>;
      const usersByStatus = Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, 0])) as Record<
        AccountStatus,
        number
      >;
      for (const { row } of index) {
        if (row.uid !== null && row.role !== null) usersByRole[row.role] += 1;
        if (row.status !== null) usersByStatus[row.status] += 1;
      }
      return {
        usersByRole,
        usersByStatus,
        ticketsByStatus: counts.byStatus,
        ticketsByCategory: counts.byCategory,
        oldestOpen: oldestFirst([...open, ...strays]),
        safetyAcknowledgeBySite: safety.bySite,
        safetyOpen: safety.open,
        ...figures,
      };
    },
  });
}
