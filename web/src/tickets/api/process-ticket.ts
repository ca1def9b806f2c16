import { type StoredAttachment, ticketFilesFolder, ticketUpdateFilesFolder } from '@domain';
import { uploadFileTo } from './submit-ticket';

// The upload of a ticket update's files, and its request id. The processing callables
// (changeTicketStatus, assignTicket, addTicketUpdate, confirmTicketItem, listTicketStaff) are called
// with call(); the server checks the permission and the transition again, and the screens only
// offer what it would accept.

/**
 * Uploads one file of an update: staff into the ticket's update folder, the ticket's owner into
 * their own ticket folder (the two folders storage.rules lets them write; see updateFileFolders).
 */
export function uploadUpdateFile(
  input: { ownerUid: string; ticketId: string; asStaff: boolean },
  file: File,
  onProgress: (percent: number) => void,
): Promise<StoredAttachment> {
  const folder = input.asStaff
    ? ticketUpdateFilesFolder(input.ownerUid, input.ticketId)
    : ticketFilesFolder(input.ownerUid, input.ticketId);
  return uploadFileTo(folder, file, onProgress);
}

/** A request id for one update; kept across retries so the update is added once. */
export function newUpdateRequestId(): string {
  return crypto.randomUUID();
}
