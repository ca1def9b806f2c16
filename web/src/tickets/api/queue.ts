import { TICKET_QUEUE_ERRORS, type TicketQueueInput, type TicketQueueResponse } from '@domain';
import { type CallableFailure, toCallableFailure } from '../../lib/callable-failure';
import { call } from '../../lib/call';

// The staff ticket queue (PROCESS_TICKETS): the listTicketQueue callable of
// functions/src/domain/ticket-queue.ts. The server checks the permission again.

/** One answer of the queue: the tickets oldest first, whether there are more, counts and sites. */
export function fetchTicketQueue(input: TicketQueueInput): Promise<TicketQueueResponse> {
  return call('listTicketQueue', input);
}

/** Why a queue call failed: the short callable code and the translation key to show. */
export type QueueFailure = CallableFailure;

/** Shown when the device has no connection to the server. */
export const QUEUE_NO_CONNECTION = 'tickets.queue.errors.noConnection';

const QUEUE_FAILURE_KEYS = {
  own: /^tickets\.queue\.errors\.[A-Za-z]+$/,
  noConnection: QUEUE_NO_CONNECTION,
  forbidden: TICKET_QUEUE_ERRORS.forbidden,
};

/**
 * Maps a callable error to what the queue shows: the server's own `tickets.queue.errors.*` key,
 * "no connection", "not allowed", or `fallbackKey` (by default "the queue could not be loaded").
 */
export function toQueueFailure(
  error: unknown,
  fallbackKey: string = TICKET_QUEUE_ERRORS.loadFailed,
): QueueFailure {
  return toCallableFailure(error, fallbackKey, QUEUE_FAILURE_KEYS);
}
