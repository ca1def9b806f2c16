// The one shell of every callable: who is calling, what they sent, what went wrong. A handler
// file says only what is particular to its callable (who may call it, what it does); this file
// and the contract table (domain/callables.ts) say the rest, the same way for all of them.
import type { Firestore } from 'firebase-admin/firestore';
import { type CallableFunction, type CallableRequest, onCall } from 'firebase-functions/v2/https';
import type { SecretParam } from 'firebase-functions/params';
import {
  CALLABLES,
  type CallableRequestOf,
  type CallableName,
  type CallableResponseOf,
} from '../domain/callables.js';
import { FUNCTIONS_REGION } from '../domain/index.js';
import { enforceAppCheck } from './app-check.js';
import { type Caller, loadCaller } from './caller.js';
import { type CallableLogger, answerOrInternal, parseOrThrow, requireAuth } from './errors.js';
import type { RateLimitedOperation } from '../domain/rate-limits.js';
import { createRateLimiter } from './rate-limit.js';
import { logRefusals } from './refusal-log.js';

/**
 * What the shell itself needs: the caller's `users/{uid}` record, a logger and, for a limited
 * callable, the clock of the rate limiter (Date.now when not given).
 */
export type CallableShellDeps = { db: Firestore; logger: CallableLogger; now?: () => number };

/** One call as a handler sees it: the verified caller and the parsed request. */
export type CallableCall<Request> = {
  caller: Caller;
  input: Request;
  request: CallableRequest<unknown>;
};

export type CallableSpec<N extends CallableName, Request> = {
  /**
   * Refuses a caller before the request is read (throws, usually `permission-denied`), so a
   * caller without the right learns nothing about what a valid request looks like.
   */
  access?: (caller: Caller) => void;
  /** Reads the payload where the table's schema alone does not say it all; else the schema parses it. */
  parse?: (data: unknown) => Request;
  /**
   * The caller's limit (RATE_LIMITS[operation]), taken after the access check and the parsing, so
   * only well-formed calls of a caller who may make them count. `key` names an idempotent request
   * (its requestId): a retry of a counted request is not counted again.
   */
  rateLimit?: { operation: RateLimitedOperation; key?: (input: Request) => string };
  run: (call: CallableCall<Request>) => Promise<CallableResponseOf<N>>;
};

/** A callable handler, ready for `onCall`; tests call it with a CallableRequest. */
export type CallableHandler<N extends CallableName> = ((
  request: CallableRequest<unknown>,
) => Promise<CallableResponseOf<N>>) & { readonly callableName: N };

/**
 * Builds callable `name`: signed in (`unauthenticated` 'auth.errors.sessionFailed'), token not
 * revoked and account not disabled (loadCaller), `access`, the request parsed with the table's
 * schema (`invalid-argument` with `details.fields`), the caller's rate limit when the callable declares one
 * (`resource-exhausted` 'errors.tooManyRequests' with `details.retryAfterMinutes`), then `run`. An HttpsError passes through as
 * it is; anything else is logged and answered `internal` with the table's failure key. Every
 * refusal leaves a log line (logRefusals).
 */
export function defineCallable<N extends CallableName, Request = CallableRequestOf<N>>(
  name: N,
  deps: CallableShellDeps,
  spec: CallableSpec<N, Request>,
): CallableHandler<N> {
  const contract = CALLABLES[name];
  const parse =
    spec.parse ??
    ((data: unknown) =>
      parseOrThrow(
        contract.request,
        'isPayloadOptional' in contract && contract.isPayloadOptional ? (data ?? {}) : data,
        contract.invalid,
      ) as Request);
  const limiter = spec.rateLimit && createRateLimiter({ db: deps.db, now: deps.now ?? Date.now });
  const handler = logRefusals(deps.logger, name, (request) =>
    answerOrInternal(deps.logger, name, contract.failure, async () => {
      const auth = requireAuth(request);
      const caller = await loadCaller(deps.db, auth);
      spec.access?.(caller);
      const input = parse(request.data);
      if (limiter && spec.rateLimit) {
        const { operation, key } = spec.rateLimit;
        await limiter.consume({ buckets: [{ operation, subject: caller.uid }], key: key?.(input) });
      }
      return spec.run({ caller, input, request });
    }),
  );
  return Object.assign(handler, { callableName: name });
}

/**
 * The deployed function of a handler: every callable in the region, App Check enforced when
 * deployed (ENFORCE_APP_CHECK), never on the emulators.
 */
export function serveCallable<N extends CallableName>(
  name: N,
  handler: CallableHandler<N>,
  options: { secrets?: SecretParam[]; timeoutSeconds?: number } = {},
): CallableFunction<unknown, Promise<CallableResponseOf<N>>> {
  if (handler.callableName !== name)
    throw new Error(`${name} is served by ${handler.callableName}'s handler`);
  return onCall({ region: FUNCTIONS_REGION, enforceAppCheck, ...options }, handler);
}
