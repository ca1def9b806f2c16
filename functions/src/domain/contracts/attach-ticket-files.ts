import { type StoredAttachment, attachFilesSchema } from '../ticket-schemas.js';
import { answers } from './contract.js';

// The request schema stays in ticket-schemas.ts, beside the attachment schemas it is made of.

export type AttachTicketFilesResponse = { attachments: StoredAttachment[] };

/** Adds uploaded files to a ticket; only the ticket's owner, while it is not paid, rejected or archived. */
export const attachTicketFiles = answers<AttachTicketFilesResponse>()({
  request: attachFilesSchema,
  failure: 'tickets.errors.attachFailed',
  invalid: 'Invalid files',
});
