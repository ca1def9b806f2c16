// What the ticket-processing callables (issue 6: status, assignment, updates, item confirmation)
// share: their dependencies, the caller and their staff permission, a lenient read of the stored
// ticket, and the activity entries they write. Every entry is a `create()` of a new document in
// the ticket's `activity` collection, never a rewrite of a list, so concurrent edits cannot lose
// one another's entries.
import type { DocumentReference, DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  AUTH_RULES,
  PERMISSIONS,
  TICKET_PROCESSING_ERRORS,
  TICKET_QUEUE_ERRORS,
  type TicketStatus,
  hasPermission,
  toTicketStatus,
} from '../../domain/index.js';
import type { FileInspector } from '../../storage/file-inspector.js';
import type { Caller } from '../caller.js';
import type { CallableLogger } from '../errors.js';
import type { ActivityEntry, PersonRef } from './ticket-document.js';

export type ProcessTicketDeps = {
  db: Firestore;
  logger: CallableLogger;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
  /** What Storage holds; only addTicketUpdate needs it (for attachments). */
  files?: FileInspector;
};

/** Whether a user holds PROCESS_TICKETS (role claim plus the users/{uid} changes). */
export const canProcessTickets = (caller: Caller) =>
  hasPermission(caller, PERMISSIONS.PROCESS_TICKETS, AUTH_RULES);

/** The access check of the callables only staff may call (see defineCallable). */
export function staffOnly(caller: Caller): void {
  if (!canProcessTickets(caller)) throw forbidden();
}

/** The access check of the queue callables: PROCESS_TICKETS, refused with the queue's own key. */
export function queueAccess(caller: Caller): void {
  if (!canProcessTickets(caller)) throw new HttpsError('permission-denied', TICKET_QUEUE_ERRORS.forbidden);
}

export const forbidden = () => new HttpsError('permission-denied', TICKET_PROCESSING_ERRORS.forbidden);
export const ticketNotFound = () => new HttpsError('not-found', TICKET_PROCESSING_ERRORS.notFound);
export const ticketArchived = () => new HttpsError('failed-precondition', TICKET_PROCESSING_ERRORS.archived);

/** A ticket as the processing callables read it; an odd stored value reads as empty, never as a crash. */
export type StoredTicket = {
  id: string;
  createdBy: string;
  category: string;
  status: TicketStatus;
  archived: boolean;
  /** The status before archiving; null when absent or not a known status. */
  archivedFrom: TicketStatus | null;
  assignedTo: PersonRef | null;
  /** The stored item lines as they are, so a rewrite keeps every field of them. */
  items: unknown[];
  hasRejectionReason: boolean;
  hasPayment: boolean;
  /** What a presalary asked for (`details.amount`); null for other tickets. */
  requestedAmount: number | null;
  /** The salary period a presalary is for (`details.period`); null for other tickets. */
  presalaryPeriod: string | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function personOf(value: unknown): PersonRef | null {
  if (!isRecord(value) || typeof value.uid !== 'string' || value.uid === '') return null;
  return { uid: value.uid, name: text(value.name) || value.uid };
}

/** The ticket of a snapshot, or `not-found` 'tickets.processing.errors.notFound'. */
export function readTicket(snapshot: DocumentSnapshot): StoredTicket {
  const data = snapshot.data();
  if (!snapshot.exists || !data) throw ticketNotFound();
  const status = toTicketStatus(data.status);
  const archivedFrom: unknown = data.archivedFrom;
  return {
    id: snapshot.id,
    createdBy: text(data.createdBy),
    category: text(data.category),
    status,
    archived: data.archived === true || status === 'archived',
    archivedFrom: typeof archivedFrom === 'string' ? toTicketStatus(archivedFrom) : null,
    assignedTo: personOf(data.assignedTo),
    items: Array.isArray(data.items) ? (data.items as unknown[]) : [],
    hasRejectionReason: data.rejectionReason != null,
    hasPayment: data.paid != null,
    requestedAmount:
      data.category === 'presalary' && typeof data.details?.amount === 'number' ? data.details.amount : null,
    presalaryPeriod:
      data.category === 'presalary' && typeof data.details?.period === 'string' ? data.details.period : null,
  };
}

/** Who an entry or update names: the caller's uid and display name. */
export const personOfCaller = (caller: Caller): PersonRef => ({ uid: caller.uid, name: caller.name });

/** A logged change of one field. */
export function fieldEntry(
  by: PersonRef,
  at: Timestamp,
  field: string,
  from: string | number | null,
  to: string | number | null,
): ActivityEntry {
  return { at, by, change: { type: 'field', field, from, to } };
}

/** A new, uniquely named document for one activity entry of the ticket. */
export const newActivityRef = (ticket: DocumentReference) => ticket.collection('activity').doc();

/** The ticket document of an id. */
export const ticketRef = (db: Firestore, ticketId: string) => db.collection('tickets').doc(ticketId);
