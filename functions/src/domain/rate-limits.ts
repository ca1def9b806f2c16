// Abuse limits: how often one account may run the operations that create
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
 * - submitSafetyReport 20: a worker walking a site may report several hazards in a row; each one
 *   notifies the site's foremen and every handler, so a script must not reach them by the hundred.
 * - safetyReportStep 120: handlers acknowledge, update and close reports through a busy shift; each
 *   step notifies the reporter.
 * - resetUserPassword 10 per caller: a manager helps a crew whose passwords were forgotten at the
 *   start of a site; every call sends an e-mail from the project's domain, so it stays bounded.
 * - resetUserPasswordTarget 3 per target account: the account's owner gets at most three reset
 *   e-mails an hour, whoever asks (the first, and two retries for a lost message), so nobody's
 *   inbox can be flooded by several staff members at once.
 *
 * The writes that notify somebody else (a push to the ticket's owner or assignee):
 * - addTicketUpdate 60: staff answering the queue write an update a minute on a busy morning; a
 *   worker adds a handful to their own tickets. Each one pushes to the other side.
 * - changeTicketStatus 200: the busiest real hour is payday, when the office marks a large crew's
 *   pay advances paid one after another (one every 18 seconds); each change notifies the owner.
 * - assignTicket 120: sorting the morning's queue among the staff, two a minute; each notifies.
 * - confirmTicketItem 300: a storekeeper ticks off every line of tool and workwear orders (up to
 *   dozens a ticket); a confirmation notifies the owner, so a script is stopped at five a minute.
 * - rateTicket 30: a worker rates each answered ticket once; a 👎 notifies the assignee.
 *
 * The writes of one's own account and devices:
 * - attachTicketFiles 30: at most five files a ticket, added a few at a time to a few tickets.
 * - markNotificationsRead 300: called as the inbox is read, one tap at a time; cheap, but each
 *   call is a transaction over up to a hundred documents (thousands for "all").
 * - registerPushDevice 20: once a start on each of a few devices, and again on a new language or
 *   a refreshed token.
 * - unregisterPushDevice 60: every sign-out, and the queued ones retried at the next start; kept
 *   high because a refused one leaves a device receiving the account's pushes.
 *
 * Administration (each is audited; a stolen staff session must not rewrite the company at once):
 * - createAccount 30: setting up a new crew at the start of a site; each may send an e-mail.
 * - updateUserRole 30, saveUserPermissions 60: a reorganisation, one person at a time.
 * - setAccountStatus 30: a crew leaving a site is disabled one by one.
 * - updateWorker 60: directory edits go to the monday.com board, whose API budget the nightly
 *   sync needs too.
 * - setBackendLogLevel 10, testSecurityLog 10: debug tools, a few calls while investigating.
 * - saveServiceLevels 20: the answer targets and holidays, set up once and adjusted now and then.
 *
 * getDeviceKey is not limited: its one write happens once per account, and refusing it would lock
 * a worker out of their own drafts on a new phone.
 */
export const RATE_LIMITS = {
  submitTicket: { limit: 20, windowMs: HOUR },
  submitBugReport: { limit: 10, windowMs: HOUR },
  resetUserPassword: { limit: 10, windowMs: HOUR },
  resetUserPasswordTarget: { limit: 3, windowMs: HOUR },
  addTicketUpdate: { limit: 60, windowMs: HOUR },
  changeTicketStatus: { limit: 200, windowMs: HOUR },
  assignTicket: { limit: 120, windowMs: HOUR },
  confirmTicketItem: { limit: 300, windowMs: HOUR },
  rateTicket: { limit: 30, windowMs: HOUR },
  attachTicketFiles: { limit: 30, windowMs: HOUR },
  submitSafetyReport: { limit: 20, windowMs: HOUR },
  safetyReportStep: { limit: 120, windowMs: HOUR },
  markNotificationsRead: { limit: 300, windowMs: HOUR },
  registerPushDevice: { limit: 20, windowMs: HOUR },
  unregisterPushDevice: { limit: 60, windowMs: HOUR },
  createAccount: { limit: 30, windowMs: HOUR },
  updateUserRole: { limit: 30, windowMs: HOUR },
  saveUserPermissions: { limit: 60, windowMs: HOUR },
  setAccountStatus: { limit: 30, windowMs: HOUR },
  updateWorker: { limit: 60, windowMs: HOUR },
  setBackendLogLevel: { limit: 10, windowMs: HOUR },
  saveServiceLevels: { limit: 20, windowMs: HOUR },
  testSecurityLog: { limit: 10, windowMs: HOUR },
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
