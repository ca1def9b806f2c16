import { useCallback, useEffect, useState } from 'react';

export type CallResult<Response> = {
  /**
   * The answer; during a reload (or, with keepStale, another request) and after a failed reload,
   * the last good one. Null before the first answer.
   */
  data: Response | null;
  /** True until the answer to the current request (and attempt) arrives. */
  isLoading: boolean;
  /** Why the current request failed, or null. */
  error: unknown;
  /** Asks again: the Retry button, and the reload after a change. */
  reload: () => void;
};

type Settled<Response> = { key: string; data: Response | null; error: unknown };
type Answer<Response> = { requestKey: string; data: Response };

export type CallResultOptions = {
  /** Keep showing the answer to the previous request while the next one loads (list filters). */
  keepStale?: boolean;
};

/**
 * The answer of a callable for a request (null: nothing to ask yet). Asks again whenever the
 * request changes or reload() is called; a late answer to an older request is dropped. The last
 * good answer stays visible during a reload, so a page does not blink after a change.
 */
export function useCallResult<Request, Response>(
  call: (request: Request) => Promise<Response>,
  request: Request | null,
  { keepStale = false }: CallResultOptions = {},
): CallResult<Response> {
  const requestKey = request === null ? null : JSON.stringify(request);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<Response> | null>(null);
  const [answer, setAnswer] = useState<Answer<Response> | null>(null);
  const key = requestKey === null ? null : `${attempt}:${requestKey}`;

  useEffect(() => {
    if (key === null || requestKey === null) return undefined;
    let isCurrent = true;
    call(JSON.parse(requestKey) as Request).then(
      (data) => {
        if (!isCurrent) return;
        setSettled({ key, data, error: null });
        setAnswer({ requestKey, data });
      },
      (error: unknown) => {
        if (isCurrent) setSettled({ key, data: null, error: error ?? new Error('call failed') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [call, key, requestKey]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = settled !== null && settled.key === key ? settled : null;
  const previous = answer && (keepStale || answer.requestKey === requestKey) ? answer.data : null;
  return {
    data: current?.data ?? previous,
    isLoading: key !== null && current === null,
    error: current?.error ?? null,
    reload,
  };
}
