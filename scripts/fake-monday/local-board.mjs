// The local monday.com board of `npm start` and the browser tests: the fake board (server.mjs)
// seeded with the seed's workers, described to the functions emulator through MONDAY_LOCAL_*
// (honoured only on the emulators: functions/src/directory/configured-directory.ts), and a first
// full sync into the read model, as the nightly job would have made.
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FAKE_COLUMN_MAP_JSON, startFakeBoard } from './server.mjs';

/**
 * Starts the fake board on `port`. Resolves to {board, env}: `env` is what the functions emulator
 * needs to use it (the token, the board, the column map, the app's signing secret and the webhook
 * URL). The board sends its webhooks to `webhookUrl` as an app's webhooks are sent: a JWT signed
 * with the signing secret in Authorization, `aud` = the URL, so the local stack runs the same
 * checks as a real account.
 */
export async function startLocalBoard({ port, webhookUrl }) {
  const token = `local-${randomBytes(12).toString('hex')}`;
  const signingSecret = randomBytes(24).toString('hex');
  const board = await startFakeBoard({
    port,
    token,
    ...(webhookUrl ? { webhook: { url: webhookUrl, signingSecret } } : {}),
  });
  const env = {
    MONDAY_LOCAL_BOARD_URL: board.url,
    MONDAY_LOCAL_BOARD_ID: board.boardId,
    MONDAY_LOCAL_COLUMN_MAP: FAKE_COLUMN_MAP_JSON,
    MONDAY_LOCAL_TOKEN: token,
    MONDAY_LOCAL_SIGNING_SECRET: signingSecret,
    MONDAY_LOCAL_WEBHOOK_URL: webhookUrl ?? '',
  };
  return { board, env };
}

/**
 * The functions bind the board's secrets; the emulator reads them from functions/.secret.local and
 * would otherwise ask Google's Secret Manager (offline here). Local placeholders, never deployed;
 * the local board's real values travel in MONDAY_LOCAL_*.
 */
export function ensureLocalSecrets(root) {
  const file = path.join(root, 'functions', '.secret.local');
  if (existsSync(file)) return;
  writeFileSync(
    file,
    [
      '# Written by scripts/emulators.mjs for the emulators only (git ignores it; deploys use Secret Manager).',
      'MONDAY_API_TOKEN=local-placeholder',
      'MONDAY_SIGNING_SECRET=local-placeholder',
      '',
    ].join('\n'),
  );
}

/**
 * The first full sync of the board into the Firestore emulator's `workers`, through the compiled
 * functions' own sync (functions/lib: `npm run build` first). The Admin SDK finds the emulator by
 * FIRESTORE_EMULATOR_HOST.
 */
export async function syncLocalBoard({ root, env, projectId }) {
  const lib = (file) => pathToFileURL(path.join(root, 'functions', 'lib', 'directory', 'monday', file)).href;
  const [{ fullSync }, { createMondayClient }, { parseMondayConfig }] = await Promise.all([
    import(lib('sync.js')),
    import(lib('client.js')),
    import(lib('config.js')),
  ]);
  const { getApps, initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const app = getApps().find((a) => a.name === 'local-board') ?? initializeApp({ projectId }, 'local-board');
  const config = parseMondayConfig({
    boardId: env.MONDAY_LOCAL_BOARD_ID,
    columnMap: env.MONDAY_LOCAL_COLUMN_MAP,
    apiUrl: env.MONDAY_LOCAL_BOARD_URL,
  });
  const client = createMondayClient({
    apiUrl: config.apiUrl,
    apiVersion: config.apiVersion,
    token: () => env.MONDAY_LOCAL_TOKEN,
  });
  return fullSync({ db: getFirestore(app), client, config });
}
