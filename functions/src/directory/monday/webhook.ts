// The body of the board's webhook endpoint. It echoes monday's `challenge`, checks the request came
// from the board, and queues the event (event-queue.ts) before answering 200: the item is read from
// the board later, by the queue's processor, so a slow board never makes monday wait (it retries
// a failed delivery once a minute for 30 minutes).
//
// What monday sends (docs/monday-api.md; https://developer.monday.com/api-reference/reference/webhooks):
// - column changes (`update_column_value`), `create_pulse`, `change_name`: `event.pulseId`,
//   `event.boardId`, `event.triggerUuid` (and `columnId`, `value`, `previousValue`, ...);
// - item lifecycle (`delete_pulse`, `archive_pulse`, `restore_pulse`; subscriptions item_deleted,
//   item_archived, item_restored): `event.itemId` and `event.itemName`, no `pulseId` (no documented
//   sample: the shape of published deliveries, fixtures in scripts/fake-monday/fixtures/webhooks);
//   a name change arrives as `update_name` with `pulseId`.
// - Authentication: a webhook created with an app token carries a JWT in `Authorization`, signed
//   HS256 with the app's Signing Secret, with `aud` = the webhook URL and `exp`
//   (https://developer.monday.com/apps/docs/integration-authorization,
//   https://developer.monday.com/apps/docs/authorization-header: "Check that the aud field
//   matches your integration app's endpoint. Verify the exp field"). Both are required; monday's
//   example token lives 300 s (`exp` - `iat`), so a small clock skew is allowed on `exp` and `iat`.
//   A webhook created with a personal token carries nothing that can be checked: it is refused (the
//   delta sync picks the change up instead).
// - No secret in the URL: the signed JWT is the proof. A configured webhook URL, or a request, that
//   carries a query string or user info is refused (the challenge too, so such a URL cannot even be
//   registered); a secret there would land in monday's webhook list and in request logs.
// - monday retries a delivery answered with anything but 200 once a minute for 30 minutes
//   (https://developer.monday.com/api-reference/reference/webhooks,
//   https://developer.monday.com/apps/changelog/clarification-on-retry-policies-for-webhooks-and-custom-actions).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type BoardEvent, enqueueEvent } from './event-queue.js';
import type { MondaySyncDeps } from './sync.js';

export { WEBHOOK_EVENTS } from './event-queue.js';
const MAX_CHALLENGE_LENGTH = 1000;
/** A signing secret shorter than this (or a known placeholder) verifies nothing: an unset secret is no credential. */
export const MIN_SECRET_LENGTH = 20;
const PLACEHOLDER_SECRETS = new Set(['local-placeholder', 'placeholder', 'unused', 'changeme', 'secret']);
/** Clock skew allowed on `exp`, `nbf` and `iat` (monday's tokens live 300 s). */
const CLOCK_SKEW_SECONDS = 30;

export type WebhookRequest = {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  query?: Record<string, unknown>;
  body: unknown;
};
export type WebhookResponse = {
  status(code: number): WebhookResponse;
  json(body: unknown): unknown;
};

export type MondayWebhookDeps = Pick<MondaySyncDeps, 'db' | 'config' | 'now'> & {
  /** The app's signing secret: the JWT in Authorization is signed with it (HS256). */
  signingSecret?: string;
  /** This endpoint's URL as registered on the board: the JWT's `aud` must name it. */
  webhookUrl: string;
  log?: (message: string, details: Record<string, unknown>) => void;
};

const idSchema = z
  .union([z.string().regex(/^\d+$|^[\w-]{1,64}$/), z.number().int().nonnegative()])
  .transform(String);

const eventSchema = z.object({
  event: z
    .object({
      type: z.string().min(1).max(64),
      triggerUuid: z.string().regex(/^[\w-]{1,128}$/, 'triggerUuid'),
      boardId: idSchema,
      // Column and name changes name the item `pulseId`; the lifecycle events `itemId`.
      pulseId: idSchema.optional(),
      itemId: idSchema.optional(),
      itemName: z.string().max(500).optional().catch(undefined),
      columnId: z.string().max(100).optional().catch(undefined),
    })
    .refine((event) => event.pulseId !== undefined || event.itemId !== undefined, {
      message: 'pulseId or itemId',
      path: ['itemId'],
    }),
});

