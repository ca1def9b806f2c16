import { type StoredAttachment, ticketFilesFolder } from '@domain';
import { storage } from '../../lib/firebase-data';

// The uploads of the new-ticket screen to Storage, and its request id. The ticket goes with
// call('submitTicket'), and call('attachTicketFiles') checks and records the uploaded files on
// the server.

/** A Storage object name that keeps the original name readable and never collides. */
function objectName(file: File): string {
  const safe = file.name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(-80) || 'file';
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${safe}`;
}

/**
 * Uploads one attachment to the ticket's folder, reporting progress from 0 to 100. The server
 * still has to accept it (attachTicketFiles) before it shows on the ticket.
 */
export function uploadTicketFile(
  uid: string,
  ticketId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<StoredAttachment> {
  return uploadFileTo(ticketFilesFolder(uid, ticketId), file, onProgress);
}

/**
 * Uploads one file into `folder` (ending in `/`) under a fresh name, reporting progress. A photo is
 * shrunk first (long side 1,600 px, JPEG, without its location: lib/images/compress-image.ts), so a
 * phone photo of several megabytes leaves as a few hundred kilobytes; any other file goes as it is.
 */
export async function uploadFileTo(
  folder: string,
  picked: File,
  onProgress: (percent: number) => void,
): Promise<StoredAttachment> {
  // Loaded with the upload (like the Storage SDK), so the pages carry it only once a file goes.
  const [bucket, sdk, { file }] = await Promise.all([
    storage(),
    import('firebase/storage'),
    import('../../lib/images/compress-image').then(({ compressImage }) =>
      compressImage(picked, { keepLocation: false }),
    ),
  ]);
  const path = `${folder}${objectName(file)}`;
  const contentType = file.type || 'application/octet-stream';
  const task = sdk.uploadBytesResumable(sdk.ref(bucket, path), file, { contentType });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => {
        const total = snapshot.totalBytes || 1;
        onProgress(Math.round((snapshot.bytesTransferred / total) * 100));
      },
      reject,
      () => resolve(),
    );
  });
  return { name: file.name, size: file.size, contentType, path };
}

/** A request id for one submission; kept across retries so a ticket is created once. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
