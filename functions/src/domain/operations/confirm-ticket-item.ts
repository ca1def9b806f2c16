import type { TicketItem } from '../ticket-document.js';
import type { ConfirmItemRequest } from '../ticket-workflow-schemas.js';
import {
  type ConfirmItemResponse,
  TICKET_PROCESSING_ERRORS,
  itemActivityField,
  itemConfirmationValue,
} from '../ticket-workflow.js';
import { type Decision, type OperationCaller, decided, refuse } from './decision.js';
import {
  type StoredTicket,
  canProcessTickets,
  fieldEntry,
  forbidden,
  personOfCaller,
  ticketArchived,
  ticketNotFound,
  ticketPatch,
} from './ticket-state.js';
import { notifyOwner } from './notify.js';

export type ConfirmTicketItemState = { ticket: StoredTicket | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * confirmTicketItem: the caller holds PROCESS_TICKETS -> the ticket exists, is not the caller's
 * own (nobody confirms the delivery of their own order) and is not archived -> it has an item
 * line at `index` -> that line's `confirmed`, `lastUpdate` and an activity entry `items.<name>`
 * from 'unconfirmed'/'confirmed' to the other, and for a confirmation a notification to the
 * owner. The item list is written as a whole (Firestore
 * cannot address one array element), every other line as stored. Setting the value a line
 * already has changes nothing (`isChanged: false`).
 */
export function decideConfirmTicketItem(
  state: ConfirmTicketItemState,
  request: ConfirmItemRequest,
  caller: OperationCaller,
  now: number,
): Decision<ConfirmItemResponse> {
  if (!canProcessTickets(caller)) return forbidden();
  const { ticket } = state;
  if (!ticket) return ticketNotFound();
  if (ticket.createdBy === caller.uid) return forbidden();
  if (ticket.archived) return ticketArchived();
  const item = ticket.items[request.index];
  if (!isRecord(item)) {
    return refuse('failed-precondition', TICKET_PROCESSING_ERRORS.itemNotFound, {
      index: request.index,
      count: ticket.items.length,
    });
  }
  const result = { ticketId: ticket.id, index: request.index, confirmed: request.confirmed };
  const wasConfirmed = item.confirmed === true;
  if (wasConfirmed === request.confirmed) return decided({ ...result, isChanged: false });

  const at = new Date(now);
  const name = typeof item.name === 'string' && item.name !== '' ? item.name : `#${request.index + 1}`;
  const items = ticket.items.map((line, index) =>
    index === request.index ? { ...item, confirmed: request.confirmed } : line,
  );
  return decided(
    { ...result, isChanged: true },
    {
      writes: [ticketPatch(ticket.id, { items: items as TicketItem[], lastUpdate: at })],
      log: [
        fieldEntry(
          ticket.id,
          personOfCaller(caller),
          at,
          itemActivityField(name),
          itemConfirmationValue(wasConfirmed),
          itemConfirmationValue(request.confirmed),
        ),
        // Taking a confirmation back tells nobody: only a confirmed delivery is news to the owner.
        ...(request.confirmed
          ? notifyOwner(ticket, caller, 'itemConfirmed', { number: ticket.number, item: name }, at)
          : []),
      ],
    },
  );
}
