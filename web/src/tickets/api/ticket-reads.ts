import { useCallback, useEffect, useState } from 'react';
import type { DocumentSnapshot, Unsubscribe } from 'firebase/firestore';
import { logger } from '../../lib/logger';
import { connect, toError } from './firestore-connection';
import {
  type ActivityEntry,
  type Ticket,
  type TicketUpdate,
  toActivityEntry,
  toTicket,
  toTicketUpdate,
} from './ticket-model';

/*
 * The reads of the ticket details page: one ticket live (onSnapshot) with its updates and activity
 * log, and its attachments as object URLs. The SDKs are imported on first use
 * (firebase-data.ts). The history list reads are in history-reads.ts.
 */

// --- one ticket ------------------------------------------------------------------------------

/**
 * A ticket with its updates and activity log. `notFound` and `denied` are told apart for the
 * record, but the screen shows both the same way: the rules deny a worker a ticket that does not
 * exist just as one that is not theirs, so telling them apart would say nothing true.
 */
export type TicketDetailsState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'denied' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; ticket: Ticket; updates: TicketUpdate[]; activity: ActivityEntry[] };

export type TicketDetailsResult = TicketDetailsState & {
  retry: () => void;
  /** True while the ticket, its updates or its activity log come from the device's offline cache. */
  isFromCache: boolean;
};

/** Ticket ids the app creates; anything else is not looked up at all. */
const TICKET_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const isPermissionDenied = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'permission-denied';

function watchTicket(ticketId: string, onChange: (state: TicketDetailsState, isFromCache: boolean) => void) {
  type DocState =
    | { kind: 'loading' }
    | { kind: 'exists'; ticket: Ticket }
    | { kind: 'missing' }
    | { kind: 'failed'; error: unknown };
  let ticket: DocState = { kind: 'loading' };
  let updates: TicketUpdate[] | null = null;
  let activity: ActivityEntry[] | null = null;
  let listError: unknown = null;
  let isDisposed = false;
  const unsubscribes: Unsubscribe[] = [];
  const fromCache = { ticket: false, updates: false, activity: false };

  let isReported = false;
  /**
   * Logs a failure once. A refused ticket is the expected answer for someone else's ticket ("not
   * found"); a refused update or activity list of a ticket the user may read is a rules bug.
   */
  function report(what: string, error: unknown) {
    if (isReported) return;
    isReported = true;
    const code = (error as { code?: unknown } | null)?.code;
    logger.error(`Ticket ${what} read failed (${typeof code === 'string' ? code : 'unknown'})`, error);
  }

  /** What the screen shows now, from the three listeners' latest answers. */
  function currentState(): TicketDetailsState {
    if (ticket.kind === 'failed' && !isPermissionDenied(ticket.error)) report('details', ticket.error);
    if (ticket.kind === 'exists' && listError !== null) report('updates or activity', listError);
    if (ticket.kind === 'failed') {
      return isPermissionDenied(ticket.error)
        ? { status: 'denied' }
        : { status: 'error', error: toError(ticket.error) };
    }
    if (ticket.kind === 'missing') return { status: 'notFound' };
    if (ticket.kind === 'loading') return { status: 'loading' };
    if (listError !== null) return { status: 'error', error: toError(listError) };
    if (updates === null || activity === null) return { status: 'loading' };
    return { status: 'ready', ticket: ticket.ticket, updates, activity };
  }

  function emit() {
    if (isDisposed) return;
    onChange(currentState(), fromCache.ticket || fromCache.updates || fromCache.activity);
  }

  connect().then(
    ({ db, sdk }) => {
      if (isDisposed) return;
      const ref = sdk.doc(db, 'tickets', ticketId);
      unsubscribes.push(
        sdk.onSnapshot(
          ref,
          // Metadata changes too: going offline and back flips fromCache without changing the ticket.
          { includeMetadataChanges: true },
          (snapshot: DocumentSnapshot) => {
            fromCache.ticket = snapshot.metadata.fromCache;
            const data = snapshot.data();
            if (data) ticket = { kind: 'exists', ticket: toTicket(snapshot.id, data) };
            // Offline, a ticket missing from the cache may still exist: wait for the server.
            else if (!snapshot.metadata.fromCache) ticket = { kind: 'missing' };
            emit();
          },
          (error) => {
            ticket = { kind: 'failed', error };
            emit();
          },
        ),
      );
      const ordered = (name: string) => sdk.query(sdk.collection(ref, name), sdk.orderBy('at', 'asc'));
      unsubscribes.push(
        sdk.onSnapshot(
          ordered('updates'),
          { includeMetadataChanges: true },
          (snapshot) => {
            fromCache.updates = snapshot.metadata.fromCache;
            updates = snapshot.docs.map((doc) => toTicketUpdate(doc.id, doc.data()));
            emit();
          },
          (error) => {
            listError = error;
            emit();
          },
        ),
        sdk.onSnapshot(
          ordered('activity'),
          { includeMetadataChanges: true },
          (snapshot) => {
            fromCache.activity = snapshot.metadata.fromCache;
            activity = snapshot.docs.map((doc) => toActivityEntry(doc.id, doc.data()));
            emit();
          },
          (error) => {
            listError = error;
            emit();
          },
        ),
      );
    },
    (error: unknown) => {
      ticket = { kind: 'failed', error };
      emit();
    },
  );

  return () => {
    isDisposed = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

/** The live ticket `ticketId` with its updates and activity log, oldest entries first. */
export function useTicket(ticketId: string | undefined): TicketDetailsResult {
  const id = ticketId && TICKET_ID_PATTERN.test(ticketId) ? ticketId : null;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    id: string;
    attempt: number;
    state: TicketDetailsState;
    isFromCache: boolean;
  } | null>(null);

  useEffect(() => {
    if (id === null) return undefined;
    return watchTicket(id, (state, isFromCache) => setResult({ id, attempt, state, isFromCache }));
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  if (id === null) return { status: 'notFound', retry, isFromCache: false };
  const current = result && result.id === id && result.attempt === attempt ? result : null;
  return { ...(current?.state ?? { status: 'loading' }), retry, isFromCache: current?.isFromCache ?? false };
}
