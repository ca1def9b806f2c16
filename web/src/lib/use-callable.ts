import type { CallableInputOf, CallableName, CallableResponseOf } from '@domain/callables';
import { useMemo } from 'react';
import { call } from './call';
import type { CallableFailure } from './callable-failure';
import { callableErrorOf } from './callable-keys';
import { type AsyncOptions, type AsyncResult, useAsync } from './use-async';

/** A callable's answer as a screen waits for it (useAsync), with its failure as call() mapped it. */
export type CallableRead<N extends CallableName> = AsyncResult<CallableInputOf<N>, CallableResponseOf<N>> & {
  /** Why the current request failed (code, translation key, field errors, values), or null. */
  failure: CallableFailure | null;
};

type Load = (request: unknown) => Promise<unknown>;

/** One stable load per callable, as useAsync wants it. */
const loads = new Map<CallableName, Load>();

function loadOf(name: CallableName): Load {
  let load = loads.get(name);
  if (!load) {
    const send = call as (callable: CallableName, request?: unknown) => Promise<unknown>;
    load = (request) => send(name, request);
    loads.set(name, load);
  }
  return load;
}

/**
 * The answer of callable `name` for `request` (null: nothing to ask yet): asks again when the
 * request changes or on reload(), as useAsync does; `failure` is the CallableFailure of the last
 * attempt.
 */
export function useCallableRead<N extends CallableName>(
  name: N,
  request: CallableInputOf<N> | null,
  options?: AsyncOptions,
): CallableRead<N> {
  const result = useAsync(
    loadOf(name) as (request: CallableInputOf<N>) => Promise<CallableResponseOf<N>>,
    request,
    options,
  );
  const { error } = result;
  const failure = useMemo(() => (error === null ? null : callableErrorOf(name, error)), [name, error]);
  return { ...result, failure };
}
