import { z } from 'zod';
import { MAX_FILES } from '../constants.js';
import { hasVisibleText, requestIdSchema, storedAttachmentSchema } from '../ticket-schemas.js';
import { TICKET_PROCESSING_ERRORS, UPDATE_TEXT_MAX_CHARS } from '../ticket-workflow.js';
import { answers, ticketIdSchema } from './contract.js';

/** Text and uploaded files; `requestId` makes a retry return the first update. */
export const addTicketUpdateSchema = z.object({
  requestId: requestIdSchema,
  ticketId: ticketIdSchema,
  text: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(UPDATE_TEXT_MAX_CHARS, `validation.maxChars:${UPDATE_TEXT_MAX_CHARS}`)
    .refine(hasVisibleText, 'validation.required'),
  attachments: z.array(storedAttachmentSchema).max(MAX_FILES, 'validation.maxFiles').default([]),
});
export type AddTicketUpdateRequest = z.infer<typeof addTicketUpdateSchema>;
export type AddTicketUpdateInput = z.input<typeof addTicketUpdateSchema>;

export type AddTicketUpdateResponse = { ticketId: string; updateId: string; isDuplicate: boolean };

/** Adds a message with files to a ticket; PROCESS_TICKETS unless archived, or the owner while it is open. */
export const addTicketUpdate = answers<AddTicketUpdateResponse>()({
  request: addTicketUpdateSchema,
  failure: TICKET_PROCESSING_ERRORS.updateFailed,
  invalid: 'Invalid update',
});
