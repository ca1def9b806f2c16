import { z } from 'zod';
import { requestIdSchema } from '../ticket-schemas.js';
import { RATING_COMMENT_MAX_CHARS, TICKET_RATINGS } from '../ticket-workflow.js';
import { answers, ticketIdSchema } from './contract.js';

export const RATING_ERRORS = {
  notRateable: 'tickets.rating.errors.notRateable',
  alreadyRated: 'tickets.rating.errors.alreadyRated',
  failed: 'tickets.rating.errors.failed',
} as const;

/** 👍 or 👎 with an optional comment; `requestId` makes a retry return the first answer. */
export const rateTicketSchema = z.object({
  requestId: requestIdSchema,
  ticketId: ticketIdSchema,
  rating: z.enum(TICKET_RATINGS, 'validation.required'),
  comment: z
    .string('validation.invalid')
    .trim()
    .max(RATING_COMMENT_MAX_CHARS, `validation.maxChars:${RATING_COMMENT_MAX_CHARS}`)
    .default(''),
});
export type RateTicketRequest = z.infer<typeof rateTicketSchema>;
export type RateTicketInput = z.input<typeof rateTicketSchema>;

export type RateTicketResponse = { ticketId: string; status: string; isDuplicate: boolean };

/**
 * The owner's answer to "Did this solve it?" on their resolved, paid or sent ticket; 👎 puts it
 * back in progress with the comment as an update and tells the assignee.
 */
export const rateTicket = answers<RateTicketResponse>()({
  request: rateTicketSchema,
  failure: RATING_ERRORS.failed,
  invalid: 'Invalid rating',
});
