import { TICKET_STATUSES, type TicketCategoryId, type TicketStatus } from './tickets.js';

/*
 * How staff move a ticket through its statuses, as data plus a few pure functions that
 * the ticket screens (to offer only what is allowed) and the processing callables (to refuse the
 * rest) both ask. The four processing callables' request schemas and answers are in their
 * contracts (contracts/change-ticket-status.ts, ...).
 */

// --- the transition table -------------------------------------------------------------------

/** One allowed move; `categories` limits it to tickets of those categories. */
export type TransitionRule = {
  to: TicketStatus;
  categories?: readonly TicketCategoryId[];
};

/** Statuses a handled ticket ends in: each may be archived or reopened (back to inProgress). */
export const CLOSED_STATUSES = [
  'resolved',
  'rejected',
  'paid',
  'sent',
  'noted',
  'other',
] as const satisfies readonly TicketStatus[];

/** The statuses a worker is asked "Did this solve it?" in: their request was answered. */
export const RATEABLE_STATUSES = ['resolved', 'paid', 'sent'] as const satisfies readonly TicketStatus[];

/** The two answers to "Did this solve it?", and the longest comment one may carry. */
export const TICKET_RATINGS = ['up', 'down'] as const;
export type TicketRating = (typeof TICKET_RATINGS)[number];
export const RATING_COMMENT_MAX_CHARS = 1000;

/** Statuses of a ticket still waiting for an answer: its owner may add updates to it. */
export const OPEN_STATUSES = ['new', 'inProgress', 'unknown'] as const satisfies readonly TicketStatus[];

/** Categories that can be marked `paid` and `sent`. */
export const PAYABLE_CATEGORIES = [
  'presalary',
  'salary',
  'receipts',
] as const satisfies readonly TicketCategoryId[];
export const SENDABLE_CATEGORIES = ['clothes', 'tools'] as const satisfies readonly TicketCategoryId[];

const closedRules: readonly TransitionRule[] = [{ to: 'archived' }, { to: 'inProgress' }];

/**
 * The transition table. `archived` has no fixed rule: an archived ticket goes back to
 * the status it had when it was archived (see `allowedTransitions`). `unknown` (a stored value
 * outside TICKET_STATUSES) may only be moved to inProgress, so staff can repair such a ticket.
 */
export const TICKET_TRANSITIONS = {
  new: [{ to: 'inProgress' }, { to: 'rejected' }, { to: 'noted' }],
  inProgress: [
    { to: 'resolved' },
    { to: 'rejected' },
    { to: 'paid', categories: PAYABLE_CATEGORIES },
    { to: 'sent', categories: SENDABLE_CATEGORIES },
    { to: 'other' },
  ],
  resolved: closedRules,
  rejected: closedRules,
  paid: closedRules,
  sent: closedRules,
  noted: closedRules,
  other: closedRules,
  archived: [],
  unknown: [{ to: 'inProgress' }],
} as const satisfies Record<TicketStatus, readonly TransitionRule[]>;

const isClosedStatus = (status: TicketStatus) =>
  (CLOSED_STATUSES as readonly TicketStatus[]).includes(status);

/** Whether a ticket of this status still waits for an answer (new, inProgress, unknown). */
export const isOpenStatus = (status: TicketStatus) =>
  (OPEN_STATUSES as readonly TicketStatus[]).includes(status);

/**
 * The statuses a ticket of `category` may be moved to from `status`, in table order. For an
 * archived ticket that is the status it had before (`archivedFrom`); when that is missing or is
 * not a status a ticket can be archived from (an old or repaired document), reopening
 * (inProgress) is offered instead, so no ticket is stuck in the archive.
 */
export function allowedTransitions(
  status: TicketStatus,
  category: string,
  archivedFrom?: TicketStatus | null,
): TicketStatus[] {
  if (status === 'archived') {
    return archivedFrom && isClosedStatus(archivedFrom) ? [archivedFrom] : ['inProgress'];
  }
  const rules: readonly TransitionRule[] = TICKET_TRANSITIONS[status];
  return rules
    .filter((rule) => !rule.categories || (rule.categories as readonly string[]).includes(category))
    .map((rule) => rule.to);
}

/** Whether the table allows moving a ticket of `category` from `from` to `to`. */
export function canTransition(
  from: TicketStatus,
  to: TicketStatus,
  category: string,
  archivedFrom?: TicketStatus | null,
): boolean {
  return allowedTransitions(from, category, archivedFrom).includes(to);
}

