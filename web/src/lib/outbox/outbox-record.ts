import { isCallableError } from '../callable-failure';
import type { CallableFailure } from '../callable-failure';

// What every outbox on the device shares (the tickets' and the danger reports'): a record of
// something the worker sent with no connection, waiting on the phone until it can go, with its
// files as Blobs; and the decisions about a failed attempt: "no connection" (keep it, send it
// later) or the server's refusal (keep the reason on the record and show it).

/** waiting: not sent yet; sending: a tab is sending it now; refused: the server said no (reason kept). */
export type OutboxStatus = 'waiting' | 'sending' | 'refused';

export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['waiting', 'sending', 'refused'];

/** A file kept with a record, and where it went in Storage once uploaded. */
export type OutboxFile<Stored = { path: string }> = {
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
  stored?: Stored;
};

/** Why the server refused a record: a translation key and its values. */
export type OutboxRefusal = { key: string; values?: Record<string, string | number> };

/** The fields the outbox machinery reads on every record. */
export type OutboxRecord = {
  /** The request id the record is sent with; also its key in the store. */
  id: string;
  uid: string;
  /** When the worker tapped "send", in ms since the epoch. */
  queuedAt: number;
  status: OutboxStatus;
  refusal?: OutboxRefusal;
  /** Sending attempts that reached no server. */
  attempts: number;
};

export const isRecordObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `files` is a list of kept files, each with its name and Blob. */
export const areOutboxFiles = (files: unknown): files is OutboxFile<unknown>[] =>
  Array.isArray(files) &&
  files.every((file) => isRecordObject(file) && typeof file.name === 'string' && file.blob instanceof Blob);

/** The files to keep with a record: name, type and date kept, the content as a Blob. */
export const toOutboxFiles = (files: readonly File[]): OutboxFile<never>[] =>
  files.map((file) => ({ name: file.name, type: file.type, lastModified: file.lastModified, blob: file }));

/** A record's files as File objects again (to upload, or to put back into a form). */
export const filesOf = (files: readonly OutboxFile<unknown>[]): File[] =>
  files.map(({ name, type, lastModified, blob }) => new File([blob], name, { type, lastModified }));

/**
 * Whether a failed call reached no server: the device is offline, or the call got no answer
 * (call() says so: no connection, a timeout, a failed fetch), or the sign-in token could not be
 * refreshed for lack of network. Then the record waits; it is safe to send again even if the
 * server did get it, since its request id makes the second call answer the same thing.
 */
export function isConnectionFailure(error: unknown, isOnline: boolean): boolean {
  if (!isOnline) return true;
  if (isCallableError(error)) return error.source === 'network';
  return (error as { code?: unknown } | null)?.code === 'auth/network-request-failed';
}

/**
 * The reason kept on a record the server refused, from the failure as call() read it
 * (`invalidKey` when the server named no field's reason); null when the failure is no refusal
 * (the record keeps waiting).
 */
export function refusalOf(failure: CallableFailure, invalidKey: string): OutboxRefusal | null {
  switch (failure.code) {
    case 'unavailable':
    case 'deadline-exceeded':
    case 'unauthenticated':
      return null;
    case 'invalid-argument': {
      // The server's message for the first field it refused says what to change.
      const first = Object.values(failure.fields)[0];
      return { key: typeof first === 'string' && first ? first : invalidKey };
    }
    default:
      return failure.values
        ? { key: failure.messageKey, values: failure.values }
        : { key: failure.messageKey };
  }
}

const STORAGE_REFUSALS = new Set([
  'storage/unauthorized',
  'storage/invalid-argument',
  'storage/quota-exceeded',
]);

/** Whether an upload (or a call recording it) failed for good: Storage or the server said no. */
export function isFilesRefusal(error: unknown, isOnline: boolean): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && STORAGE_REFUSALS.has(code)) return true;
  return isCallableError(error) && error.source === 'server' && !isConnectionFailure(error, isOnline);
}
