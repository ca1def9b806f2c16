import { z } from 'zod';
import { TICKET_PROCESSING_ERRORS } from '../ticket-workflow.js';
import { answers, requiredOr, ticketIdSchema } from './contract.js';

/** One line of a tools or clothes ticket, confirmed or not. */
export const confirmItemSchema = z.object({
  ticketId: ticketIdSchema,
  index: z
    .number(requiredOr('validation.number'))
    .int('validation.number')
    .nonnegative('validation.number')
    .max(999, 'validation.number'),
  confirmed: z.boolean(requiredOr('validation.invalid')),
});
export type ConfirmItemRequest = z.infer<typeof confirmItemSchema>;

export type ConfirmItemResponse = { ticketId: string; index: number; confirmed: boolean; isChanged: boolean };

/** Marks one line of a tools or clothes ticket confirmed or not; callers with PROCESS_TICKETS. */
export const confirmTicketItem = answers<ConfirmItemResponse>()({
  request: confirmItemSchema,
  failure: TICKET_PROCESSING_ERRORS.confirmFailed,
  invalid: 'Invalid item confirmation',
});
