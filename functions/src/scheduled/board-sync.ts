// The monday.com board's read model kept fresh: a full sync every night, a delta sync every 10
// minutes (every hour while the webhooks are healthy), and the board's webhooks for single items
// in between, through a durable queue in Firestore (directory/monday/event-queue.ts): the
// webhook stores the event and answers at once, a trigger processes it, and a sweep every minute
// takes any event whose processor died. Each does nothing when no board is configured (the
// Firestore `workers` directory is then the source). Options live here: index.ts re-exports this
// module, which runs before index.ts's setGlobalOptions.
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { boardDeps, localBoard } from '../directory/configured-directory.js';
import { MONDAY_API_TOKEN, MONDAY_SIGNING_SECRET, MONDAY_WEBHOOK_URL } from '../directory/monday/config.js';
import { WEBHOOK_EVENTS, deltaSyncDue, processEvents } from '../directory/monday/event-queue.js';
import { type SyncReport, deltaSync, fullSync, readSyncState } from '../directory/monday/sync.js';
import { createMondayWebhookHandler } from '../directory/monday/webhook.js';
import { FUNCTIONS_REGION } from '../domain/index.js';
import { adminDb } from '../firebase.js';
import { createBackendLogger } from '../logging/backend-logger.js';

const secrets = [MONDAY_API_TOKEN];
/** A new event waits this long before it is processed, so a burst of edits is read in one board call. */
const GATHER_MS = 1_500;

/** Runs a sync when a board is configured; a failure is logged (the sync state keeps it too) and rethrown. */
async function syncBoard(kind: 'full' | 'delta'): Promise<SyncReport | null> {
  const db = adminDb();
  const deps = boardDeps(db);
  if (!deps) return null;
  const logger = createBackendLogger({ db });
  if (kind === 'delta') {
    const last = (await readSyncState(db))?.lastDeltaSyncAt?.toDate() ?? null;
    if (!(await deltaSyncDue(db, last, new Date()))) {
      logger.debug('board delta sync skipped: the webhooks are healthy', {});
      return null;
    }
  }
  try {
    const report = await (kind === 'full' ? fullSync(deps) : deltaSync(deps));
    logger.info(`board ${kind} sync`, {
      items: report.items,
      written: report.written,
      removed: report.removed,
      invalid: report.invalid.length,
      calls: report.calls,
      complexity: report.complexity,
      requestId: report.requestId,
      apiVersion: report.apiVersion,
      rateLimit: report.rateLimit,
    });
    return report;
  } catch (error) {
    logger.error(`board ${kind} sync failed`, {
      error: (error as Error).message,
      requestId: deps.client.stats.lastRequestId,
      rateLimit: deps.client.stats.lastRateLimit,
    });
    throw error;
  }
}

/** Every night at 02:15 Polish time: every item, and workers gone from the board leave the read model. */
export const syncBoardNightly = onSchedule(
  {
    schedule: '15 2 * * *',
    timeZone: 'Europe/Warsaw',
    region: FUNCTIONS_REGION,
    maxInstances: 1,
    retryCount: 2,
    timeoutSeconds: 540,
    secrets,
  },
  async () => {
    await syncBoard('full');
  },
);

/** Every 10 minutes (every hour while webhooks are healthy): the items changed on the board since the last sync. */
export const syncBoardChanges = onSchedule(
  {
    schedule: 'every 10 minutes',
    region: FUNCTIONS_REGION,
    maxInstances: 1,
    timeoutSeconds: 300,
    secrets,
  },
  async () => {
    await syncBoard('delta');
  },
);

/** Processes the queued board events whose lease is free. */
async function processBoardEvents() {
  const db = adminDb();
  const deps = boardDeps(db);
  if (!deps) return;
  const logger = createBackendLogger({ db });
  const report = await processEvents({ ...deps, log: (message, data) => logger.warn(message, data) });
  if (report.processed > 0 || report.failed > 0) logger.info('board events processed', { ...report });
}

/** A new board event: processed within seconds (after a short gather, so a burst shares one board read). */
export const boardEventQueued = onDocumentCreated(
  { document: `${WEBHOOK_EVENTS}/{eventId}`, region: FUNCTIONS_REGION, maxInstances: 5, secrets },
  async () => {
    await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    await processBoardEvents();
  },
);

/** Every minute: events whose processor died (lease lapsed) or whose board read failed, tried again. */
export const sweepBoardEvents = onSchedule(
  { schedule: 'every 1 minutes', region: FUNCTIONS_REGION, maxInstances: 1, timeoutSeconds: 120, secrets },
  async () => {
    await processBoardEvents();
  },
);

/** This function's public URL, as the board calls it (the JWT's `aud`). */
function webhookUrl(): string {
  const configured = MONDAY_WEBHOOK_URL.value().trim();
  if (configured) return configured;
  const project = process.env.GCLOUD_PROJECT ?? process.env.GCP_PROJECT ?? '';
  return `https://${FUNCTIONS_REGION}-${project}.cloudfunctions.net/mondayWebhook`;
}

/**
 * The board's webhooks (create_pulse, update_column_value, change_name, delete_pulse,
 * archive_pulse, restore_pulse): queued, then the item is read from the board again. Register
 * https://<region>-<project>.cloudfunctions.net/mondayWebhook (or MONDAY_WEBHOOK_URL) with the app's token.
 */
export const mondayWebhook = onRequest(
  {
    region: FUNCTIONS_REGION,
    invoker: 'public',
    maxInstances: 5,
    secrets: [MONDAY_SIGNING_SECRET],
  },
  async (req, res) => {
    const db = adminDb();
    const deps = boardDeps(db);
    if (!deps) {
      res.status(404).json({ error: 'no board is configured' });
      return;
    }
    const logger = createBackendLogger({ db });
    const local = localBoard();
    await createMondayWebhookHandler({
      db,
      config: deps.config,
      signingSecret: local ? local.signingSecret : MONDAY_SIGNING_SECRET.value(),
      webhookUrl: local ? local.webhookUrl : webhookUrl(),
      log: (message, data) => logger.warn(message, data),
    })(req, res);
  },
);
