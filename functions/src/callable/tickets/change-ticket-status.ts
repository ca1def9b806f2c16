import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  type PeriodLock,
  decideChangeTicketStatus,
  needsPeriodLock,
} from '../../domain/operations/change-ticket-status.js';
import { type StoredTicket, presalaryLockPath } from '../../domain/operations/ticket-state.js';
import type { TicketStatus } from '../../domain/index.js';
import { defineCallable } from '../define-callable.js';
import { runOperation } from '../run-operation.js';
import { type ProcessTicketDeps, readStoredTicket, ticketRef } from './process-ticket.js';

export type ChangeTicketStatusDeps = ProcessTicketDeps;

/**
 * The lock of the presalary's salary period and, when it names another ticket, that ticket's
 * status: read only when the change would take the period again (see `needsPeriodLock`).
 */
async function readPeriodLock(
  db: Firestore,
  tx: Transaction,
  ticket: StoredTicket | null,
  to: TicketStatus,
): Promise<PeriodLock | null> {
  if (!ticket?.presalaryPeriod || !needsPeriodLock(ticket, to)) return null;
  const lockedId: unknown = (
    await tx.get(db.doc(presalaryLockPath(ticket.createdBy, ticket.presalaryPeriod)))
  ).get('ticketId');
  if (typeof lockedId !== 'string') return { ticketId: null, holder: null };
  if (lockedId === ticket.id) return { ticketId: lockedId, holder: null };
  const holder = await tx.get(ticketRef(db, lockedId));
  return { ticketId: lockedId, holder: holder.exists ? { status: holder.get('status') } : null };
}

/**
 * The changeTicketStatus callable (PROCESS_TICKETS, or the owner archiving their resolved ticket):
 * see `decideChangeTicketStatus`; the ticket and, for a rejected presalary moving back into play,
 * its salary period's lock are read in the transaction that writes the change.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (`reason`, `paidAmount`,
 * `paidDate`, ...); `not-found` 'tickets.processing.errors.notFound'; `permission-denied`
 * 'tickets.processing.errors.forbidden'; `failed-precondition`
 * 'tickets.processing.errors.illegalTransition' with `details` {from, to, allowed} or
 * 'tickets.presalary.periodTaken'; `internal` 'tickets.processing.errors.statusFailed'.
 */
export function createChangeTicketStatusHandler(deps: ChangeTicketStatusDeps) {
  const { db, logger, now } = deps;
  return defineCallable('changeTicketStatus', deps, {
    rateLimit: { operation: 'changeTicketStatus' },
    run: async ({ caller, input }) => {
      const { result } = await runOperation(deps, {
        name: 'changeTicketStatus',
        read: async (tx) => {
          const ticket = await readStoredTicket(db, tx, input.ticketId);
          return { ticket, periodLock: await readPeriodLock(db, tx, ticket, input.status) };
        },
        decide: (state) => decideChangeTicketStatus(state, input, caller, now()),
      });
      const { from, ...response } = result;
      if (response.isChanged) {
        logger.info('ticket status changed', {
          ticketId: response.ticketId,
          from,
          to: input.status,
          by: caller.uid,
        });
      }
      return response;
    },
  });
}
