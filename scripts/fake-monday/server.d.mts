export type FakeCell = { type: string; text: string; value: string | null };
export type FakeItem = { id: string; name: string; updated_at: string; columns: Record<string, FakeCell> };
export type FakeFault =
  | { kind: 'rate-limit'; times?: number; retryAfterSeconds?: number; on?: 'query' | 'mutation' | 'any' }
  | { kind: 'complexity'; times?: number; retryAfterSeconds?: number; on?: 'query' | 'mutation' | 'any' }
  | { kind: 'server-error'; times?: number; on?: 'query' | 'mutation' | 'any' }
  | { kind: 'slow'; times?: number; ms?: number; on?: 'query' | 'mutation' | 'any' }
  | { kind: 'cursor-expired'; times?: number }
  | { kind: 'locked'; times?: number };
export type FakeBoardStats = {
  calls: number;
  queries: number;
  mutations: number;
  complexityUsed: number;
  writesApplied: number;
  idempotentReplays: number;
  concurrentWritesRefused: number;
  budgetRefusals: number;
  faultsServed: Record<string, number>;
  apiVersions: string[];
  missingAuthorization: number;
  maxItemsIdsPerRequest: number;
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
  /** Every write takes this long, so two overlapping writes meet the board's 423. */
  writeDelayMs?: number;
  now?: () => number;
};
export type FakeBoard = {
  url: string;
  port: number;
  boardId: string;
  items: Map<string, FakeItem>;
  readonly stats: FakeBoardStats;
  setFaults(faults: FakeFault[]): void;
  reset(): void;
  stop(): Promise<void>;
};
export const FAKE_BOARD_ID: string;
export const FAKE_API_VERSION: string;
export const FAKE_COLUMN_MAP_JSON: string;
export const FAKE_COLUMN_MAP: Record<string, { id: string; type: string }>;
export function itemsFromWorkers(
  workers: Record<string, string>[],
  columnMap?: Record<string, { id: string; type: string }>,
  today?: Date,
): FakeItem[];
export function seedWorkers(): Record<string, string>[];
export function generatedWorkers(count: number, firstId?: number): Record<string, string>[];
export function startFakeBoard(options?: FakeBoardOptions): Promise<FakeBoard>;
