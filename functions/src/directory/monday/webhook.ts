// The body of the board's webhook endpoint (create_pulse, change_column_value, change_name,
// item_deleted, ...): it echoes monday's `challenge`, checks the request came from the board,
// drops repeats (monday retries for 30 minutes) and re-reads the one item into the read model.
// Plain request/response shapes, so it runs under onRequest or express alike.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { type MondaySyncDeps, refreshItems } from './sync.js';
import { removeItems } from './read-model.js';

export const WEBHOOK_EVENTS = 'mondayWebhookEvents';
/** How long a triggerUuid is remembered (monday retries for 30 minutes); a TTL policy on `expireAt` deletes it. */
const DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_CHALLENGE_LENGTH = 1000;
const REMOVING_EVENTS = new Set([
  'delete_pulse',
  'item_deleted',
  'item_archived',
  'archive_pulse',
  'move_pulse_from_board',
]);

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

export type MondayWebhookDeps = MondaySyncDeps & {
  /** The app's signing secret: the JWT in Authorization is signed with it (HS256). */
  signingSecret?: string;
  /** A shared secret for webhooks created with the API: `?secret=` in the URL or `x-webhook-secret`. */
  sharedSecret?: string;
  log?: (message: string, details: Record<string, unknown>) => void;
};

const idSchema = z
  .union([z.string().regex(/^\d+$|^[\w-]{1,64}$/), z.number().int().nonnegative()])
  .transform(String);

const eventSchema = z.object({
  event: z.object({
    type: z.string().min(1).max(64),
    triggerUuid: z.string().regex(/^[\w-]{1,128}$/, 'triggerUuid'),
    boardId: idSchema,
    pulseId: idSchema,
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

/** True when `token` is an HS256 JWT signed with `secret` and not expired at `nowSeconds`. */
export function verifyMondayJwt(token: string, secret: string, nowSeconds: number): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || !secret) return false;
  const [header, payload, signature] = parts as [string, string, string];
  let claims: { exp?: unknown; nbf?: unknown };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return false;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return false;
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  if (!safeEqual(signature, expected)) return false;
  if (typeof claims.exp === 'number' && claims.exp < nowSeconds) return false;
  if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds + 60) return false;
  return true;
}

function isVerified(req: WebhookRequest, deps: MondayWebhookDeps, nowSeconds: number): boolean {
  const authorization = headerOf(req, 'authorization')?.replace(/^Bearer\s+/i, '');
  if (authorization && deps.signingSecret && verifyMondayJwt(authorization, deps.signingSecret, nowSeconds))
    return true;
  const shared =
    headerOf(req, 'x-webhook-secret') ??
    (typeof req.query?.secret === 'string' ? req.query.secret : undefined);
  return Boolean(shared && deps.sharedSecret && safeEqual(shared, deps.sharedSecret));
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

const isAlreadyExists = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === 6 || (error as { code?: unknown }).code === 'already-exists');

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
    // The subscription handshake: echoing a string changes nothing, and monday sends it before any secret is set up.
    const challenge = (body as { challenge?: unknown } | undefined)?.challenge;
    if (typeof challenge === 'string' && !(body as { event?: unknown }).event) {
      if (challenge.length > MAX_CHALLENGE_LENGTH) res.status(400).json({ error: 'bad challenge' });
      else res.status(200).json({ challenge });
      return;
    }
    if (!isVerified(req, d, Math.floor(now.getTime() / 1000))) {
      d.log?.('monday webhook refused: bad signature', {});
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
    const { type, triggerUuid, boardId, pulseId } = parsed.data.event;
    if (boardId !== d.config.boardId) {
      res.status(200).json({ ignored: 'another board' });
      return;
    }
    const marker = d.db.collection(WEBHOOK_EVENTS).doc(triggerUuid);
    try {
      await marker.create({
        type,
        itemId: pulseId,
        receivedAt: Timestamp.fromDate(now),
        expireAt: Timestamp.fromMillis(now.getTime() + DEDUPE_TTL_MS),
      });
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      res.status(200).json({ duplicate: true });
      return;
    }
    try {
      if (REMOVING_EVENTS.has(type)) await removeItems(d, [pulseId]);
      else await refreshItems(d, [pulseId]);
      res.status(200).json({ refreshed: pulseId });
    } catch (error) {
      // Forget the event so that monday's retry is processed, not dropped as a duplicate.
      await marker.delete();
      d.log?.('monday webhook: refresh failed', {
        itemId: pulseId,
        message: error instanceof Error ? error.message : String(error),
      });
      res.status(503).json({ error: 'board unavailable, retry later' });
    }
  };
}
