import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { type RateTicketState, decideRateTicket } from '../../domain/operations/rate-ticket.js';
import { storedTicketOf } from '../../domain/operations/ticket-state.js';
import { defineCallable } from '../define-callable.js';
import { isAlreadyExists } from '../errors.js';
import { runOperation } from '../run-operation.js';
import { type ProcessTicketDeps, ticketRef } from './process-ticket.js';
import { updateIdFor } from './add-ticket-update.js';

export type RateTicketDeps = Omit<ProcessTicketDeps, 'files'>;

type GetAll = (...refs: DocumentReference[]) => Promise<DocumentSnapshot[]>;

async function readState(getAll: GetAll, ticket: DocumentReference, updateId: string) {
  const [current] = await getAll(ticket);
  const state: RateTicketState = { ticket: storedTicketOf(ticket.id, current?.data()), updateId };
  return state;
}

/**
 * The rateTicket callable (the ticket's owner, once it is resolved, paid or sent): see
 * `decideRateTicket`, run in one transaction. A retry with the same requestId is answered with the
 * first rating (`isDuplicate`).
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (`rating`, `comment`);
 * `not-found` 'tickets.processing.errors.notFound'; `permission-denied`
 * 'tickets.processing.errors.forbidden' (not the owner); `failed-precondition`
 * 'tickets.rating.errors.notRateable' or '...alreadyRated'; `internal` 'tickets.rating.errors.failed'.
 */
export function createRateTicketHandler(deps: RateTicketDeps) {
  const { db, logger, now } = deps;
  return defineCallable('rateTicket', deps, {
    rateLimit: { operation: 'rateTicket', key: (input) => input.requestId },
    run: async ({ caller, input }) => {
      const ref = ticketRef(db, input.ticketId);
      const updateId = updateIdFor(caller.uid, input.requestId);
      try {
        const { result } = await runOperation(deps, {
          name: 'rateTicket',
          read: (tx) => readState((...refs) => tx.getAll(...refs), ref, updateId),
          decide: (state) => decideRateTicket(state, input, caller, now()),
        });
        if (!result.isDuplicate) {
          logger.info('ticket rated', { ticketId: ref.id, rating: input.rating, by: caller.uid });
        }
        return result;
      } catch (error) {
        // A concurrent call with the same requestId won the race: answer as it did.
        if (isAlreadyExists(error)) {
          const ticket = storedTicketOf(ref.id, (await ref.get()).data());
          if (ticket?.ratingRequestId === input.requestId) {
            return { ticketId: ref.id, status: ticket.status, isDuplicate: true };
          }
        }
        throw error;
      }
    },
  });
}
