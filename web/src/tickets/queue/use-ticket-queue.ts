import type { TicketQueueInput, TicketQueueResponse } from '@domain';
import { useCallback, useEffect, useState } from 'react';
import { fetchTicketQueue } from '../api/queue';

export type TicketQueueState = {
  /**
   * The answer to the current request; while another request or a reload is on its way, and after
   * it failed, the last good answer, so the shown rows stay ("show more" keeps them). Null before
   * the first answer.
   */
  data: TicketQueueResponse | null;
  /** The request `data` answers (it differs from the current one while that loads or failed). */
  dataRequest: TicketQueueInput | null;
  /** When `data` arrived (ms since the epoch): the ages of the tickets count to this moment. */
  receivedAt: number;
  /** True until the answer to the current request (and attempt) arrives. */
  isLoading: boolean;
  /** Why the current request failed, or null. */
  error: unknown;
  /** Asks again with the same request: Refresh, Retry and after a ticket was taken. */
  reload: () => void;
};

type Settled = { key: string; error: unknown };
type Answer = { requestKey: string; data: TicketQueueResponse; receivedAt: number };

/**
 * The queue for a request. Asks again whenever the request changes or reload() is called; a late
 * answer to an older request is dropped.
 */
export function useTicketQueue(request: TicketQueueInput): TicketQueueState {
  const requestKey = JSON.stringify(request);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key = `${attempt}:${requestKey}`;

  useEffect(() => {
    let isCurrent = true;
    fetchTicketQueue(JSON.parse(requestKey) as TicketQueueInput).then(
      (data) => {
        if (!isCurrent) return;
        setSettled({ key, error: null });
        setAnswer({ requestKey, data, receivedAt: Date.now() });
      },
      (error: unknown) => {
        if (isCurrent) setSettled({ key, error: error ?? new Error('listTicketQueue failed') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [key, requestKey]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = settled !== null && settled.key === key ? settled : null;
  return {
    data: answer?.data ?? null,
    dataRequest: answer ? (JSON.parse(answer.requestKey) as TicketQueueInput) : null,
    receivedAt: answer?.receivedAt ?? 0,
    isLoading: current === null,
    error: current?.error ?? null,
    reload,
  };
}
