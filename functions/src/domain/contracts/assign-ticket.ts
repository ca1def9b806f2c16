import { z } from 'zod';
import { TICKET_PROCESSING_ERRORS } from '../ticket-workflow.js';
import { answers, requiredOr, ticketIdSchema } from './contract.js';

/** A staff member's uid, or null to unassign. */
export const assignTicketSchema = z.object({
  ticketId: ticketIdSchema,
  assigneeUid: z
    .string(requiredOr('validation.invalid'))
    .regex(/^[^/\s]{1,128}$/, 'validation.invalid')
    .nullable(),
});
export type AssignTicketRequest = z.infer<typeof assignTicketSchema>;

export type AssignTicketResponse = {
  ticketId: string;
  assignedTo: { uid: string; name: string } | null;
  isChanged: boolean;
};

/** Assigns a ticket to a staff member, or to nobody; callers with PROCESS_TICKETS. */
export const assignTicket = answers<AssignTicketResponse>()({
  request: assignTicketSchema,
  failure: TICKET_PROCESSING_ERRORS.assignFailed,
  invalid: 'Invalid assignment',
});
