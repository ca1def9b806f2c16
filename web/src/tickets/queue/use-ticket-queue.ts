import type { TicketQueueInput, TicketQueueResponse } from '@domain';
import { type AsyncResult, useAsync } from '../../lib/use-async';
import { fetchTicketQueue } from '../api/queue';

/**
 * The queue for a request: `data` is the last good answer while another request or a reload is on
 * its way and after it failed, so the shown rows stay ("show more" keeps them); `receivedAt` is
 * the moment the ages of the tickets count to.
 */
export type TicketQueueState = AsyncResult<TicketQueueInput, TicketQueueResponse>;

/** The queue for a request; asks again when it changes or on reload(). */
export function useTicketQueue(request: TicketQueueInput): TicketQueueState {
  return useAsync(fetchTicketQueue, request, { keepStale: true });
}
