import type { ChangeStatusRequest } from '../ticket-workflow-schemas.js';
import {
  type ChangeStatusResponse,
  TICKET_PROCESSING_ERRORS,
  allowedTransitions,
  needsPaymentDetails,
  needsReason,
  statusChangeErrors,
  workerMayArchive,
} from '../ticket-workflow.js';
import type { TicketPatch } from '../ticket-document.js';
import type { TicketStatus } from '../tickets.js';
import {
  DELETE_FIELD,
  type Decision,
  type DocumentWrite,
  type LogEntry,
  type OperationCaller,
  type Refused,
  decided,
  refuse,
  refuseFields,
} from './decision.js';
import {
  PRESALARY_PERIOD_TAKEN,
  type StoredTicket,
  canProcessTickets,
  fieldEntry,
  firstResponsePatch,
  forbidden,
  personOfCaller,
  presalaryLockPath,
  ticketNotFound,
  ticketPatch,
} from './ticket-state.js';
import { notifyOwner } from './notify.js';

/** The lock that holds a presalary's salary period: which ticket it names, and that ticket's status. */
export type PeriodLock = {
  /** The ticket the lock names; null when there is no lock. */
  ticketId: string | null;
  /** The stored status of the ticket the lock names, when that is another ticket and it exists. */
  holder: { status: unknown } | null;
};

export type ChangeTicketStatusState = {
  ticket: StoredTicket | null;
  /** Read only when `needsPeriodLock` says so; null otherwise. */
  periodLock: PeriodLock | null;
};

/** The answer, with the status the ticket had (for the log). */
export type ChangeTicketStatusResult = ChangeStatusResponse & { from: TicketStatus };

/**
 * Whether this change takes a presalary's salary period again: a rejected presalary no longer
 * holds it, so moving it back into play (reopened, paid, ...) does, and is refused while another
 * request of that period still counts. The runner reads the period's lock exactly then.
 */
export const needsPeriodLock = (ticket: StoredTicket, to: TicketStatus) =>
  ticket.status === 'rejected' && ticket.presalaryPeriod !== null && to !== 'rejected' && to !== 'archived';

/**
 * Whether the caller may ask for this change at all, before the table is consulted: staff may
 * move any ticket but their own (nobody approves or pays their own request); anyone else, and
 * staff on their own ticket, only archives their own resolved ticket (or repeats a change that is
 * already done).
 */
function mayChange(caller: OperationCaller, ticket: StoredTicket, to: TicketStatus): boolean {
  if (ticket.createdBy !== caller.uid) return canProcessTickets(caller);
  return ticket.status === to || (to === 'archived' && workerMayArchive(ticket, caller.uid));
}

/** The lock write that takes the period, or the refusal while another request holds it. */
function periodLockWrite(ticket: StoredTicket, lock: PeriodLock | null, at: Date): DocumentWrite | Refused {
  const heldByAnother = lock?.ticketId && lock.ticketId !== ticket.id && lock.holder;
  if (heldByAnother && lock.holder?.status !== 'rejected') {
    return refuse('failed-precondition', PRESALARY_PERIOD_TAKEN);
  }
  const period = ticket.presalaryPeriod ?? '';
  return {
    type: 'set',
    path: presalaryLockPath(ticket.createdBy, period),
    data: { uid: ticket.createdBy, period, ticketId: ticket.id, at },
  };
}

/**
 * The ticket fields and activity entries of one change. A rejection reason stays on the ticket
 * while it is rejected (or archived from rejected), a payment while it is paid (or archived from
 * paid), `archivedFrom` while it is archived; moving on deletes them, and the log keeps them.
 */
function planChange(caller: OperationCaller, ticket: StoredTicket, request: ChangeStatusRequest, at: Date) {
  const by = personOfCaller(caller);
  const to = request.status;
  const from = ticket.status;
  const entry = (field: string, value: string | number | null, previous: string | null = null) =>
    fieldEntry(ticket.id, by, at, field, previous, value);
  const update: TicketPatch = {
    status: to,
    archived: to === 'archived',
    lastUpdate: at,
    ...firstResponsePatch(ticket, caller, at),
  };
  const log: LogEntry[] = [entry('status', to, from)];

  if (to === 'archived') update.archivedFrom = from;
  else if (from === 'archived') update.archivedFrom = DELETE_FIELD;

  if (needsReason(to, from) && request.reason) {
    update.rejectionReason = request.reason;
    log.push(entry('rejectionReason', request.reason));
  } else if (to !== 'rejected' && to !== 'archived' && ticket.hasRejectionReason) {
    update.rejectionReason = DELETE_FIELD;
  }

  if (
    needsPaymentDetails(to, ticket.category, from) &&
    request.paidAmount !== undefined &&
    request.paidDate
  ) {
    update.paid = { amount: request.paidAmount, date: request.paidDate, by };
    log.push(entry('paidAmount', request.paidAmount), entry('paidDate', request.paidDate));
  } else if (to !== 'paid' && to !== 'archived' && ticket.hasPayment) {
    update.paid = DELETE_FIELD;
  }
  return { update, log };
}

/**
 * changeTicketStatus: the ticket exists -> the caller may change it (PROCESS_TICKETS on someone
 * else's ticket, or the owner archiving their resolved ticket) -> the table allows the move for
 * the ticket's category -> a rejection has its reason, a presalary marked paid its amount (at
 * most the requested one) and day -> a rejected presalary moving back into play takes its salary
 * period again -> status, `archived`, `archivedFrom`, `rejectionReason`, `paid` {amount, date,
 * by}, `lastUpdate`, one activity entry per field set and a notification to the owner (unless the
 * owner made the change). Asking for the current status changes
 * nothing and succeeds (`isChanged: false`), so a retry is harmless.
 */
export function decideChangeTicketStatus(
  state: ChangeTicketStatusState,
  request: ChangeStatusRequest,
  caller: OperationCaller,
  now: number,
): Decision<ChangeTicketStatusResult> {
  const { ticket } = state;
  const to = request.status;
  if (!ticket) return ticketNotFound();
  if (!mayChange(caller, ticket, to)) return forbidden();
  const from = ticket.status;
  const result = { ticketId: ticket.id, status: to, from };
  if (from === to) return decided({ ...result, isChanged: false });

  const allowed = allowedTransitions(from, ticket.category, ticket.archivedFrom);
  if (!allowed.includes(to)) {
    return refuse('failed-precondition', TICKET_PROCESSING_ERRORS.illegalTransition, { from, to, allowed });
  }
  const missing = statusChangeErrors(ticket, request);
  if (Object.keys(missing).length > 0) return refuseFields(missing, 'Invalid status change');

  const at = new Date(now);
  const writes: DocumentWrite[] = [];
  if (needsPeriodLock(ticket, to)) {
    const lock = periodLockWrite(ticket, state.periodLock, at);
    if ('isRefused' in lock) return lock;
    writes.push(lock);
  }
  const plan = planChange(caller, ticket, request, at);
  writes.push(ticketPatch(ticket.id, plan.update));
  const notifications = notifyOwner(
    ticket,
    caller,
    'statusChanged',
    { number: ticket.number, status: to },
    at,
  );
  return decided({ ...result, isChanged: true }, { writes, log: [...plan.log, ...notifications] });
}
