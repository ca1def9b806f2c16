// What the ticket-processing callables (status, assignment, updates, item confirmation)
// share: their dependencies, the staff access checks and the read of a stored ticket. What each
// of them decides lives in domain/operations; run-operation.ts writes it.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { TICKET_QUEUE_ERRORS } from '../../domain/index.js';
import {
  type StoredTicket,
  canProcessTickets,
  forbidden,
  storedTicketOf,
  ticketPath,
} from '../../domain/operations/ticket-state.js';
import type { FileInspector } from '../../storage/file-inspector.js';
import type { Caller } from '../caller.js';
import type { CallableLogger } from '../errors.js';
import { refusalError } from '../run-operation.js';

export { canProcessTickets };

export type ProcessTicketDeps = {
  db: Firestore;
  logger: CallableLogger;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
  /** What Storage holds; only addTicketUpdate needs it (for attachments). */
  files?: FileInspector;
};

/** The access check of the callables only staff may call (see defineCallable). */
export function staffOnly(caller: Caller): void {
  if (!canProcessTickets(caller)) throw refusalError(forbidden().refusal);
}

/** The access check of the queue callables: PROCESS_TICKETS, refused with the queue's own key. */
export function queueAccess(caller: Caller): void {
  if (!canProcessTickets(caller)) throw new HttpsError('permission-denied', TICKET_QUEUE_ERRORS.forbidden);
}

/** The ticket document of an id. */
export const ticketRef = (db: Firestore, ticketId: string) => db.doc(ticketPath(ticketId));

/** The stored ticket of an id as the operations read it, through the transaction; null when there is none. */
export async function readStoredTicket(
  db: Firestore,
  tx: Transaction,
  ticketId: string,
): Promise<StoredTicket | null> {
  const snapshot = await tx.get(ticketRef(db, ticketId));
  return storedTicketOf(snapshot.id, snapshot.data());
}