const headerOf = (req: WebhookRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether a configured signing secret can verify anything (unset, short or placeholder values cannot). */
export const isUsableSecret = (secret: string | undefined): secret is string =>
  typeof secret === 'string' &&
  secret.trim().length >= MIN_SECRET_LENGTH &&
  !PLACEHOLDER_SECRETS.has(secret.trim().toLowerCase());

export type JwtCheck = { ok: true } | { ok: false; why: string };

/**
 * Checks an HS256 JWT signed with `secret`: the signature, `exp` (required, not past beyond the
 * clock skew), `aud` (required, equal to `audience`) and, when present, `nbf` / `iat` not in the
 * future.
 */
export function verifyMondayJwt(
  token: string,
  secret: string,
  audience: string,
  nowSeconds: number,
): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, why: 'not a JWT' };
  if (!isUsableSecret(secret)) return { ok: false, why: 'no usable signing secret' };
  const [header, payload, signature] = parts as [string, string, string];
  let claims: { exp?: unknown; nbf?: unknown; iat?: unknown; aud?: unknown };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return { ok: false, why: 'not HS256' };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return { ok: false, why: 'unreadable' };
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  if (!safeEqual(signature, expected)) return { ok: false, why: 'bad signature' };
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return { ok: false, why: 'no exp' };
  if (claims.exp + CLOCK_SKEW_SECONDS < nowSeconds) return { ok: false, why: 'expired' };
  if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds + CLOCK_SKEW_SECONDS)
    return { ok: false, why: 'not yet valid' };
  if (typeof claims.iat === 'number' && claims.iat > nowSeconds + CLOCK_SKEW_SECONDS)
    return { ok: false, why: 'issued in the future' };
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience || !audiences.some((aud) => typeof aud === 'string' && sameUrl(aud, audience)))
    return { ok: false, why: 'wrong aud' };
  return { ok: true };
}

/**
 * Why a webhook URL must not be registered, or null: a query string, fragment or user info could
 * carry a secret, and the URL is kept in monday's webhook list and in request logs.
 */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the webhook URL is not a URL';
  }
  if (parsed.username || parsed.password) return 'user info in the webhook URL';
  if (url.includes('?') || url.includes('#')) return 'a query string in the webhook URL';
  return null;
}

/** Why this request's own URL is refused: any query parameter (no secret is taken from a URL). */
const requestUrlProblem = (req: WebhookRequest) =>
  Object.keys(req.query ?? {}).length > 0 ? 'a query string in the request URL' : null;

/** Two URLs equal but for a trailing slash. */
const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

function verify(req: WebhookRequest, deps: MondayWebhookDeps, nowSeconds: number): JwtCheck {
  const authorization = headerOf(req, 'authorization')?.replace(/^Bearer\s+/i, '');
  if (!authorization) return { ok: false, why: 'no Authorization (a personal-token webhook?)' };
  return verifyMondayJwt(authorization, deps.signingSecret ?? '', deps.webhookUrl, nowSeconds);
}

function bodyOf(req: WebhookRequest): unknown {
  const { body } = req;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      return JSON.parse(body.toString()) as unknown;
    } catch {
      return undefined;
    }
  }
  return body;
}

/**
 * Answers what needs no signature: a URL that carries a query string or user info (refused, the
 * challenge too) and the subscription handshake (echoing a string changes nothing, and monday sends
 * it before any secret is set up). True when answered.
 */
function answeredBeforeAuth(
  req: WebhookRequest,
  d: MondayWebhookDeps,
  body: unknown,
  res: WebhookResponse,
): boolean {
  const urlProblem = (d.webhookUrl && webhookUrlProblem(d.webhookUrl)) || requestUrlProblem(req);
  if (urlProblem) {
    d.log?.('monday webhook refused: register the URL without a query string or user info', {
      why: urlProblem,
    });
    res.status(400).json({ error: 'no query string: the signed Authorization header is the proof' });
    return true;
  }
  const challenge = (body as { challenge?: unknown } | undefined)?.challenge;
  if (typeof challenge !== 'string' || (body as { event?: unknown }).event) return false;
  if (challenge.length > MAX_CHALLENGE_LENGTH) res.status(400).json({ error: 'bad challenge' });
  else res.status(200).json({ challenge });
  return true;
}

/** The webhook handler; `deps` is read per request (secrets exist only at run time). */
export function createMondayWebhookHandler(deps: MondayWebhookDeps | (() => MondayWebhookDeps)) {
  return async (req: WebhookRequest, res: WebhookResponse): Promise<void> => {
    const d = typeof deps === 'function' ? deps() : deps;
    const now = (d.now ?? (() => new Date()))();
    if (req.method && req.method !== 'POST') {
      res.status(405).json({ error: 'method not allowed' });
      return;
    }
    const body = bodyOf(req);
    if (answeredBeforeAuth(req, d, body, res)) return;
    const check = verify(req, d, Math.floor(now.getTime() / 1000));
    if (!check.ok) {
      d.log?.('monday webhook refused', { why: check.why });
      res.status(401).json({ error: 'bad signature' });
      return;
    }
    const parsed = eventSchema.safeParse(body);
    if (!parsed.success) {
      res
        .status(400)
        .json({ error: 'bad payload', fields: parsed.error.issues.map((i) => i.path.join('.')) });
      return;
    }
    const { type, triggerUuid, boardId, pulseId, itemId, itemName, columnId } = parsed.data.event;
    if (boardId !== d.config.boardId) {
      res.status(200).json({ ignored: 'another board' });
      return;
    }
    const event: BoardEvent = {
      type,
      boardId,
      itemId: (itemId ?? pulseId) as string,
      itemName: itemName ?? null,
      columnId: columnId ?? null,
    };
    const outcome = await enqueueEvent(d.db, triggerUuid, event, now);
    res.status(200).json(outcome === 'duplicate' ? { duplicate: true } : { queued: event.itemId });
  };
}
