import { invalidArgument } from '../errors.js';

import { type TicketAttachmentsDeps, createTicketAttachments, pathErrors } from './ticket-attachments.js';

import { defineCallable } from '../define-callable.js';

export type AttachTicketFilesDeps = TicketAttachmentsDeps;

/**
 * The attachTicketFiles callable: signed in -> payload valid -> every path in the caller's folder
 * of that ticket -> the ticket is the caller's and not paid, rejected or archived -> the files
 * exist and are within the limits -> append them.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (`files.N.path`
 * 'validation.filePath', `files` 'validation.maxFiles', `files.N.size` 'validation.fileTooLarge',
 * `files.N.contentType` 'validation.fileType'); `not-found` 'tickets.errors.notFound';
 * `permission-denied` 'tickets.errors.forbidden'; `failed-precondition`
 * 'tickets.errors.filesClosed', or 'tickets.errors.fileMissing' with `details.paths`; `internal` 'tickets.errors.attachFailed'.
 */
export function createAttachTicketFilesHandler(deps: AttachTicketFilesDeps) {
  const service = createTicketAttachments(deps);
  return defineCallable('attachTicketFiles', deps, {
    rateLimit: { operation: 'attachTicketFiles' },
    run: async ({ caller, input }) => {
      const outside = pathErrors(caller.uid, input);
      if (Object.keys(outside).length > 0) throw invalidArgument(outside, 'Invalid files');
      return { attachments: await service.attach(caller, input) };
    },
  });
}
