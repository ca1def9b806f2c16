import { AUTH_RULES, type PermissionSubject, hasPermission } from '../access.js';
import { PERMISSIONS } from '../permissions.js';
import { TICKET_PROCESSING_ERRORS } from '../ticket-workflow.js';
import { type PersonRef, type TicketPatch, ticketPath } from '../ticket-document.js';
import { type TicketStatus, toTicketStatus } from '../tickets.js';
import { type LogEntry, type OperationCaller, type Refused, refuse } from './decision.js';

/*
 * What the ticket-processing operations share: the stored ticket as they read it (leniently: an
 * odd stored value reads as empty, never as a crash), who counts as staff, their refusals, the
 * activity entries they append and the paths they write.
 */

export { type PersonRef, ticketPath, ticketPatch } from '../ticket-document.js';

/** A ticket as the processing operations read it. */
export type StoredTicket = {
  id: string;
  /** The human-readable number (what the worker sees); '' when absent. */
  number: string;
  createdBy: string;
  category: string;
  status: TicketStatus;
  archived: boolean;
  /** The status before archiving; null when absent or not a known status. */
  archivedFrom: TicketStatus | null;
  assignedTo: PersonRef | null;
  /** The stored `assigneeUid` (what the queue filters on); null when it is not a string. */
  assigneeUid: string | null;
  /** The stored item lines as they are, so a rewrite keeps every field of them. */
  items: unknown[];
  hasRejectionReason: boolean;
  hasPayment: boolean;
  /** What a presalary asked for (`details.amount`); null for other tickets. */
  requestedAmount: number | null;
  /** The salary period a presalary is for (`details.period`); null for other tickets. */
  presalaryPeriod: string | null;
  /** Whether staff have answered it yet (a status change or an update by someone else). */
  hasFirstResponse: boolean;
  /** The requestId of the owner's rating; null while it is not rated. */
  ratingRequestId: string | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function personOf(value: unknown): PersonRef | null {
  if (!isRecord(value) || typeof value.uid !== 'string' || value.uid === '') return null;
  return { uid: value.uid, name: text(value.name) || value.uid };
}

/** The ticket of a stored document's data, or null when there is no document. */
export function storedTicketOf(id: string, data: Record<string, unknown> | undefined): StoredTicket | null {
  if (!data) return null;
  const status = toTicketStatus(data.status);
  const details = isRecord(data.details) ? data.details : {};
  const isPresalary = data.category === 'presalary';
  return {
    id,
    number: text(data.number),
    createdBy: text(data.createdBy),
    category: text(data.category),
    status,
    archived: data.archived === true || status === 'archived',
    archivedFrom: typeof data.archivedFrom === 'string' ? toTicketStatus(data.archivedFrom) : null,
    assignedTo: personOf(data.assignedTo),
    assigneeUid: typeof data.assigneeUid === 'string' ? data.assigneeUid : null,
    items: Array.isArray(data.items) ? (data.items as unknown[]) : [],
    hasRejectionReason: data.rejectionReason != null,
    hasPayment: data.paid != null,
    requestedAmount: isPresalary && typeof details.amount === 'number' ? details.amount : null,
    presalaryPeriod: isPresalary && typeof details.period === 'string' ? details.period : null,
    hasFirstResponse: data.firstResponseAt != null,
    ratingRequestId:
      isRecord(data.rating) && typeof data.rating.requestId === 'string' ? data.rating.requestId : null,
  };
}

/** Whether someone holds PROCESS_TICKETS (role plus the users/{uid} permission changes). */
export const canProcessTickets = (subject: PermissionSubject) =>
  hasPermission(subject, PERMISSIONS.PROCESS_TICKETS, AUTH_RULES);

export const forbidden = (): Refused => refuse('permission-denied', TICKET_PROCESSING_ERRORS.forbidden);
export const ticketNotFound = (): Refused => refuse('not-found', TICKET_PROCESSING_ERRORS.notFound);
export const ticketArchived = (): Refused => refuse('failed-precondition', TICKET_PROCESSING_ERRORS.archived);

/** The translation key of a presalary refused because another request holds its salary period. */
export const PRESALARY_PERIOD_TAKEN = 'tickets.presalary.periodTaken';

/** The lock document that holds a salary period for one presalary of a user. */
export const presalaryLockPath = (uid: string, period: string) => `presalaryLocks/${uid}_${period}`;

/** Who an entry or update names: the caller's uid and display name. */
export const personOfCaller = (caller: OperationCaller): PersonRef => ({
  uid: caller.uid,
  name: caller.name,
});

/** An activity entry of the ticket: one field changed from -> to, by someone, at a time. */
export function fieldEntry(
  ticketId: string,
  by: PersonRef,
  at: Date,
  field: string,
  from: string | number | null,
  to: string | number | null,
): LogEntry {
  return {
    collection: `${ticketPath(ticketId)}/activity`,
    data: { at, by, change: { type: 'field', field, from, to } },
  };
}

/**
 * The fields that record staff's first answer to a ticket (a status change or an update by someone
 * other than its owner): set once, so the worker's "Answer expected by" line gives way to the answer
 * and the queue stops counting it overdue.
 */
export function firstResponsePatch(ticket: StoredTicket, caller: OperationCaller, at: Date): TicketPatch {
  if (ticket.hasFirstResponse || ticket.createdBy === caller.uid) return {};
  return { firstResponseAt: at, firstResponseBy: personOfCaller(caller) };
}