/**
 * Whether moving to `to` needs a reason from staff: a rejection does, except when an archived
 * ticket goes back to rejected (it keeps the reason it was rejected with).
 */
export const needsReason = (to: TicketStatus, from?: TicketStatus) =>
  to === 'rejected' && from !== 'archived';

/**
 * Whether moving to `to` needs the paid amount and day: marking a presalary paid does, except
 * when an archived ticket goes back to paid (it keeps the payment it was marked with).
 */
export const needsPaymentDetails = (to: TicketStatus, category: string, from?: TicketStatus) =>
  to === 'paid' && category === 'presalary' && from !== 'archived';

// --- what the ticket's owner may do without PROCESS_TICKETS ----------------------------------

/** The parts of a ticket the worker rules read. */
export type WorkflowTicket = { createdBy: string; status: TicketStatus; archived?: boolean };

const isOwnTicket = (ticket: WorkflowTicket, uid: string) => uid !== '' && ticket.createdBy === uid;

/** A worker may archive their own ticket once it is resolved. */
export function workerMayArchive(ticket: WorkflowTicket, uid: string): boolean {
  return isOwnTicket(ticket, uid) && ticket.status === 'resolved' && ticket.archived !== true;
}

/** A worker may add an update to their own open ticket (new, inProgress or unknown, not archived). */
export function workerMayAddUpdate(ticket: WorkflowTicket, uid: string): boolean {
  return isOwnTicket(ticket, uid) && isOpenStatus(ticket.status) && ticket.archived !== true;
}

/**
 * Whether someone acts on this ticket with staff authority: they hold PROCESS_TICKETS and the
 * ticket is not their own. Nobody processes their own request: on their own ticket staff have the
 * owner's rights only, so they neither change its status, assign it, confirm its items, nor answer
 * it as staff (an update they add is the owner's, under the owner's rules).
 */
export function actsAsStaffOn(
  ticket: Pick<WorkflowTicket, 'createdBy'>,
  uid: string,
  holdsProcessTickets: boolean,
): boolean {
  return holdsProcessTickets && ticket.createdBy !== uid;
}

/**
 * Statuses after which the owner adds no more files to the ticket: it was paid or rejected (a
 * decision the files would seem to have been part of), or archived.
 */
export const FILES_CLOSED_STATUSES = [
  'paid',
  'rejected',
  'archived',
] as const satisfies readonly TicketStatus[];

/** The owner may attach files to their own ticket until it is paid, rejected or archived. */
export function ownerMayAttachFiles(ticket: WorkflowTicket, uid: string): boolean {
  return (
    isOwnTicket(ticket, uid) &&
    ticket.archived !== true &&
    !(FILES_CLOSED_STATUSES as readonly TicketStatus[]).includes(ticket.status)
  );
}

// --- activity and storage helpers -------------------------------------------------------------

/** How much of an update's text its activity entry repeats. */
export const UPDATE_SUMMARY_CHARS = 80;

/** The first UPDATE_SUMMARY_CHARS characters of an update, never cutting a character in two. */
export const updateSummary = (text: string) => Array.from(text).slice(0, UPDATE_SUMMARY_CHARS).join('');

/** The activity field of an item's confirmation, e.g. `items.Winter jacket, size L`. */
export const itemActivityField = (name: string) => `items.${name}`;

/** How an item's confirmation reads in the activity log. */
export const itemConfirmationValue = (confirmed: boolean) => (confirmed ? 'confirmed' : 'unconfirmed');

/** Where a ticket's attachments live in Storage; storage.rules allow only the owner's folder. */
export const ticketFilesFolder = (uid: string, ticketId: string) => `tickets/${uid}/${ticketId}/`;

/**
 * Where staff upload the attachments of an update: the folder of the ticket's owner, so the owner
 * may read them (storage.rules: `ticket-updates/{ownerUid}/{ticketId}/`, ticket staff write).
 */
export const ticketUpdateFilesFolder = (ownerUid: string, ticketId: string) =>
  `ticket-updates/${ownerUid}/${ticketId}/`;

/**
 * The folders an update's attachments may come from: ticket staff upload into the ticket's update
 * folder; the ticket's owner, whom storage.rules let write only into their own ticket folder
 * (`tickets/{uid}/{ticketId}/`), uploads there. Someone who is both may use either.
 */
