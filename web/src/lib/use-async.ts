import { useCallback, useEffect, useState } from 'react';

// The one hook for an answer the screen waits for (a callable's, or any other async read): the
// loading flag, the error, the last good answer and a retry, with late answers dropped. Screens
// and feature hooks use it instead of their own useState/useEffect pairs.

export type AsyncResult<Request, Response> = {
  /**
   * The answer; during a reload (or, with keepStale, another request) and after a failed reload,
   * the last good one. Null before the first answer.
   */
  data: Response | null;
  /** The request `data` answers (it differs from the current one while that loads or failed). */
  dataRequest: Request | null;
  /** When `data` arrived (ms since the epoch); 0 before the first answer. */
  receivedAt: number;
  /** True until the answer to the current request (and attempt) arrives. */
  isLoading: boolean;
  /** Why the current request failed, or null. */
  error: unknown;
  /** Asks again: the Retry button, and the reload after a change. */
  reload: () => void;
};

type Settled<Response> = { key: string; data: Response | null; error: unknown };
type Answer<Response> = { requestKey: string; data: Response; receivedAt: number };

export type AsyncOptions = {
  /** Keep showing the answer to the previous request while the next one loads (list filters). */
  keepStale?: boolean;
};

/** The request of a load that takes none. */
export const NO_REQUEST: Record<string, never> = {};

/**
 * The answer of `load` for a request (null: nothing to ask yet). Asks again whenever the request
 * (compared as JSON) changes or reload() is called; a late answer to an older request is dropped.
 * The last good answer stays visible during a reload, so a page does not blink after a change.
 * Keep `load` a stable (module-level) function.
 */
export function useAsync<Request, Response>(
  load: (request: Request) => Promise<Response>,
  request: Request | null,
  { keepStale = false }: AsyncOptions = {},
): AsyncResult<Request, Response> {
  const requestKey = request === null ? null : JSON.stringify(request);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<Response> | null>(null);
  const [answer, setAnswer] = useState<Answer<Response> | null>(null);
  const key = requestKey === null ? null : `${attempt}:${requestKey}`;

  useEffect(() => {
    if (key === null || requestKey === null) return undefined;
    let isCurrent = true;
    load(JSON.parse(requestKey) as Request).then(
      (data) => {
        if (!isCurrent) return;
        setSettled({ key, data, error: null });
        setAnswer({ requestKey, data, receivedAt: Date.now() });
      },
      (error: unknown) => {
        if (isCurrent) setSettled({ key, data: null, error: error ?? new Error('load failed') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [load, key, requestKey]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = settled !== null && settled.key === key ? settled : null;
  const shown = answer && (keepStale || answer.requestKey === requestKey) ? answer : null;
  return {
    data: current?.data ?? shown?.data ?? null,
    dataRequest: shown ? (JSON.parse(shown.requestKey) as Request) : null,
    receivedAt: shown?.receivedAt ?? 0,
    isLoading: key !== null && current === null,
    error: current?.error ?? null,
    reload,
  };
}
