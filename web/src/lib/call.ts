import type { CallableName, CallableInputOf, CallableResponseOf } from '@domain/callables';
import { callableErrorOf } from './callable-keys';
import { isOnline, reportConnection } from './connectivity';
import { firebaseApp } from './firebase';
import { startAppCheck } from './firebase-app-check';
import { functions } from './firebase-data';

// The one client of the callable functions, typed from the contract table
// (functions/src/domain/callables.ts): `call('assignTicket', request)` with a wrong name or a
// wrong request does not compile, and the answer has the callable's type. Only the types come
// from the table, so no schema code reaches the bundle; the Functions SDK loads on the first call.

/** The request argument: optional for callables whose every request field has a default. */
type RequestArgs<N extends CallableName> =
  undefined extends CallableInputOf<N> ? [request?: CallableInputOf<N>] : [request: CallableInputOf<N>];

/**
 * The request as the callable should receive it: the Functions SDK sends an `undefined` field as
 * `null`, and a schema's optional field takes undefined, not null (an untouched optional number in a
 * ticket form was refused as "not a number"). Fields holding undefined are left out, in nested plain
 * objects too; other values are kept as they are.
 */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutUndefined(item)) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) {
    return value;
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([key, field]) => [key, withoutUndefined(field)]),
  ) as T;
}

/**
 * Client timeouts longer than the SDK's 70 s, for callables that may take longer on the server:
 * updateWorker waits for a slow work board (monday.com) up to its 300 s server timeout.
 */
const CALL_TIMEOUTS_MS: Partial<Record<CallableName, number>> = { updateWorker: 310_000 };

/** The httpsCallable options of callable `name`: a longer timeout where it needs one. */
export function callOptionsOf(name: CallableName): { timeout: number } | undefined {
  const timeout = CALL_TIMEOUTS_MS[name];
  return timeout === undefined ? undefined : { timeout };
}

/** The Functions SDK's error for a call that got no answer. */
const NO_CONNECTION = { code: 'functions/unavailable', message: 'unavailable' };

/**
 * Calls callable `name` and resolves with its answer. Rejects with a CallableError: the failure
 * mapped once from the SDK's error with the callable's keys (callable-keys.ts), so every screen reads
 * the same code, translation key, field errors and values.
 */
export async function call<N extends CallableName>(
  name: N,
  ...[request]: RequestArgs<N>
): Promise<CallableResponseOf<N>> {
  // Known to be offline: the failure the SDK would give, without loading its code. Chromium keeps a
  // dynamic import that failed for the page's life, so an SDK chunk first asked for offline would
  // fail every later call too, the outbox's included, until a reload.
  if (!isOnline()) throw callableErrorOf(name, NO_CONNECTION);
  try {
    // startAppCheck again: a no-op once started, a retry when it could not start before.
    const [instance, sdk] = await Promise.all([
      functions(),
      import('firebase/functions'),
      startAppCheck(firebaseApp()),
    ]);
    const result = await sdk.httpsCallable<CallableInputOf<N>, CallableResponseOf<N>>(
      instance,
      name,
      callOptionsOf(name),
    )(withoutUndefined(request ?? ({} as CallableInputOf<N>)));
    reportConnection(true);
    return result.data;
  } catch (error) {
    const failure = callableErrorOf(name, error);
    // A refusal is an answer; only a call that got none says anything about the connection.
    if (failure.source !== 'device') reportConnection(failure.source === 'server');
    throw failure;
  }
}