export function updateFileFolders(input: {
  ownerUid: string;
  ticketId: string;
  isStaff: boolean;
  isOwner: boolean;
}): string[] {
  const folders: string[] = [];
  if (input.isStaff) folders.push(ticketUpdateFilesFolder(input.ownerUid, input.ticketId));
  if (input.isOwner) folders.push(ticketFilesFolder(input.ownerUid, input.ticketId));
  return folders;
}

/**
 * Whether `path` names a file directly in `folder` (which ends with `/`). The file name is one path
 * segment and never `.` or `..`, so nothing can climb out of the folder; dots inside a name
 * (`scan..pdf`, as the web app's name cleaning may leave) are fine.
 */
export function isFileDirectlyIn(folder: string, path: string): boolean {
  if (!path.startsWith(folder)) return false;
  const fileName = path.slice(folder.length);
  return (
    fileName !== '' &&
    fileName !== '.' &&
    fileName !== '..' &&
    !fileName.includes('/') &&
    !fileName.includes('\\')
  );
}

// --- payloads -------------------------------------------------------------------------------

export const REJECTION_REASON_MAX_CHARS = 1000;
export const UPDATE_TEXT_MAX_CHARS = 2000;
/** A paid amount above this is a typing error, not a payment. */
export const MAX_PAID_AMOUNT = 1_000_000;

/** The statuses a change may ask for: every known one (nobody moves a ticket to `unknown`). */
export const TARGET_STATUSES = TICKET_STATUSES.filter(
  (status): status is Exclude<TicketStatus, 'unknown'> => status !== 'unknown',
);

/**
 * The parts of a ticket that decide what a status change needs; `requestedAmount` is what a
 * presalary asked for (a payment never exceeds it), absent or null for other tickets.
 */
export type StatusChangeTicket = { category: string; status: TicketStatus; requestedAmount?: number | null };

/** What a status change asks for, as far as statusChangeErrors looks at it. */
export type StatusChangeValues = {
  status: TicketStatus;
  reason?: string | undefined;
  paidAmount?: number | undefined;
  paidDate?: string | undefined;
};

/**
 * Field errors (field -> translation key) for what a change of this ticket still lacks beyond
 * `changeStatusSchema`: the reason of a rejection, the paid amount and day of a presalary marked
 * paid (neither when an archived ticket goes back to the status it had).
 */
export function statusChangeErrors(
  ticket: StatusChangeTicket,
  request: StatusChangeValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (needsReason(request.status, ticket.status) && !request.reason) errors.reason = 'validation.required';
  if (needsPaymentDetails(request.status, ticket.category, ticket.status)) {
    if (request.paidAmount === undefined) errors.paidAmount = 'validation.required';
    else if (typeof ticket.requestedAmount === 'number' && request.paidAmount > ticket.requestedAmount) {
      errors.paidAmount = 'validation.paidAboveRequested';
    }
    if (request.paidDate === undefined) errors.paidDate = 'validation.required';
  }
  return errors;
}

// --- the callables --------------------------------------------------------------------------

/** Translation keys of the processing callables' errors (besides field keys and `unauthenticated`). */
export const TICKET_PROCESSING_ERRORS = {
  forbidden: 'tickets.processing.errors.forbidden',
  notFound: 'tickets.processing.errors.notFound',
  illegalTransition: 'tickets.processing.errors.illegalTransition',
  archived: 'tickets.processing.errors.archived',
  ticketClosed: 'tickets.processing.errors.ticketClosed',
  assigneeNotStaff: 'tickets.processing.errors.assigneeNotStaff',
  ownTicket: 'tickets.processing.errors.ownTicket',
  assigneeIsOwner: 'tickets.processing.errors.assigneeIsOwner',
  itemNotFound: 'tickets.processing.errors.itemNotFound',
  fileMissing: 'tickets.processing.errors.fileMissing',
  statusFailed: 'tickets.processing.errors.statusFailed',
  assignFailed: 'tickets.processing.errors.assignFailed',
  updateFailed: 'tickets.processing.errors.updateFailed',
  confirmFailed: 'tickets.processing.errors.confirmFailed',
} as const;

// Their answers, in their contracts (contracts/change-ticket-status.ts, ...).
export type { AddTicketUpdateResponse } from './contracts/add-ticket-update.js';
export type { AssignTicketResponse } from './contracts/assign-ticket.js';
export type { ChangeStatusResponse } from './contracts/change-ticket-status.js';
export type { ConfirmItemResponse } from './contracts/confirm-ticket-item.js';
