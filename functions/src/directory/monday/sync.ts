// Keeps the read model in step with the board. A full sync (nightly) reads every item and removes
// the cached workers no longer on the board; a delta sync (every 10-15 minutes) asks the board only
// for items updated since the last sync: `items_page` with a `__last_updated__` rule (the board
// filters by day, so the rule asks from the day before and the answer is cut to the last sync
// minus an overlap). A delta sees no deletions: webhooks and the nightly full sync remove those.
//
// Safety: the full sync first checks that every mapped column is still on the board with its type
// (and keeps the status and dropdown labels, board-columns.ts), and it stops with an error, changing
// nothing, when it would remove more than `maxRemovalShare` of the cached workers (a renamed or
// re-created e-mail column makes every item "no worker": that must not empty the directory).
// Only active items of the configured board count: items_page answers active items, and an item
// read by id carries its `state` and board (https://developer.monday.com/api-reference/docs/items).
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import { type BoardApiVersion, type MondayClient, isActive } from './client.js';
import { type BoardLabels, checkColumns, saveBoardColumns } from './board-columns.js';
import { type BoardItem, columnIdsOf, itemToProfile } from './columns.js';
import type { MondayConfig } from './config.js';
import { BoardRejectedError, MondayError, SyncGuardError } from './errors.js';
import { type CacheWriteResult, readModelOf, SYNC_STATE_DOC, removeItems, writeItems } from './read-model.js';

export type MondaySyncDeps = {
  db: Firestore;
  client: MondayClient;
  config: MondayConfig;
  now?: () => Date;
  /** The read model's collection; default `workers` (read-model.ts). */
  readModel?: string;
  /** A full sync that would remove more than this share of the cached workers stops (default 0.2). */
  maxRemovalShare?: number;
};

export const DEFAULT_MAX_REMOVAL_SHARE = 0.2;
/** Removing this many workers or fewer never trips the guard (a small board losing two workers). */
const ALWAYS_ALLOWED_REMOVALS = 2;

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
  /** The board's request id of the last answer, the API version that answered and the RateLimit headers. */
  requestId: string | null;
  apiVersion: string | null;
  rateLimit: Record<string, string> | null;
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

