// The monday.com board's read model kept fresh (issue 17): a full sync every night, a delta sync
// every 10 minutes, and the board's webhooks for single items in between. Each does nothing when
// no board is configured (the Firestore `workers` directory is then the source). Options live here:
// index.ts re-exports this module, which runs before index.ts's setGlobalOptions.
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { boardDeps } from '../directory/configured-directory.js';
import {
  MONDAY_API_TOKEN,
  MONDAY_SIGNING_SECRET,
  MONDAY_WEBHOOK_SECRET,
} from '../directory/monday/config.js';
import { type SyncReport, deltaSync, fullSync } from '../directory/monday/sync.js';
import { createMondayWebhookHandler } from '../directory/monday/webhook.js';
import { FUNCTIONS_REGION } from '../domain/index.js';
import { adminDb } from '../firebase.js';
import { createBackendLogger } from '../logging/backend-logger.js';

const secrets = [MONDAY_API_TOKEN];

/** Runs a sync when a board is configured; a failure is logged (the sync state keeps it too) and rethrown. */
async function syncBoard(kind: 'full' | 'delta'): Promise<SyncReport | null> {
  const db = adminDb();
  const deps = boardDeps(db);
  if (!deps) return null;
  const logger = createBackendLogger({ db });
  try {
    const report = await (kind === 'full' ? fullSync(deps) : deltaSync(deps));
    logger.info(`board ${kind} sync`, { items: report.items });
    return report;
  } catch (error) {
    logger.error(`board ${kind} sync failed`, { error: (error as Error).message });
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

/** Every 10 minutes: the items changed on the board since the last sync. */
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

/**
 * The board's webhooks (create_pulse, change_column_value, item deleted ...): one item refreshed
 * in the read model. Point the board's integration at
 * https://<region>-<project>.cloudfunctions.net/mondayWebhook.
 */
export const mondayWebhook = onRequest(
  {
    region: FUNCTIONS_REGION,
    invoker: 'public',
    maxInstances: 5,
    secrets: [MONDAY_API_TOKEN, MONDAY_SIGNING_SECRET, MONDAY_WEBHOOK_SECRET],
  },
  async (req, res) => {
    const db = adminDb();
    const deps = boardDeps(db);
    if (!deps) {
      res.status(404).json({ error: 'no board is configured' });
      return;
    }
    const logger = createBackendLogger({ db });
    const local = process.env.FUNCTIONS_EMULATOR === 'true';
    await createMondayWebhookHandler({
      ...deps,
      signingSecret: local ? process.env.MONDAY_LOCAL_SIGNING_SECRET : MONDAY_SIGNING_SECRET.value(),
      sharedSecret: local ? process.env.MONDAY_LOCAL_WEBHOOK_SECRET : MONDAY_WEBHOOK_SECRET.value(),
      log: (message, data) => logger.warn(message, data),
    })(req, res);
  },
);
