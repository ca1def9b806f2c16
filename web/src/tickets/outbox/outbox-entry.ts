import { MAX_FILES, type StoredAttachment, type TicketSubmission } from '@domain';
import { type CallableFailure, isCallableError } from '../../lib/callable-failure';

// A ticket waiting on the device for a connection (the outbox), and the decisions about it: which
// failures of "Submit ticket" mean "no connection" (keep it and send it later) and which are the
// server's refusal (show the reason on the entry). The entry keeps the submission with its request
// id, so sending it again can only ever create the one ticket (the server is idempotent per
// account and request id).

export const OUTBOX_VERSION = 1;

/** waiting: not sent yet; sending: a tab is sending it now; refused: the server said no (reason kept). */
export type OutboxStatus = 'waiting' | 'sending' | 'refused';

export type OutboxFile = {
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
  /** Where the file went in Storage once uploaded (not yet recorded on the ticket). */
  stored?: StoredAttachment;
};

/** Why the server refused an entry: a translation key and its values. */
export type OutboxRefusal = { key: string; values?: Record<string, string | number> };

export type OutboxEntry = {
  version: typeof OUTBOX_VERSION;
  /** The submission's request id; also the entry's key. */
  id: string;
  uid: string;
  /** When the worker tapped "Submit ticket", in ms since the epoch. */
  queuedAt: number;
  submission: TicketSubmission;
  files: OutboxFile[];
  status: OutboxStatus;
  /** Set once the server created the ticket (files may still be on their way). */
  ticket?: { ticketId: string; number: string };
  refusal?: OutboxRefusal;
  /** Sending attempts that reached no server. */
  attempts: number;
};

/** The entry for a submission the worker just made with no connection. */
export function toOutboxEntry(
  uid: string,
  submission: TicketSubmission,
  files: readonly File[],
  queuedAt: number,
): OutboxEntry {
  return {
    version: OUTBOX_VERSION,
    id: submission.requestId,
    uid,
    queuedAt,
    submission,
    files: files.slice(0, MAX_FILES).map((file) => ({
      name: file.name,
      type: file.type,
      lastModified: file.lastModified,
      blob: file,
    })),
    status: 'waiting',
    attempts: 0,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const STATUSES: readonly OutboxStatus[] = ['waiting', 'sending', 'refused'];

/**
 * The entry `record` holds when it is an outbox entry of account `uid` in the current shape; null
 * otherwise (another account's, an older shape, a damaged record are never sent or shown).
 */
export function readOutboxEntry(record: unknown, uid: string): OutboxEntry | null {
  if (!isRecord(record) || record.version !== OUTBOX_VERSION || record.uid !== uid) return null;
  const { id, queuedAt, submission, files, status } = record;
  if (typeof id !== 'string' || typeof queuedAt !== 'number' || !isRecord(submission)) return null;
  if (submission.requestId !== id || typeof submission.category !== 'string') return null;
  if (!Array.isArray(files) || !STATUSES.includes(status as OutboxStatus)) return null;
  if (!files.every((file) => isRecord(file) && typeof file.name === 'string' && file.blob instanceof Blob))
    return null;
  return record as OutboxEntry;
}

/** The entry's files as File objects again (to upload, or to put back into a form). */
export function outboxFiles(entry: OutboxEntry): File[] {
  return entry.files.map(
    ({ name, type, lastModified, blob }) => new File([blob], name, { type, lastModified }),
  );
}

/**
 * Whether a failed "Submit ticket" reached no server: the device is offline, or the call got no
 * answer (call() says so: no connection, a timeout, a failed fetch), or the sign-in token could not
 * be refreshed for lack of network. Then the ticket waits in the outbox; it is safe to send again
 * even if the server did get it, since the request id makes the second call return the same ticket.
 */
export function isConnectionFailure(error: unknown, isOnline: boolean): boolean {
  if (!isOnline) return true;
  if (isCallableError(error)) return error.source === 'network';
  return (error as { code?: unknown } | null)?.code === 'auth/network-request-failed';
}

/**
 * The reason shown on an entry the server refused, from the submitTicket failure as call() read
 * it; null when the failure is no refusal (the entry keeps waiting).
 */
export function refusalOf(failure: CallableFailure): OutboxRefusal | null {
  switch (failure.code) {
    case 'unavailable':
    case 'deadline-exceeded':
    case 'unauthenticated':
      return null;
    case 'invalid-argument': {
      // The server's message for the first field it refused says what to change.
      const first = Object.values(failure.fields)[0];
      return { key: typeof first === 'string' && first ? first : 'tickets.form.invalid' };
    }
    default:
      return failure.values
        ? { key: failure.messageKey, values: failure.values }
        : { key: failure.messageKey };
  }
}
