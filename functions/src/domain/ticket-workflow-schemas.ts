import { changeStatusSchema } from './contracts/change-ticket-status.js';
import { type StatusChangeTicket, statusChangeErrors } from './ticket-workflow.js';

// The request schemas of the ticket-processing callables, apart from ticket-workflow.ts so that a
// screen that only asks which moves a ticket allows (the ticket page) does not load zod's schema
// code. Each is in its callable's contract (contracts/change-ticket-status.ts, ...), re-exported
// here for the code that reads it from here; what this file adds is the status-change form's schema.

export { ticketIdSchema } from './contracts/contract.js';
export {
  type AddTicketUpdateInput,
  type AddTicketUpdateRequest,
  addTicketUpdateSchema,
} from './contracts/add-ticket-update.js';
export { type AssignTicketRequest, assignTicketSchema } from './contracts/assign-ticket.js';
export {
  type ChangeStatusInput,
  type ChangeStatusRequest,
  changeStatusSchema,
} from './contracts/change-ticket-status.js';
export { type ConfirmItemRequest, confirmItemSchema } from './contracts/confirm-ticket-item.js';

/** The status-change schema of one ticket's form: `changeStatusSchema` plus what the ticket needs. */
export function changeStatusSchemaFor(ticket: StatusChangeTicket) {
  return changeStatusSchema.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(statusChangeErrors(ticket, value))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}
