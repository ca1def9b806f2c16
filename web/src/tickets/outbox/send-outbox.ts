import type { StoredAttachment, TicketSubmission } from '@domain';
import type { SubmitTicketResponse } from '@domain/callables';
import { isCallableError } from '../../lib/callable-failure';
import { callableErrorOf } from '../../lib/callable-keys';
import { type OutboxEntry, isConnectionFailure, outboxFiles, refusalOf } from './outbox-entry';
import {
  type OutboxStore,
  announceOutboxChange,
  listOutbox,
  markOutboxEntrySending,
  saveOutboxEntry,
} from './outbox-store';

// Sends the tickets waiting in the outbox, oldest first, one tab at a time (Web Locks), each
// exactly once: the submission goes with its own request id, so a call that reached the server
// before the connection dropped returns the same ticket the second time. Then its files are
// uploaded (each remembered once stored, so a retry uploads only the rest) and recorded on the
// ticket. A connection failure stops the round (the rest would fail too) and leaves the entry
// waiting; a refusal by the server marks the entry with the reason.

export type OutboxSendDeps = {
  store: OutboxStore;
  submit: (submission: TicketSubmission) => Promise<SubmitTicketResponse>;
  upload: (uid: string, ticketId: string, file: File) => Promise<StoredAttachment>;
  attach: (ticketId: string, files: StoredAttachment[]) => Promise<unknown>;
  isOnline: () => boolean;
};

export type OutboxSendReport = {
  /** Tickets created (with all their files) in this round. */
  sent: { ticketId: string; number: string }[];
  /** Entries the server refused in this round. */
  refused: OutboxEntry[];
  /** Whether entries still wait for a connection. */
  isWaiting: boolean;
};

type Step =
  | { kind: 'sent'; ticket: { ticketId: string; number: string } }
  | { kind: 'refused'; entry: OutboxEntry }
  | { kind: 'noConnection' };

const STORAGE_REFUSALS = new Set([
  'storage/unauthorized',
  'storage/invalid-argument',
  'storage/quota-exceeded',
]);

/** Whether an upload or attach failure is the server's final word on the files (not the network). */
function isFilesRefusal(error: unknown, isOnline: boolean): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && STORAGE_REFUSALS.has(code)) return true;
  return isCallableError(error) && error.source === 'server' && !isConnectionFailure(error, isOnline);
}

/** Sends one entry, already marked as being sent (so nobody cancels it meanwhile). */
async function sendEntry(start: OutboxEntry, deps: OutboxSendDeps): Promise<Step> {
  const { store } = deps;
  let entry = start;
  const keepWaiting = async (): Promise<Step> => {
    await saveOutboxEntry(store, { ...entry, status: 'waiting', attempts: entry.attempts + 1 });
    return { kind: 'noConnection' };
  };
  const refuse = async (refusal: OutboxEntry['refusal']): Promise<Step> => {
    const refused: OutboxEntry = { ...entry, status: 'refused', refusal };
    await saveOutboxEntry(store, refused);
    return { kind: 'refused', entry: refused };
  };

  let ticket = entry.ticket;
  if (!ticket) {
    try {
      const created = await deps.submit(entry.submission);
      ticket = { ticketId: created.ticketId, number: created.number };
      entry = { ...entry, ticket };
      await saveOutboxEntry(store, entry);
    } catch (error) {
      const failure = callableErrorOf('submitTicket', error);
      if (isConnectionFailure(failure, deps.isOnline())) return keepWaiting();
      const refusal = refusalOf(failure);
      return refusal ? refuse(refusal) : keepWaiting();
    }
  }
  const { ticketId, number } = ticket;

  const files = outboxFiles(entry);
  for (const [index, file] of files.entries()) {
    if (entry.files[index]?.stored) continue;
    try {
      const stored = await deps.upload(entry.uid, ticketId, file);
      entry = { ...entry, files: entry.files.map((kept, at) => (at === index ? { ...kept, stored } : kept)) };
      await saveOutboxEntry(store, entry);
    } catch (error) {
      if (isFilesRefusal(error, deps.isOnline()))
        return refuse({ key: 'tickets.outbox.filesRefused', values: { number } });
      return keepWaiting();
    }
  }
  const stored = entry.files.flatMap((file) => (file.stored ? [file.stored] : []));
  if (stored.length > 0) {
    try {
      await deps.attach(ticketId, stored);
    } catch (error) {
      if (isFilesRefusal(callableErrorOf('attachTicketFiles', error), deps.isOnline()))
        return refuse({ key: 'tickets.outbox.filesRefused', values: { number } });
      return keepWaiting();
    }
  }
  await store.delete(entry.id);
  announceOutboxChange();
  return { kind: 'sent', ticket };
}

/**
 * One round of sending the account's outbox in this tab. Entries marked refused wait for the
 * worker (try again, edit or remove); an entry left "sending" by a tab that closed mid-way is sent
 * again (safely: same request id, files already stored are not uploaded twice).
 */
export async function sendOutboxRound(uid: string, deps: OutboxSendDeps): Promise<OutboxSendReport> {
  const report: OutboxSendReport = { sent: [], refused: [], isWaiting: false };
  for (const listed of await listOutbox(deps.store, uid)) {
    if (listed.status === 'refused') continue;
    if (!deps.isOnline()) {
      report.isWaiting = true;
      break;
    }
    // Marked afresh: the worker may have cancelled it since the list was read.
    const entry = await markOutboxEntrySending(deps.store, uid, listed.id);
    if (!entry) continue;
    const step = await sendEntry(entry, deps);
    if (step.kind === 'noConnection') {
      report.isWaiting = true;
      break;
    }
    if (step.kind === 'refused') report.refused.push(step.entry);
    else report.sent.push(step.ticket);
  }
  return report;
}
