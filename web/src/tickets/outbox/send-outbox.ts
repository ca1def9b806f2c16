import type { StoredAttachment, TicketSubmission } from '@domain';
import type { SubmitTicketResponse } from '@domain/callables';
import { callableErrorOf } from '../../lib/callable-keys';
import { isFilesRefusal } from '../../lib/outbox/outbox-record';
import { type OutboxEntry, isConnectionFailure, outboxFiles, refusalOf } from './outbox-entry';
import { type RecordStep, sendRound } from '../../lib/outbox/record-store';
import { type OutboxStore, announceOutboxChange, outboxKit, saveOutboxEntry } from './outbox-store';

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

type Step = RecordStep<OutboxEntry, { ticketId: string; number: string }>;

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
    return { kind: 'refused', record: refused };
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
  return { kind: 'sent', sent: ticket };
}

/**
 * One round of sending the account's outbox in this tab (lib/outbox/record-store.ts, sendRound):
 * refused entries wait for the worker; an entry left "sending" by a tab that closed mid-way is sent
 * again (safely: same request id, files already stored are not uploaded twice).
 */
export const sendOutboxRound = (uid: string, deps: OutboxSendDeps): Promise<OutboxSendReport> =>
  sendRound(outboxKit, deps.store, uid, deps.isOnline, (entry) => sendEntry(entry, deps));
