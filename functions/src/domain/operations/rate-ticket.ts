import { RATING_ERRORS, type RateTicketRequest, type RateTicketResponse } from '../contracts/rate-ticket.js';
import { RATEABLE_STATUSES, updateSummary } from '../ticket-workflow.js';
import { type Decision, type OperationCaller, decided, refuse } from './decision.js';
import { notificationEntry } from './notify.js';
import {
  type StoredTicket,
  fieldEntry,
  forbidden,
  personOfCaller,
  ticketNotFound,
  ticketPath,
  ticketPatch,
} from './ticket-state.js';

/** What a 👎 without a comment says on the ticket's history, in every language. */
export const THUMBS_DOWN_TEXT = '👎';

export type RateTicketState = {
  ticket: StoredTicket | null;
  /** The id the update of a 👎 gets (from the caller and the requestId: a retry finds it). */
  updateId: string;
};

export const isRateable = (status: string) => (RATEABLE_STATUSES as readonly string[]).includes(status);

/**
 * rateTicket: the ticket exists -> the caller is its owner -> a rating with this requestId is
 * answered again (`isDuplicate`) -> it is not rated yet and it is resolved, paid or sent -> the
 * rating on the ticket ({value, comment, at, requestId, status}) and an activity entry; a 👎 also
 * puts the ticket back in progress, adds the comment (or 👎) as the owner's update, and tells the
 * assignee, so the question goes back to staff.
 */
export function decideRateTicket(
  state: RateTicketState,
  request: RateTicketRequest,
  caller: OperationCaller,
  now: number,
): Decision<RateTicketResponse> {
  const { ticket } = state;
  if (!ticket) return ticketNotFound();
  if (ticket.createdBy !== caller.uid) return forbidden();
  if (ticket.ratingRequestId === request.requestId) {
    return decided({ ticketId: ticket.id, status: ticket.status, isDuplicate: true });
  }
  if (ticket.ratingRequestId !== null) return refuse('failed-precondition', RATING_ERRORS.alreadyRated);
  if (!isRateable(ticket.status) || ticket.archived) {
    return refuse('failed-precondition', RATING_ERRORS.notRateable);
  }

  const at = new Date(now);
  const by = personOfCaller(caller);
  const rating = {
    value: request.rating,
    comment: request.comment,
    at,
    requestId: request.requestId,
    status: ticket.status,
  };
  const ratedEntry = fieldEntry(ticket.id, by, at, 'rating', null, request.rating);
  if (request.rating === 'up') {
    return decided(
      { ticketId: ticket.id, status: ticket.status, isDuplicate: false },
      { writes: [ticketPatch(ticket.id, { rating })], log: [ratedEntry] },
    );
  }
  const text = request.comment || THUMBS_DOWN_TEXT;
  const assignee = ticket.assigneeUid && ticket.assigneeUid !== caller.uid ? ticket.assigneeUid : null;
  return decided(
    { ticketId: ticket.id, status: 'inProgress', isDuplicate: false },
    {
      // The update's create comes first: a concurrent retry fails on it before anything else.
      writes: [
        {
          type: 'create',
          path: `${ticketPath(ticket.id)}/updates/${state.updateId}`,
          data: { text, by, at, attachments: [] },
        },
        ticketPatch(ticket.id, { rating, status: 'inProgress', lastUpdate: at }),
      ],
      log: [
        ratedEntry,
        fieldEntry(ticket.id, by, at, 'status', ticket.status, 'inProgress'),
        fieldEntry(ticket.id, by, at, 'update', null, updateSummary(text)),
        ...(assignee
          ? [notificationEntry(assignee, ticket, 'ratedDown', { number: ticket.number, by: caller.name }, at)]
          : []),
      ],
    },
  );
}
