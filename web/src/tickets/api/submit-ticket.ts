import { type StoredAttachment, type TicketSubmission, ticketFilesFolder } from '@domain';
import type { SubmitTicketResponse } from '@domain/callables';
import { tooManyRequestsValues } from '../../lib/callable-failure';
import { call } from '../../lib/call';
import { storage } from '../../lib/firebase-data';

// Every write of the new-ticket screen: the submitTicket callable, the uploads to Storage and
// the attachTicketFiles callable that checks and records them on the server.

export type { SubmitTicketResponse } from '@domain/callables';

export function submitTicket(payload: TicketSubmission): Promise<SubmitTicketResponse> {
  return call('submitTicket', payload);
}

/** Why a submission failed, in the terms the form reacts to. */
export type SubmitFailure =
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'forbidden' }
  | { kind: 'periodTaken' }
  | { kind: 'offline' }
  | { kind: 'unauthenticated' }
  /** Over the account's hourly limit: `values.count` is the minutes to wait. */
  | { kind: 'tooManyRequests'; values: { count: number } }
  | { kind: 'other' };

type CallableErrorLike = { code?: unknown; message?: unknown; details?: unknown };

/** Maps a callable error (FunctionsError: code `functions/<code>`, details) to a SubmitFailure. */
export function toSubmitFailure(error: unknown): SubmitFailure {
  const { code, message, details } = (error ?? {}) as CallableErrorLike;
  const shortCode = typeof code === 'string' ? code.replace(/^functions\//, '') : '';
  switch (shortCode) {
    case 'invalid-argument': {
      const fields = (details as { fields?: unknown } | undefined)?.fields;
      const isRecord = fields !== null && typeof fields === 'object';
      return { kind: 'invalid', fields: isRecord ? (fields as Record<string, string>) : {} };
    }
    case 'permission-denied':
      return { kind: 'forbidden' };
    case 'failed-precondition':
      return message === 'tickets.presalary.periodTaken' ? { kind: 'periodTaken' } : { kind: 'other' };
    case 'unavailable':
    case 'deadline-exceeded':
      return { kind: 'offline' };
    case 'unauthenticated':
      return { kind: 'unauthenticated' };
    case 'resource-exhausted':
      return { kind: 'tooManyRequests', values: tooManyRequestsValues(error) ?? { count: 1 } };
    default:
      return { kind: 'other' };
  }
}

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

/** Uploads one file into `folder` (ending in `/`) under a fresh name, reporting progress. */
export async function uploadFileTo(
  folder: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<StoredAttachment> {
  const [bucket, sdk] = await Promise.all([storage(), import('firebase/storage')]);
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

export function attachTicketFiles(ticketId: string, files: StoredAttachment[]) {
  return call('attachTicketFiles', { ticketId, files });
}

/** A request id for one submission; kept across retries so a ticket is created once. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