/** The guard's decision on a full sync's removals; exported for its unit test. */
export function removalIsSafe(cached: number, removed: number, maxShare = DEFAULT_MAX_REMOVAL_SHARE) {
  return removed <= ALWAYS_ALLOWED_REMOVALS || removed <= cached * maxShare;
}

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
  read: () => Promise<{ items: BoardItem[]; apiVersion?: BoardApiVersion | null }>,
  apply: (items: BoardItem[], startedAt: Date) => Promise<{ written: CacheWriteResult; removed: number }>,
): Promise<SyncReport> {
  const startedAt = (deps.now ?? (() => new Date()))();
  try {
    const { result, calls, complexity } = await measured(deps, read);
    const { written, removed } = await apply(result.items, startedAt);
    const report: SyncReport = {
      kind,
      startedAt,
      items: result.items.length,
      written: written.written.length,
      removed,
      invalid: written.invalid,
      calls,
      complexity,
      requestId: deps.client.stats.lastRequestId,
      apiVersion: result.apiVersion?.value ?? null,
      rateLimit: deps.client.stats.lastRateLimit,
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

/**
 * Every item of the board into the read model; cached workers no longer on the board (or no longer
 * valid workers) are removed. Stops with SyncGuardError, changing nothing, when a mapped column is
 * gone or the removals would pass the guard.
 */
export function fullSync(deps: MondaySyncDeps): Promise<SyncReport> {
  const { config } = deps;
  const columnIds = columnIdsOf(config.columns);
  let labels: BoardLabels = {};
  let apiVersion: BoardApiVersion | null = null;
  return recordedSync(
    deps,
    'full',
    async () => {
      const described = await deps.client.getColumns(config.boardId, columnIds);
      if (!described) throw new BoardRejectedError(`board ${config.boardId} was not found`);
      const check = checkColumns(config.columns, described.columns);
      if (check.problems.length > 0) {
        const list = check.problems.map((p) => `${p.field} (column ${p.columnId}) ${p.problem}`).join('; ');
        throw new SyncGuardError(
          `sync stopped, nothing changed: mapped columns do not match the board: ${list}`,
        );
      }
      labels = check.labels;
      apiVersion = described.version;
      const items = await deps.client.listItems(config.boardId, columnIds);
      return { items, apiVersion };
    },
    async (items, startedAt) => {
      const onBoard = new Set(
        items
          .filter(isActive)
          .flatMap((item) => (itemToProfile(item, config.columns).ok ? [String(item.id)] : [])),
      );
      const cached = (await readModelOf(deps).select().get()).docs.map((doc) => doc.id);
      const gone = cached.filter((id) => !onBoard.has(id));
      const maxShare = deps.maxRemovalShare ?? DEFAULT_MAX_REMOVAL_SHARE;
      if (!removalIsSafe(cached.length, gone.length, maxShare)) {
        throw new SyncGuardError(
          `sync stopped, nothing changed: it would remove ${gone.length} of ${cached.length} workers ` +
            `(more than ${Math.round(maxShare * 100)} %); check the board and its column map`,
        );
      }
      const written = await writeItems(deps, items, config.columns, startedAt, { dropInvalid: true });
      await removeItems(deps, gone);
      await saveBoardColumns(deps.db, labels, apiVersion, startedAt);
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
    async () => ({
      items: await deps.client.listItems(config.boardId, columnIdsOf(config.columns), { rules: [rule] }),
    }),
    async (items, startedAt) => {
      const changed = items.filter(
        (item) => !item.updated_at || Date.parse(item.updated_at) >= from.getTime(),
      );
      const written = await writeItems(deps, changed, config.columns, startedAt);
      return { written, removed: 0 };
    },
  );
}

export type RefreshOutcome = 'written' | 'removed' | 'invalid' | 'unconfirmed';

/**
 * What the board's answer to `items(ids:)` confirms of one item: `active` on this board, `gone`
 * (the board holds it as archived or deleted, or it is on another board: an item moved with
 * move_item_to_board keeps its id,
 * https://developer.monday.com/api-reference/changelog/new-move_item_to_board-mutation), or
 * `unconfirmed`: not answered at all (deleted for good, or the token lost sight of it) or answered
 * without its board. Deleted items stay answerable with `state: deleted` while in the trash
 * (https://developer.monday.com/api-reference/docs/items, `exclude_nonactive`), so a real deletion
 * is confirmed within seconds; an unconfirmed item is left to the nightly full sync and its guard.
 */
export function boardVerdict(
  item: BoardItem | undefined,
  boardId: string,
): 'active' | 'gone' | 'unconfirmed' {
  if (!item) return 'unconfirmed';
  const state = item.state ?? 'active';
  if (state === 'archived' || state === 'deleted') return 'gone';
  if (state !== 'active' || !item.board?.id) return 'unconfirmed';
  return String(item.board.id) === boardId ? 'active' : 'gone';
}

/**
 * These items read from the board again (100 a request), whatever an event said of them: an item
 * the board confirms active here is written, one it confirms gone (boardVerdict) leaves the read
 * model, and one it does not answer for is left as cached; a removal event alone removes nothing.
 * An active item that is no valid worker keeps its cached copy (the full sync decides, under its
 * guard).
 */
export async function refreshItems(
  deps: MondaySyncDeps,
  itemIds: readonly string[],
): Promise<{
  written: string[];
  removed: string[];
  invalid: string[];
  unconfirmed: string[];
  outcomes: Record<string, RefreshOutcome>;
}> {
  const now = deps.now ?? (() => new Date());
  const items = await deps.client.getItems(itemIds, columnIdsOf(deps.config.columns));
  const byId = new Map(items.map((item) => [String(item.id), item]));
  const verdictOf = (id: string) => boardVerdict(byId.get(id), deps.config.boardId);
  const active = itemIds.flatMap((id) => (verdictOf(id) === 'active' ? [byId.get(id)!] : []));
  const removed = itemIds.filter((id) => verdictOf(id) === 'gone');
  const unconfirmed = itemIds.filter((id) => verdictOf(id) === 'unconfirmed');
  const written = await writeItems(deps, active, deps.config.columns, now());
  await removeItems(deps, removed);
  const invalid = written.invalid.map((i) => i.itemId);
  const outcomes: Record<string, RefreshOutcome> = {};
  for (const id of written.written) outcomes[id] = 'written';
  for (const id of invalid) outcomes[id] = 'invalid';
  for (const id of removed) outcomes[id] = 'removed';
  for (const id of unconfirmed) outcomes[id] = 'unconfirmed';
  return { written: written.written, removed, invalid, unconfirmed, outcomes };
}
