// Counts rate-limited calls in Firestore, `rateLimits/{subject}_{operation}`, in one transaction
// per call, so concurrent calls (other instances included) cannot both take the last place. The
// decision (window, limit, retries, wait) is the domain's decideRateLimit.
import { type DocumentReference, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  RATE_LIMITS,
  type RateLimitedOperation,
  TOO_MANY_REQUESTS_KEY,
  decideRateLimit,
  storedHits,
} from '../domain/rate-limits.js';
import { OPERATION_TRANSACTION } from './run-operation.js';

export const RATE_LIMITS_COLLECTION = 'rateLimits';

/** The document counting one subject's (an account's uid) calls of one operation. */
export const rateLimitPath = (subject: string, operation: RateLimitedOperation) =>
  `${RATE_LIMITS_COLLECTION}/${subject}_${operation}`;

/** One counter a call takes a place in. */
export type RateLimitBucket = { operation: RateLimitedOperation; subject: string };

export type RateLimitCall = {
  /** Every counter the call counts in; it is let through only when all of them have room. */
  buckets: readonly RateLimitBucket[];
  /** The request id of an idempotent operation: a retry of a counted request is not counted again. */
  key?: string;
  /**
   * The document the first call of this request created (the ticket, the report): when it
   * exists, this is a retry that only gets its first answer, and counts nowhere.
   */
  doneRef?: DocumentReference;
};

export type RateLimiterDeps = {
  db: Firestore;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
};

/** `resource-exhausted` 'errors.tooManyRequests' with the minutes to wait. */
export const tooManyRequests = (retryAfterMinutes: number) =>
  new HttpsError('resource-exhausted', TOO_MANY_REQUESTS_KEY, { retryAfterMinutes });

/**
 * Takes a place for the call in each bucket, or throws `resource-exhausted`
 * 'errors.tooManyRequests' with `details.retryAfterMinutes` (the longest wait of the full buckets)
 * and counts nothing. Each document also holds `expiresAt`, when its last hit leaves the window,
 * for a Firestore TTL policy to delete the counters of accounts gone quiet.
 */
export function createRateLimiter({ db, now }: RateLimiterDeps) {
  return {
    async consume({ buckets, key, doneRef }: RateLimitCall): Promise<void> {
      const refs = buckets.map((bucket) => db.doc(rateLimitPath(bucket.subject, bucket.operation)));
      await db.runTransaction(async (tx) => {
        const snapshots = await tx.getAll(...refs, ...(doneRef ? [doneRef] : []));
        if (doneRef && snapshots[refs.length]?.exists) return;
        const at = now();
        const decisions = buckets.map((bucket, index) =>
          decideRateLimit(
            storedHits(snapshots[index]?.get('hits')),
            RATE_LIMITS[bucket.operation],
            at,
            key ?? null,
          ),
        );
        const waits = decisions.flatMap((decision) =>
          decision.isAllowed ? [] : [decision.retryAfterMinutes],
        );
        if (waits.length > 0) throw tooManyRequests(Math.max(...waits));
        decisions.forEach((decision, index) => {
          const ref = refs[index];
          const bucket = buckets[index];
          if (!decision.isAllowed || !decision.hits || !ref || !bucket) return;
          const last = Math.max(...decision.hits.map((hit) => hit.at));
          tx.set(ref, {
            hits: decision.hits,
            expiresAt: Timestamp.fromMillis(last + RATE_LIMITS[bucket.operation].windowMs),
          });
        });
      }, OPERATION_TRANSACTION);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
