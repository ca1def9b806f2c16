/** `text` is null for an empty status or dropdown cell (as monday answers), "" for other empty cells. */
export type FakeCell = { type: string; text: string | null; value: string | null };
export type FakeItemState = 'active' | 'archived' | 'deleted';
export type FakeItem = {
  id: string;
  name: string;
  /** Default 'active'. */
  state?: FakeItemState;
  updated_at: string;
  columns: Record<string, FakeCell>;
};
/** A board column; status and dropdown ones have labels (status ids: indexes from 0, dropdown ids from 1). */
export type FakeColumn = {
  id: string;
  title: string;
  type: string;
  labels?: { id: number; name: string }[];
};
type On = { on?: 'query' | 'mutation' | 'any' };
export type FakeFault =
  | ({ kind: 'rate-limit'; times?: number; retryAfterSeconds?: number } & On)
  | ({ kind: 'complexity'; times?: number; retryAfterSeconds?: number } & On)
  /** 429 DAILY_LIMIT_EXCEEDED; retry_in_seconds and Retry-After: until midnight UTC by `now`. */
  | ({ kind: 'daily-limit'; times?: number } & On)
  /** 429 FIELD_LIMIT_EXCEEDED with error_data.retry_in_seconds (default 15). */
  | ({ kind: 'field-limit'; times?: number; retryAfterSeconds?: number } & On)
  /** 429 maxConcurrencyExceeded. */
  | ({ kind: 'concurrency'; times?: number; retryAfterSeconds?: number } & On)
  | ({ kind: 'server-error'; times?: number } & On)
  /** The answer comes `ms` (≤ 60 000, default 1000) later; a write is applied first. */
  | ({ kind: 'slow'; times?: number; ms?: number } & On)
  | { kind: 'cursor-expired'; times?: number }
  /** An injected 423 on a mutation (monday may answer one; the fake never does unless told). */
  | { kind: 'locked'; times?: number };
export type FakeBoardStats = {
  calls: number;
  queries: number;
  mutations: number;
  complexityUsed: number;
  writesApplied: number;
  idempotentReplays: number;
  /** Mutations answered 409 because their Idempotency-Key was still running. */
  idempotencyConflicts: number;
  /** Injected 423s ('locked' faults) served. */
  concurrentWritesRefused: number;
  /** Mutations that started while another mutation on the board was in flight. */
  overlappingWrites: number;
  maxConcurrentWrites: number;
  budgetRefusals: number;
  faultsServed: Record<string, number>;
  apiVersions: string[];
  invalidApiVersions: number;
  missingAuthorization: number;
  maxItemsIdsPerRequest: number;
  /** Webhook delivery attempts, retries included. */
  webhooksSent: number;
  /** Delivery attempts not answered 200 (network errors included). */
  webhookFailures: number;
};
export type FakeWebhookOptions = {
  url: string;
  /** The app's Signing Secret: the JWT in Authorization is signed with it (HS256). */
  signingSecret: string;
  /** Default 60 000 (monday: once a minute). */
  retryIntervalMs?: number;
  /** Attempts in all, the first included. Default 30 (monday: for 30 minutes). */
  maxAttempts?: number;
  /** The JWT's accountId (default 1). */
  accountId?: number;
  /** The JWT's and the events' userId (default 1). */
  userId?: number;
};
export type FakeWebhookDelivery = {
  type: string;
  triggerUuid: string;
  attempt: number;
  /** HTTP status of the answer; 0: no answer. */
  status: number;
  error?: string;
  at: string;
};
/** What a change made on the board (as a user) did. */
export type FakeBoardChange = {
  itemId: string;
  /** The webhook event's type (create_pulse, update_column_value, update_name, archive_pulse, ...). */
  type: string;
  triggerUuid: string;
  /** The first delivery attempt's HTTP status (0: no answer; null: no webhook configured). */
  status: number | null;
};
export type FakeBoardOptions = {
  port?: number;
  host?: string;
  boardId?: string;
  columnMap?: Record<string, { id: string; type: string }>;
  /** Items as stored; default: `itemsFromWorkers(workers ?? seedWorkers())`. */
  items?: FakeItem[];
  workers?: Record<string, string>[];
  faults?: FakeFault[];
  /** When set, requests must carry it in Authorization (else 401). */
  token?: string;
  budgetPerMinute?: number;
  maxQueryComplexity?: number;
  /** Every write takes this long, so writes overlap (counted in stats.overlappingWrites, never refused). */
  writeDelayMs?: number;
  /** The clock of idempotency keys, cursors, the budget, the daily limit and webhook times. */
  now?: () => number;
  /** Send webhooks as an integration app's, for the board changes below. */
  webhook?: FakeWebhookOptions;
};
export type FakeBoard = {
  url: string;
  port: number;
  boardId: string;
  items: Map<string, FakeItem & { state: FakeItemState }>;
  columns: Map<string, FakeColumn>;
  readonly stats: FakeBoardStats;
  readonly webhookLog: FakeWebhookDelivery[];
  setFaults(faults: FakeFault[]): void;
  reset(): void;
  /** Changes made as a user on the board would; each resolves once its webhook's first attempt was answered. */
  archiveItem(id: string): Promise<FakeBoardChange>;
  deleteItem(id: string): Promise<FakeBoardChange>;
  restoreItem(id: string): Promise<FakeBoardChange>;
  /** `value`: the column's write JSON as in the API (`{"label": "L"}`, `{"labels": ["A", "B"]}`, ...); "name" renames. */
  changeColumn(id: string, columnId: string, value: unknown): Promise<FakeBoardChange>;
  /** `columns`: column id -> text as a user types it (a dropdown's labels joined by ", "). */
  createItem(item: { name: string; columns?: Record<string, string> }): Promise<FakeBoardChange>;
  /** The board's column `from` is now `to` (a column replaced by a new one): columns and cells move; no webhook. */
  renameColumnId(from: string, to: string): void;
  /** The item moved to another board (it keeps its id; items(ids:) answers that board); no webhook. */
  moveItemToBoard(id: string, otherBoardId: string): void;
  /** The item deleted for good or out of the token's sight: items(ids:) no longer answers it; no webhook. */
  forgetItem(id: string): void;
  stop(): Promise<void>;
};
export type FakeApiVersion = { value: string; kind: string; display_name: string };
export const FAKE_BOARD_ID: string;
export const FAKE_API_VERSION: string;
export const FAKE_API_VERSIONS: FakeApiVersion[];
export const FAKE_COLUMN_MAP_JSON: string;
export const FAKE_COLUMN_MAP: Record<string, { id: string; type: string }>;
export function itemsFromWorkers(
  workers: Record<string, string>[],
  columnMap?: Record<string, { id: string; type: string }>,
  today?: Date,
): FakeItem[];
export function seedWorkers(): Record<string, string>[];
export function generatedWorkers(count: number, firstId?: number): Record<string, string>[];
/** A JWT signed HS256 with `secret`. */
export function signJwt(claims: Record<string, unknown>, secret: string): string;
/** A webhook fixture of fixtures/webhooks/ by file name without `.json`. */
export function webhookFixture(name: string): {
  _source: string;
  _note?: string;
  event: Record<string, unknown>;
  challenge?: string;
};
export function startFakeBoard(options?: FakeBoardOptions): Promise<FakeBoard>;
