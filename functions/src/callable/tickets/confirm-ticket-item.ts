import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { TICKET_PROCESSING_ERRORS, itemActivityField, itemConfirmationValue } from '../../domain/index.js';
import {
  type ProcessTicketDeps,
  fieldEntry,
  forbidden,
  newActivityRef,
  personOfCaller,
  staffOnly,
  readTicket,
  ticketArchived,
  ticketRef,
} from './process-ticket.js';
import { defineCallable } from '../define-callable.js';

export type ConfirmTicketItemDeps = ProcessTicketDeps;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The confirmTicketItem callable: signed in -> payload valid -> caller holds PROCESS_TICKETS ->
 * the ticket exists and is not archived -> it has an item line at `index` (only tools and
 * clothes tickets have items) -> in one transaction: that line's `confirmed`, `lastUpdate` and
 * an activity entry `items.<name>` from 'unconfirmed'/'confirmed' to the other. Setting the value
 * a line already has changes and logs nothing (`isChanged: false`).
 *
 * The item list is rewritten as a whole (Firestore cannot address one array element); the
 * transaction makes concurrent confirmations of different lines retry rather than overwrite each
 * other, and each logs its own entry document.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `permission-denied`
 * 'tickets.processing.errors.forbidden'; `not-found` 'tickets.processing.errors.notFound';
 * `failed-precondition` 'tickets.processing.errors.itemNotFound' (with `details` {index, count})
 * or 'tickets.processing.errors.archived'; `internal` 'tickets.processing.errors.confirmFailed'.
 */
export function createConfirmTicketItemHandler(deps: ConfirmTicketItemDeps) {
  const { db, logger, now } = deps;
  return defineCallable('confirmTicketItem', deps, {
    access: staffOnly,
    run: async ({ caller, input }) => {
      const ref = ticketRef(db, input.ticketId);

      const isChanged = await db.runTransaction(async (tx) => {
        const ticket = readTicket(await tx.get(ref));
        // Nobody confirms the delivery of their own order.
        if (ticket.createdBy === caller.uid) throw forbidden();
        if (ticket.archived) throw ticketArchived();
        const item = ticket.items[input.index];
        if (!isRecord(item)) {
          throw new HttpsError('failed-precondition', TICKET_PROCESSING_ERRORS.itemNotFound, {
            index: input.index,
            count: ticket.items.length,
          });
        }
        const wasConfirmed = item.confirmed === true;
        if (wasConfirmed === input.confirmed) return false;

        const at = Timestamp.fromMillis(now());
        const name = typeof item.name === 'string' && item.name !== '' ? item.name : `#${input.index + 1}`;
        const entry = fieldEntry(
          personOfCaller(caller),
          at,
          itemActivityField(name),
          itemConfirmationValue(wasConfirmed),
          itemConfirmationValue(input.confirmed),
        );
        const items = ticket.items.map((line, index) =>
          index === input.index ? { ...item, confirmed: input.confirmed } : line,
        );
        tx.create(newActivityRef(ref), entry);
        tx.update(ref, { items, lastUpdate: at });
        return true;
      });

      if (isChanged) {
        logger.info('ticket item confirmation changed', {
          ticketId: ref.id,
          index: input.index,
          confirmed: input.confirmed,
          by: caller.uid,
        });
      }
      return { ticketId: ref.id, index: input.index, confirmed: input.confirmed, isChanged };
    },
  });
}
