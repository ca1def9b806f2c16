import { MAX_FILES, type StoredAttachment, type TicketSubmission } from '@domain';
import type { CallableFailure } from '../../lib/callable-failure';
import {
  OUTBOX_STATUSES,
  type OutboxFile as GenericOutboxFile,
  type OutboxRecord,
  type OutboxRefusal,
  type OutboxStatus,
  areOutboxFiles,
  filesOf,
  refusalOf as genericRefusalOf,
  isConnectionFailure,
  isRecordObject,
  toOutboxFiles,
} from '../../lib/outbox/outbox-record';

// A ticket waiting on the device for a connection (the outbox), and the decisions about it: which
// failures of "Submit ticket" mean "no connection" (keep it and send it later) and which are the
// server's refusal (show the reason on the entry). The entry keeps the submission with its request
// id, so sending it again can only ever create the one ticket (the server is idempotent per
// account and request id).

export const OUTBOX_VERSION = 1;

export type { OutboxRefusal, OutboxStatus };

/** A file of the ticket; `stored`: where it went in Storage (not yet recorded on the ticket). */
export type OutboxFile = GenericOutboxFile<StoredAttachment>;

export type OutboxEntry = OutboxRecord & {
  version: typeof OUTBOX_VERSION;
  submission: TicketSubmission;
  files: OutboxFile[];
  /** Set once the server created the ticket (files may still be on their way). */
  ticket?: { ticketId: string; number: string };
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
    files: toOutboxFiles(files.slice(0, MAX_FILES)),
    status: 'waiting',
    attempts: 0,
  };
}

/**
 * The entry `record` holds when it is an outbox entry of account `uid` in the current shape; null
 * otherwise (another account's, an older shape, a damaged record are never sent or shown).
 */
export function readOutboxEntry(record: unknown, uid: string): OutboxEntry | null {
  if (!isRecordObject(record) || record.version !== OUTBOX_VERSION || record.uid !== uid) return null;
  const { id, queuedAt, submission, files, status } = record;
  if (typeof id !== 'string' || typeof queuedAt !== 'number' || !isRecordObject(submission)) return null;
  if (submission.requestId !== id || typeof submission.category !== 'string') return null;
  if (!areOutboxFiles(files) || !OUTBOX_STATUSES.includes(status as OutboxStatus)) return null;
  return record as OutboxEntry;
}

/** The entry's files as File objects again (to upload, or to put back into a form). */
export const outboxFiles = (entry: OutboxEntry): File[] => filesOf(entry.files);

export { isConnectionFailure };

/**
 * The reason shown on an entry the server refused, from the submitTicket failure as call() read
 * it; null when the failure is no refusal (the entry keeps waiting).
 */
export const refusalOf = (failure: CallableFailure): OutboxRefusal | null =>
  genericRefusalOf(failure, 'tickets.form.invalid');
