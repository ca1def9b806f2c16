// Abuse limits (issue 15, item 10): how often one account may run the operations that create
// documents or send e-mail. Counted per account in Firestore by functions/src/callable/rate-limit.ts;
// the decision itself is here, pure, with the time as a parameter.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** At most `limit` counted calls in any `windowMs` (a sliding window). */
export type RateLimit = { limit: number; windowMs: number };

/**
 * The limits, per account and sliding hour. Each is far above what a real person does in an hour
 * and low enough that a runaway script or a stolen session cannot flood the queue, the staff or
 * someone's inbox:
 * - submitTicket 20: a worker files a few tickets a month, at most a handful at once (a tool order,
 *   receipts after a trip); 20 still leaves room for a form retried many times on a bad connection.
 * - submitBugReport 10: one report per problem; ten in an hour is already a bad day.
 * - resetUserPassword 10 per caller: a manager helps a crew whose passwords were forgotten at the
 *   start of a site; every call sends an e-mail from the project's domain, so it stays bounded.
 * - resetUserPasswordTarget 3 per target account: the account's owner gets at most three reset
 *   e-mails an hour, whoever asks (the first, and two retries for a lost message), so nobody's
 *   inbox can be flooded by several staff members at once.
 */
export const RATE_LIMITS = {
  submitTicket: { limit: 20, windowMs: HOUR },
  submitBugReport: { limit: 10, windowMs: HOUR },
  resetUserPassword: { limit: 10, windowMs: HOUR },
  resetUserPasswordTarget: { limit: 3, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

export type RateLimitedOperation = keyof typeof RATE_LIMITS;

/** The translation key of a refusal; `details.retryAfterMinutes` is its `count`. */
export const TOO_MANY_REQUESTS_KEY = 'errors.tooManyRequests';

/**
 * One counted call: when (milliseconds since the epoch) and, for an idempotent operation, the
 * request it was (the requestId), so a retry of the same request is not counted again.
 */
export type RateLimitHit = { at: number; key: string | null };

export type RateLimitDecision =
  /** Let through; `hits` is what to store (null: nothing to change, a retry). */
  | { isAllowed: true; hits: RateLimitHit[] | null }
  /** Refused: the whole minutes until the next call would be let through (at least 1). */
  | { isAllowed: false; retryAfterMinutes: number };

/**
 * Decides one call against the hits stored for an account and operation: hits older than the
 * window are dropped; a call whose `key` is already among the remaining hits is a retry and is let
 * through without counting; otherwise it is let through and counted while fewer than `limit` hits
 * remain, and refused with the wait until enough of them have aged out.
 */
export function decideRateLimit(
  stored: readonly RateLimitHit[],
  rule: RateLimit,
  now: number,
  key: string | null = null,
): RateLimitDecision {
  const recent = stored.filter((hit) => hit.at > now - rule.windowMs).sort((a, b) => a.at - b.at);
  if (key !== null && recent.some((hit) => hit.key === key)) return { isAllowed: true, hits: null };
  if (recent.length < rule.limit) return { isAllowed: true, hits: [...recent, { at: now, key }] };
  // The call fits once all but limit - 1 of the recent hits have left the window.
  const freedAt = (recent[recent.length - rule.limit]?.at ?? now) + rule.windowMs;
  return { isAllowed: false, retryAfterMinutes: Math.max(1, Math.ceil((freedAt - now) / MINUTE)) };
}

/** The hits of a stored rate-limit document, ignoring anything malformed. */
export function storedHits(value: unknown): RateLimitHit[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): RateLimitHit[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { at, key } = item as { at?: unknown; key?: unknown };
    if (typeof at !== 'number' || !Number.isFinite(at)) return [];
    return [{ at, key: typeof key === 'string' ? key : null }];
  });
}
