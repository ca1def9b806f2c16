import { z } from 'zod';
import { isoDaySchema } from '../ticket-schemas.js';
import {
  MAX_PAID_AMOUNT,
  REJECTION_REASON_MAX_CHARS,
  TARGET_STATUSES,
  TICKET_PROCESSING_ERRORS,
} from '../ticket-workflow.js';
import type { TicketStatus } from '../tickets.js';
import { answers, requiredOr, ticketIdSchema } from './contract.js';

const optionalReason = z
  .string('validation.invalid')
  .trim()
  .max(REJECTION_REASON_MAX_CHARS, `validation.maxChars:${REJECTION_REASON_MAX_CHARS}`)
  .optional();

/**
 * The target status, a reason (at most 1000 characters) and the paid amount and day. Which of them a
 * change needs depends on the ticket (see `statusChangeErrors` and `changeStatusSchemaFor`); a
 * reason or payment sent with a change that does not take one is not stored.
 */
export const changeStatusSchema = z.object({
  ticketId: ticketIdSchema,
  status: z.enum(TARGET_STATUSES, requiredOr('validation.invalid')),
  reason: optionalReason,
  paidAmount: z
    .number('validation.number')
    .positive('validation.amountGreaterThanZero')
    .max(MAX_PAID_AMOUNT, 'validation.number')
    .multipleOf(0.01, 'validation.number')
    .optional(),
  paidDate: isoDaySchema.optional(),
});
export type ChangeStatusRequest = z.infer<typeof changeStatusSchema>;
export type ChangeStatusInput = z.input<typeof changeStatusSchema>;

export type ChangeStatusResponse = { ticketId: string; status: TicketStatus; isChanged: boolean };

/** Moves a ticket to another status; callers with PROCESS_TICKETS, or the owner archiving it resolved. */
export const changeTicketStatus = answers<ChangeStatusResponse>()({
  request: changeStatusSchema,
  failure: TICKET_PROCESSING_ERRORS.statusFailed,
  invalid: 'Invalid status change',
});
