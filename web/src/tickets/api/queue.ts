import {
  TICKET_QUEUE_CALLABLES,
  TICKET_QUEUE_ERRORS,
  type TicketQueueInput,
  type TicketQueueResponse,
} from '@domain';
import { callFunction } from '../../lib/firebase-data';

// The staff ticket queue (PROCESS_TICKETS): the listTicketQueue callable of
// functions/src/domain/ticket-queue.ts. The server checks the permission again.

/** One answer of the queue: the tickets oldest first, whether there are more, counts and sites. */
export function fetchTicketQueue(input: TicketQueueInput): Promise<TicketQueueResponse> {
  return callFunction<TicketQueueInput, TicketQueueResponse>(TICKET_QUEUE_CALLABLES.list, input);
}

/** Why a queue call failed: the short callable code and the translation key to show. */
export type QueueFailure = { code: string; messageKey: string };

type CallableErrorLike = { code?: unknown; message?: unknown };

const QUEUE_KEY = /^tickets\.queue\.errors\.[A-Za-z]+$/;

/** Shown when the device has no connection to the server. */
export const QUEUE_NO_CONNECTION = 'tickets.queue.errors.noConnection';

/**
 * Maps a callable error to what the queue shows: the server's own `tickets.queue.errors.*` key,
 * "no connection", "not allowed", or `fallbackKey` (by default "the queue could not be loaded").
 */
export function toQueueFailure(
  error: unknown,
  fallbackKey: string = TICKET_QUEUE_ERRORS.loadFailed,
): QueueFailure {
  const { code, message } = (error ?? {}) as CallableErrorLike;
  const shortCode = typeof code === 'string' ? code.replace(/^functions\//, '') : 'unknown';
  if (typeof message === 'string' && QUEUE_KEY.test(message)) return { code: shortCode, messageKey: message };
  if (shortCode === 'unavailable' || shortCode === 'deadline-exceeded') {
    return { code: shortCode, messageKey: QUEUE_NO_CONNECTION };
  }
  if (shortCode === 'permission-denied')
    return { code: shortCode, messageKey: TICKET_QUEUE_ERRORS.forbidden };
  return { code: shortCode, messageKey: fallbackKey };
}
