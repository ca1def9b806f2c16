// The worker directory this deployment uses, chosen by configuration: the monday.com board when
// MONDAY_BOARD_ID is set (reads from its Firestore read model, `workers`; edits written to the board
// first), else the Firestore `workers` directory. Params are read at run time, so the choice is
// made on first use and kept for the instance.
//
// On the emulators `npm start` and the browser tests run a local fake board and describe it in the
// environment (MONDAY_LOCAL_*, set by scripts/emulators.mjs). Those variables are honoured only
// on the emulators (FUNCTIONS_EMULATOR): a deployment is configured through its params alone.
import type { Firestore } from 'firebase-admin/firestore';
import { createFirestoreDirectory } from './firestore-directory.js';
import { createMondayClient } from './monday/client.js';
import {
  MONDAY_API_TOKEN,
  type MondayConfig,
  isMondayConfigured,
  MONDAY_BOARD_ID,
  MONDAY_SYNC_MAX_REMOVAL_SHARE,
  mondayConfigFromParams,
  parseMondayConfig,
} from './monday/config.js';
import { MondayDirectory } from './monday/monday-directory.js';
import { DEFAULT_MAX_REMOVAL_SHARE, type MondaySyncDeps } from './monday/sync.js';
import type { WorkerDirectory } from './worker-directory.js';

/** The local fake board's description, or null (not on the emulators, or no fake board running). */
export function localBoard(): {
  config: MondayConfig;
  token: string;
  signingSecret: string;
  webhookUrl: string;
} | null {
  const env = process.env;
  if (env.FUNCTIONS_EMULATOR !== 'true' || !env.MONDAY_LOCAL_BOARD_URL) return null;
  return {
    config: parseMondayConfig({
      boardId: env.MONDAY_LOCAL_BOARD_ID,
      columnMap: env.MONDAY_LOCAL_COLUMN_MAP,
      apiUrl: env.MONDAY_LOCAL_BOARD_URL,
    }),
    token: env.MONDAY_LOCAL_TOKEN ?? '',
    signingSecret: env.MONDAY_LOCAL_SIGNING_SECRET ?? '',
    webhookUrl: env.MONDAY_LOCAL_WEBHOOK_URL ?? '',
  };
}

/** The share of cached workers a full sync may remove (MONDAY_SYNC_MAX_REMOVAL_SHARE, 0-1; else 0.2). */
function maxRemovalShare(): number {
  const share = Number(MONDAY_SYNC_MAX_REMOVAL_SHARE.value());
  return Number.isFinite(share) && share >= 0 && share <= 1 ? share : DEFAULT_MAX_REMOVAL_SHARE;
}

/** The board's sync deps (database, client, checked configuration), or null when no board is configured. */
export function boardDeps(db: Firestore): MondaySyncDeps | null {
  const local = localBoard();
  if (!local && !isMondayConfigured(MONDAY_BOARD_ID.value())) return null;
  // A wrong configuration throws MondayConfigError naming the key: the function fails loudly
  // instead of serving profiles from the wrong place.
  const config = local?.config ?? mondayConfigFromParams();
  const client = createMondayClient({
    apiUrl: config.apiUrl,
    apiVersion: config.apiVersion,
    token: () => local?.token ?? MONDAY_API_TOKEN.value(),
  });
  return { db, client, config, maxRemovalShare: maxRemovalShare() };
}

export type ConfiguredDirectory = {
  /** The directory for reads (and edits on the Firestore directory). */
  directory: WorkerDirectory;
  /** The board's directory when a board is configured, else null. */
  board(): MondayDirectory | null;
};

/** The directory chosen on first use: the board's read model or the Firestore `workers`. */
export function configuredDirectory(db: Firestore): ConfiguredDirectory {
  let chosen: { directory: WorkerDirectory; board: MondayDirectory | null } | null = null;
  const choose = () => {
    if (!chosen) {
      const deps = boardDeps(db);
      const board = deps ? new MondayDirectory(deps) : null;
      chosen = { directory: board ?? createFirestoreDirectory(db), board };
    }
    return chosen;
  };
  const directory: WorkerDirectory = {
    findById: (workerId) => choose().directory.findById(workerId),
    findByEmail: (email) => choose().directory.findByEmail(email),
    list: (options) => choose().directory.list(options),
    update: (workerId, changes) => choose().directory.update(workerId, changes),
  };
  return { directory, board: () => choose().board };
}
