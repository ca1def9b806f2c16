import { FieldValue, type Firestore, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  type ChangeStatusRequest,
  TICKET_PROCESSING_ERRORS,
  type TicketStatus,
  allowedTransitions,
  needsPaymentDetails,
  needsReason,
  statusChangeErrors,
  workerMayArchive,
} from '../../domain/index.js';
import type { Caller } from '../caller.js';
import { invalidArgument } from '../errors.js';
import type { ActivityEntry } from './ticket-document.js';
import { periodTaken, presalaryLockPath } from './ticket-writer.js';
import {
  type ProcessTicketDeps,
  type StoredTicket,
  fieldEntry,
  forbidden,
  newActivityRef,
  personOfCaller,
  canProcessTickets,
  readTicket,
  ticketRef,
} from './process-ticket.js';
import { defineCallable } from '../define-callable.js';

export type ChangeTicketStatusDeps = ProcessTicketDeps;

/**
 * A rejected presalary no longer holds its salary period: moving it back into play (reopened, paid, ...)
 * takes the period again, and is refused while another request of that period still counts, so the one
 * request per period rule cannot be bypassed by reopening. Reads before the transaction writes.
 */
async function reclaimPeriod(
  db: Firestore,
  tx: Transaction,
  ticket: StoredTicket,
  to: TicketStatus,
  at: Timestamp,
) {
  const period = ticket.presalaryPeriod;
  if (ticket.status !== 'rejected' || !period || to === 'rejected' || to === 'archived') return;
  const lockRef = db.doc(presalaryLockPath(ticket.createdBy, period));
  const lockedId: unknown = (await tx.get(lockRef)).get('ticketId');
  if (typeof lockedId === 'string' && lockedId !== ticket.id) {
    const locked = await tx.get(db.collection('tickets').doc(lockedId));
    if (locked.exists && locked.get('status') !== 'rejected') throw periodTaken();
  }
  tx.set(lockRef, { uid: ticket.createdBy, period, ticketId: ticket.id, at });
}

/**
 * Whether the caller may ask for this change at all, before the table is consulted: staff may
 * move any ticket but their own (nobody approves or pays their own request); anyone else, and
 * staff on their own ticket, only archives their own resolved ticket (or repeats a change that is
 * already done).
 */
function assertMayChange(caller: Caller, isStaff: boolean, ticket: StoredTicket, to: TicketStatus) {
  if (isStaff && ticket.createdBy !== caller.uid) return;
  if (ticket.createdBy !== caller.uid) throw forbidden();
  if (ticket.status === to) return;
  if (to !== 'archived' || !workerMayArchive(ticket, caller.uid)) throw forbidden();
}

type ChangePlan = { update: Record<string, unknown>; entries: ActivityEntry[] };

/**
 * The ticket fields and activity entries of one change. A rejection reason stays on the ticket
 * while it is rejected (or archived from rejected), a payment while it is paid (or archived from
 * paid), `archivedFrom` while it is archived; moving on deletes them, and the log keeps them.
 */
function planChange(
  caller: Caller,
  ticket: StoredTicket,
  input: ChangeStatusRequest,
  at: Timestamp,
): ChangePlan {
  const by = personOfCaller(caller);
  const to = input.status;
  const from = ticket.status;
  const update: ChangePlan['update'] = { status: to, archived: to === 'archived', lastUpdate: at };
  const entries = [fieldEntry(by, at, 'status', from, to)];

  if (to === 'archived') update.archivedFrom = from;
  else if (from === 'archived') update.archivedFrom = FieldValue.delete();

  if (needsReason(to, from) && input.reason) {
    update.rejectionReason = input.reason;
    entries.push(fieldEntry(by, at, 'rejectionReason', null, input.reason));
  } else if (to !== 'rejected' && to !== 'archived' && ticket.hasRejectionReason) {
    update.rejectionReason = FieldValue.delete();
  }

  if (needsPaymentDetails(to, ticket.category, from) && input.paidAmount !== undefined && input.paidDate) {
    update.paid = { amount: input.paidAmount, date: input.paidDate, by };
    entries.push(fieldEntry(by, at, 'paidAmount', null, input.paidAmount));
    entries.push(fieldEntry(by, at, 'paidDate', null, input.paidDate));
  } else if (to !== 'paid' && to !== 'archived' && ticket.hasPayment) {
    update.paid = FieldValue.delete();
  }
  return { update, entries };
}

/**
 * The changeTicketStatus callable: signed in -> payload valid -> the ticket exists -> the caller
 * may change it (PROCESS_TICKETS, or the owner archiving their resolved ticket) -> the table
 * allows the move for the ticket's category -> a presalary marked paid has its amount and day ->
 * in one transaction: status, `archived`, `archivedFrom` (kept while archived, for unarchiving),
 * `rejectionReason`, `paid` {amount, date, by}, `lastUpdate`, and one activity entry per field
 * set (status; rejectionReason; paidAmount and paidDate). Asking for the current status changes
 * nothing and succeeds (`isChanged: false`), so a retry is harmless.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (`reason`, `paidAmount`,
 * `paidDate`, ...); `not-found` 'tickets.processing.errors.notFound'; `permission-denied`
 * 'tickets.processing.errors.forbidden'; `failed-precondition`
 * 'tickets.processing.errors.illegalTransition' with `details` {from, to, allowed}; `internal`
 * 'tickets.processing.errors.statusFailed'.
 */
export function createChangeTicketStatusHandler(deps: ChangeTicketStatusDeps) {
  const { db, logger, now } = deps;
  return defineCallable('changeTicketStatus', deps, {
    run: async ({ caller, input }) => {
      const isStaff = canProcessTickets(caller);
      const ref = ticketRef(db, input.ticketId);
      const to = input.status;

      const result = await db.runTransaction(async (tx) => {
        const ticket = readTicket(await tx.get(ref));
        assertMayChange(caller, isStaff, ticket, to);
        const from = ticket.status;
        if (from === to) return { from, isChanged: false };

        const allowed = allowedTransitions(from, ticket.category, ticket.archivedFrom);
        if (!allowed.includes(to)) {
          throw new HttpsError('failed-precondition', TICKET_PROCESSING_ERRORS.illegalTransition, {
            from,
            to,
            allowed,
          });
        }
        const missing = statusChangeErrors(ticket, input);
        if (Object.keys(missing).length > 0) throw invalidArgument(missing, 'Invalid status change');

        const at = Timestamp.fromMillis(now());
        await reclaimPeriod(db, tx, ticket, to, at);
        const plan = planChange(caller, ticket, input, at);
        for (const entry of plan.entries) tx.create(newActivityRef(ref), entry);
        tx.update(ref, plan.update);
        return { from, isChanged: true };
      });

      if (result.isChanged) {
        logger.info('ticket status changed', { ticketId: ref.id, from: result.from, to, by: caller.uid });
      }
      return { ticketId: ref.id, status: to, isChanged: result.isChanged };
    },
  });
}
