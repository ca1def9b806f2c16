import { decideConfirmTicketItem } from '../../domain/operations/confirm-ticket-item.js';
import { defineCallable } from '../define-callable.js';
import { runOperation } from '../run-operation.js';
import { type ProcessTicketDeps, readStoredTicket, staffOnly } from './process-ticket.js';

export type ConfirmTicketItemDeps = ProcessTicketDeps;

/**
 * The confirmTicketItem callable (PROCESS_TICKETS): see `decideConfirmTicketItem`. The item list
 * is rewritten as a whole in one transaction, so concurrent confirmations of different lines
 * retry rather than overwrite each other, and each logs its own entry document.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `permission-denied`
 * 'tickets.processing.errors.forbidden'; `not-found` 'tickets.processing.errors.notFound';
 * `failed-precondition` 'tickets.processing.errors.itemNotFound' (with `details` {index, count})
 * or 'tickets.processing.errors.archived'; `internal` 'tickets.processing.errors.confirmFailed'.
 */
export function createConfirmTicketItemHandler(deps: ConfirmTicketItemDeps) {
  const { db, logger, now } = deps;
  return defineCallable('confirmTicketItem', deps, {
    rateLimit: { operation: 'confirmTicketItem' },
    access: staffOnly,
    run: async ({ caller, input }) => {
      const { result } = await runOperation(deps, {
        name: 'confirmTicketItem',
        read: async (tx) => ({ ticket: await readStoredTicket(db, tx, input.ticketId) }),
        decide: (state) => decideConfirmTicketItem(state, input, caller, now()),
      });
      if (result.isChanged) {
        logger.info('ticket item confirmation changed', {
          ticketId: result.ticketId,
          index: input.index,
          confirmed: input.confirmed,
          by: caller.uid,
        });
      }
      return result;
    },
  });
}
