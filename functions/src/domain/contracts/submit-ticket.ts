import { ticketSubmissionSchema } from '../ticket-schemas.js';
import { answers } from './contract.js';

// The request schema is the ticket forms' own (one per category, ticket-schemas.ts), so it stays there.

export type SubmitTicketResponse = { ticketId: string; number: string; isDuplicate: boolean };

/** Files a ticket (idempotent per requestId); any signed-in user, in the categories they may file. */
export const submitTicket = answers<SubmitTicketResponse>()({
  request: ticketSubmissionSchema,
  failure: 'tickets.errors.submitFailed',
  invalid: 'Invalid ticket',
});
