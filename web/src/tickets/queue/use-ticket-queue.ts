import type { TicketQueueInput } from '@domain';
import { type CallableRead, useCallableRead } from '../../lib/use-callable';

/**
 * The queue for a request: `data` is the last good answer while another request or a reload is on
 * its way and after it failed, so the shown rows stay ("show more" keeps them); `receivedAt` is
 * the moment the ages of the tickets count to; `failure` says why the current request failed.
 */
export type TicketQueueState = CallableRead<'listTicketQueue'>;

/** The queue for a request; asks again when it changes or on reload(). */
export function useTicketQueue(request: TicketQueueInput): TicketQueueState {
  return useCallableRead('listTicketQueue', request, { keepStale: true });
}
