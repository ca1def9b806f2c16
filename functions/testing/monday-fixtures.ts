// The monday.com board path's test set-up: the local fake board (scripts/fake-monday, built from
// monday's documentation: docs/monday-api.md), a client and directory on it with the Firestore
// emulator's read model, and a webhook receiver: a small HTTP server that hands each request to
// the webhook handler, so the fake board's app webhooks (JWT, real payload shapes) arrive as they
// would at the deployed function.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FAKE_COLUMN_MAP_JSON,
  type FakeBoard,
  type FakeBoardOptions,
  startFakeBoard,
} from '../../scripts/fake-monday/server.mjs';
import { type MondayClientOptions, createMondayClient } from '../src/directory/monday/client.js';
import { type MondayConfig, parseMondayConfig } from '../src/directory/monday/config.js';
import { BOARD_COLUMNS_DOC } from '../src/directory/monday/board-columns.js';
import { WEBHOOK_EVENTS } from '../src/directory/monday/event-queue.js';
import { MondayDirectory } from '../src/directory/monday/monday-directory.js';
import { MONDAY_WORKERS, SYNC_STATE_DOC } from '../src/directory/monday/read-model.js';
import type { MondaySyncDeps } from '../src/directory/monday/sync.js';
import { WRITE_LEASES } from '../src/directory/monday/write-lease.js';
import {
  type MondayWebhookDeps,
  type WebhookRequest,
  createMondayWebhookHandler,
} from '../src/directory/monday/webhook.js';
import { adminDb } from '../src/firebase.js';

export const TOKEN = 'test-token-abcdef';
export const SIGNING_SECRET = 'test-signing-secret-0123456789abcdef';
export const LONG_AGO = new Date('2026-01-01T00:00:00Z');
export const db = adminDb();

let current: FakeBoard | null = null;

/** A fresh fake board (the previous one stopped). */
export async function boardWith(options: FakeBoardOptions = {}): Promise<FakeBoard> {
  await current?.stop();
  current = await startFakeBoard({ token: TOKEN, ...options });
  return current;
}

export async function stopBoard() {
  await current?.stop();
  current = null;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A client, its sync deps and the directory on a fake board; `waits` records the client's back-offs. */
export function setup(fake: FakeBoard, clientOptions: Partial<MondayClientOptions> = {}) {
  const waits: number[] = [];
  const config: MondayConfig = parseMondayConfig({
    boardId: fake.boardId,
    columnMap: FAKE_COLUMN_MAP_JSON,
    apiUrl: fake.url,
  });
  const client = createMondayClient({
    apiUrl: config.apiUrl,
    apiVersion: config.apiVersion,
    token: () => TOKEN,
    sleep: async (ms) => {
      waits.push(ms);
    },
    timeoutMs: 2_000,
    ...clientOptions,
  });
  const deps: MondaySyncDeps = { db, client, config, readModel: MONDAY_WORKERS };
  const directory = new MondayDirectory(deps);
  return { config, client, directory, waits, deps };
}

export const columnIds = (config: MondayConfig) =>
  Object.values(config.columns)
    .filter((c) => c.type !== 'name')
    .map((c) => c.id);

/** The read model, the sync state, the kept labels, the write leases and the event queue, emptied. */
export async function clearReadModel() {
  await Promise.all([
    db.recursiveDelete(db.collection(MONDAY_WORKERS)),
    db.recursiveDelete(db.collection(WEBHOOK_EVENTS)),
    db.recursiveDelete(db.collection(WRITE_LEASES)),
    db.doc(SYNC_STATE_DOC).delete(),
    db.doc(BOARD_COLUMNS_DOC).delete(),
  ]);
}

export const cachedWorker = async (id: string) => (await db.doc(`${MONDAY_WORKERS}/${id}`).get()).data();

/** A response object that records what the handler answered. */
export function recorded() {
  const res = {
    statusCode: 0,
    body: undefined as unknown,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    json(body: unknown) {
      res.body = body;
    },
  };
  return res;
}

/**
 * An HTTP endpoint in front of the webhook handler, as the deployed function is: its URL is what
 * the board signs into `aud`. `deps.webhookUrl` is set to that URL unless given.
 */
export async function startWebhookReceiver(
  deps: Omit<MondayWebhookDeps, 'webhookUrl'> & { webhookUrl?: string },
  /** A query string put on the receiver's URL (as an operator who puts a secret there would). */
  query = '',
) {
  const received: { request: WebhookRequest; status: number; body: unknown }[] = [];
  let url = '';
  const handler = createMondayWebhookHandler(() => ({ ...deps, webhookUrl: deps.webhookUrl ?? url }));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: WebhookRequest = {
        method: req.method,
        headers: req.headers,
        // As Cloud Functions hands it over (Express's req.query).
        query: Object.fromEntries(new URL(req.url ?? '/', 'http://receiver').searchParams),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const answer = recorded();
      handler(request, answer)
        .then(() => {
          received.push({ request, status: answer.statusCode, body: answer.body });
          res.writeHead(answer.statusCode, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        })
        .catch((error: unknown) => {
          received.push({ request, status: 500, body: String(error) });
          res.writeHead(500).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo/europe-central2/mondayWebhook${query ? `?${query}` : ''}`;
  return {
    url,
    received,
    handler,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
