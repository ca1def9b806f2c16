// Keeps the read model in step with the board. A full sync (nightly) reads every item and removes
// the cached workers no longer on the board; a delta sync (every 10-15 minutes) asks the board only
// for items updated since the last sync: `items_page` with a `__last_updated__` rule (the board
// filters by day, so the rule asks from the day before and the answer is cut to the last sync
// minus an overlap). A delta sees no deletions: webhooks and the nightly full sync remove those.
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import type { MondayClient } from './client.js';
import { type BoardItem, columnIdsOf } from './columns.js';
import type { MondayConfig } from './config.js';
import { MondayError } from './errors.js';
import { type CacheWriteResult, readModelOf, SYNC_STATE_DOC, removeItems, writeItems } from './read-model.js';

export type MondaySyncDeps = {
  db: Firestore;
  client: MondayClient;
  config: MondayConfig;
  now?: () => Date;
  /** The read model's collection; default `workers` (read-model.ts). */
  readModel?: string;
};

export type SyncReport = {
  kind: 'full' | 'delta';
  startedAt: Date;
  /** Items the board answered. */
  items: number;
  written: number;
  removed: number;
  /** Items that are no valid worker (not cached), with why. */
  invalid: { itemId: string; problems: string[] }[];
  /** Board requests and the complexity the board reported for them. */
  calls: number;
  complexity: number;
};

/** `config/mondaySync`: what the last syncs did; staff see `lastSuccessAt` as "last updated". */
export type MondaySyncState = {
  lastFullSyncAt?: Timestamp;
  lastFullSync?: Omit<SyncReport, 'startedAt' | 'invalid'> & { invalid: number };
  lastDeltaSyncAt?: Timestamp;
  lastDeltaSync?: Omit<SyncReport, 'startedAt' | 'invalid'> & { invalid: number };
  /** Start of the last successful sync: the whole read model is at least this fresh. */
  lastSuccessAt?: Timestamp;
  lastError?: { at: Timestamp; kind: 'full' | 'delta'; reason: string; message: string } | null;
};

/** A cached worker is checked against the board again if it changed less than this before the last sync. */
const DELTA_OVERLAP_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function readSyncState(db: Firestore): Promise<MondaySyncState | null> {
  const snapshot = await db.doc(SYNC_STATE_DOC).get();
  return snapshot.exists ? (snapshot.data() as MondaySyncState) : null;
}

async function measured<T>(deps: MondaySyncDeps, work: () => Promise<T>) {
  const calls = deps.client.stats.calls;
  const complexity = deps.client.stats.complexityUsed;
  const result = await work();
  return {
    result,
    calls: deps.client.stats.calls - calls,
    complexity: deps.client.stats.complexityUsed - complexity,
  };
}

async function recordFailure(deps: MondaySyncDeps, kind: 'full' | 'delta', error: unknown) {
  const reason = error instanceof MondayError ? error.reason : 'internal';
  const message = error instanceof Error ? error.message : String(error);
  await deps.db
    .doc(SYNC_STATE_DOC)
    .set(
      { lastError: { at: Timestamp.fromDate((deps.now ?? (() => new Date()))()), kind, reason, message } },
      { merge: true },
    );
}

const summary = (report: SyncReport) => {
  const { startedAt: _at, invalid, ...rest } = report;
  return { ...rest, invalid: invalid.length };
};

/**
 * Reads from the board, applies the answer to the read model and records the outcome in
 * `config/mondaySync` (the error too, rethrown: the read model then stays as it was).
 */
async function recordedSync(
  deps: MondaySyncDeps,
  kind: 'full' | 'delta',
  read: () => Promise<BoardItem[]>,
  apply: (items: BoardItem[], startedAt: Date) => Promise<{ written: CacheWriteResult; removed: number }>,
): Promise<SyncReport> {
  const startedAt = (deps.now ?? (() => new Date()))();
  try {
    const { result: items, calls, complexity } = await measured(deps, read);
    const { written, removed } = await apply(items, startedAt);
    const report: SyncReport = {
      kind,
      startedAt,
      items: items.length,
      written: written.written.length,
      removed,
      invalid: written.invalid,
      calls,
      complexity,
    };
    const at = Timestamp.fromDate(startedAt);
    const name = kind === 'full' ? 'Full' : 'Delta';
    await deps.db.doc(SYNC_STATE_DOC).set(
      {
        [`last${name}SyncAt`]: at,
        [`last${name}Sync`]: summary(report),
        lastSuccessAt: at,
        lastError: null,
      },
      { merge: true },
    );
    return report;
  } catch (error) {
    await recordFailure(deps, kind, error);
    throw error;
  }
}

/** Every item of the board into the read model; cached workers no longer on the board are removed. */
export function fullSync(deps: MondaySyncDeps): Promise<SyncReport> {
  const { config } = deps;
  return recordedSync(
    deps,
    'full',
    () => deps.client.listItems(config.boardId, columnIdsOf(config.columns)),
    async (items, startedAt) => {
      const written = await writeItems(deps, items, config.columns, startedAt);
      const onBoard = new Set(written.written);
      const cached = await readModelOf(deps).select().get();
      const gone = cached.docs.map((doc) => doc.id).filter((id) => !onBoard.has(id));
      await removeItems(deps, gone);
      return { written, removed: gone.length };
    },
  );
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The items updated on the board since the last sync into the read model. Without an earlier
 * sync it runs a full sync.
 */
export async function deltaSync(deps: MondaySyncDeps): Promise<SyncReport> {
  const last = (await readSyncState(deps.db))?.lastSuccessAt?.toDate();
  if (!last) return fullSync(deps);
  const { config } = deps;
  const from = new Date(last.getTime() - DELTA_OVERLAP_MS);
  const rule = {
    column_id: '__last_updated__',
    // The board compares days in the account's time zone: ask from the day before.
    compare_value: ['EXACT', dayOf(new Date(from.getTime() - DAY_MS))],
    operator: 'greater_than_or_equals',
    compare_attribute: 'UPDATED_AT',
  };
  return recordedSync(
    deps,
    'delta',
    () => deps.client.listItems(config.boardId, columnIdsOf(config.columns), { rules: [rule] }),
    async (items, startedAt) => {
      const changed = items.filter(
        (item) => !item.updated_at || Date.parse(item.updated_at) >= from.getTime(),
      );
      const written = await writeItems(deps, changed, config.columns, startedAt);
      return { written, removed: written.invalid.length };
    },
  );
}

/** These items read from the board again (100 a request); those gone from the board leave the read model. */
export async function refreshItems(deps: MondaySyncDeps, itemIds: readonly string[]) {
  const now = deps.now ?? (() => new Date());
  const { config } = deps;
  const items = await deps.client.getItems(itemIds, columnIdsOf(config.columns));
  const written = await writeItems(deps, items, config.columns, now());
  const found = new Set(items.map((item) => String(item.id)));
  const gone = itemIds.filter((id) => !found.has(id));
  await removeItems(deps, gone);
  return { written: written.written, removed: [...gone, ...written.invalid.map((i) => i.itemId)] };
}
