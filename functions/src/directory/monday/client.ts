// A small GraphQL client for the monday.com board API over fetch: the official client has types
// but neither retries nor pagination, which are most of what this needs. Every request asks for the
// board's complexity figures, so callers (and tests) can see what a sync costs.
import type { BoardItem } from './columns.js';
import {
  BoardRejectedError,
  BoardUnauthorizedError,
  BoardUnavailableError,
  MondayError,
  redact,
} from './errors.js';

export type MondayClientOptions = {
  apiUrl: string;
  apiVersion: string;
  /** The token, read when a request is sent (a secret's `.value()` only exists at run time). */
  token: string | (() => string);
  fetch?: typeof fetch;
  /** Waits between attempts; tests pass one that returns at once and records the delays. */
  sleep?: (ms: number) => Promise<void>;
  /** 0 <= r < 1, for the back-off jitter. */
  random?: () => number;
  /** Attempts per request, the first included (default 5). */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After or retry_in_seconds longer than this is not waited for: the request fails at once. */
  maxWaitMs?: number;
  /** One attempt's time limit; a slower answer counts as a failed attempt. */
  timeoutMs?: number;
  /** How often a pagination starts again after an expired cursor (default 2). */
  maxCursorRestarts?: number;
};

export type Complexity = { before: number; after: number; query: number; reset_in_x_seconds?: number };

export type MondayClientStats = {
  /** HTTP requests sent (attempts, retries included). */
  calls: number;
  retries: number;
  /** Sum of the complexity the board reported for the answered queries. */
  complexityUsed: number;
  lastComplexity: Complexity | null;
  cursorRestarts: number;
  /** Total back-off asked of `sleep`. */
  waitedMs: number;
};

type GraphQLError = {
  message?: string;
  extensions?: { code?: string; retry_in_seconds?: number; status_code?: number };
};
type GraphQLBody<T> = {
  data?: T & { complexity?: Complexity | null };
  errors?: GraphQLError[];
  error_code?: string;
  error_message?: string;
};

/** The cursor of a paginated read is older than the board keeps it (60 minutes). */
export class CursorExpiredError extends MondayError {
  override name = 'CursorExpiredError';
  constructor(message: string) {
    super('rejected', message, { code: 'CursorExpiredError' });
  }
}

const COMPLEXITY = 'complexity { before after query reset_in_x_seconds }';
const ITEM_FIELDS =
  'fragment ItemFields on Item { id name updated_at column_values(ids: $columnIds) { id type text value } }';

const FIRST_PAGE = `query FirstPage($boardId: [ID!], $limit: Int!, $columnIds: [String!], $queryParams: ItemsQuery) {
  ${COMPLEXITY}
  boards(ids: $boardId) { id items_page(limit: $limit, query_params: $queryParams) { cursor items { ...ItemFields } } }
} ${ITEM_FIELDS}`;

const NEXT_PAGE = `query NextPage($cursor: String!, $limit: Int!, $columnIds: [String!]) {
  ${COMPLEXITY}
  next_items_page(limit: $limit, cursor: $cursor) { cursor items { ...ItemFields } }
} ${ITEM_FIELDS}`;

const BY_COLUMN = `query ByColumn($boardId: ID!, $columnId: String!, $values: [String]!, $columnIds: [String!]) {
  ${COMPLEXITY}
  items_page_by_column_values(board_id: $boardId, limit: 25, columns: [{ column_id: $columnId, column_values: $values }]) {
    cursor items { ...ItemFields }
  }
} ${ITEM_FIELDS}`;

const BY_IDS = `query ByIds($ids: [ID!], $columnIds: [String!]) {
  ${COMPLEXITY}
  items(ids: $ids, limit: 100) { ...ItemFields }
} ${ITEM_FIELDS}`;

const CHANGE = `mutation Change($boardId: ID!, $itemId: ID!, $values: JSON!, $columnIds: [String!]) {
  ${COMPLEXITY}
  change_multiple_column_values(board_id: $boardId, item_id: $itemId, column_values: $values) { ...ItemFields }
} ${ITEM_FIELDS}`;

/** Most ids `items(ids:)` takes in one request. */
export const ITEMS_PER_REQUEST = 100;
/** The largest page `items_page` serves. */
export const PAGE_SIZE = 500;

const RETRYABLE_CODES = new Set([
  'COMPLEXITY_BUDGET_EXHAUSTED',
  'ComplexityException',
  'RATE_LIMIT_EXCEEDED',
  'RateLimitExceeded',
  'IP_RATE_LIMIT_EXCEEDED',
  'maxConcurrencyExceeded',
  'CONCURRENCY_LIMIT_EXCEEDED',
  'INTERNAL_SERVER_ERROR',
]);
const isCursorExpired = (error: GraphQLError) =>
  /cursor.?expired/i.test(`${error.extensions?.code ?? ''} ${error.message ?? ''}`);

type Attempt =
  | { kind: 'done'; data: unknown }
  | { kind: 'retry'; why: string; status?: number; code?: string; retryAfterMs?: number }
  | { kind: 'fail'; error: MondayError };

function retryAfterMsOf(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export type MondayClient = ReturnType<typeof createMondayClient>;

/** The board API client; one per process is enough (it serialises the writes of each board). */
export function createMondayClient(options: MondayClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxCursorRestarts = options.maxCursorRestarts ?? 2;
  const tokenOf = () => (typeof options.token === 'function' ? options.token() : options.token);
  const stats: MondayClientStats = {
    calls: 0,
    retries: 0,
    complexityUsed: 0,
    lastComplexity: null,
    cursorRestarts: 0,
    waitedMs: 0,
  };
  /** The tail of each board's write chain: one write in flight per board in this process. */
  const writeChains = new Map<string, Promise<unknown>>();

  const clean = (text: string) => redact(text, [tokenOf()]);

  async function attempt(body: string, idempotencyKey: string | undefined): Promise<Attempt> {
    let response: Response;
    try {
      response = await doFetch(options.apiUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: tokenOf(),
          'API-Version': options.apiVersion,
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      stats.calls += 1;
      const isTimeout =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { kind: 'retry', why: isTimeout ? `no answer within ${timeoutMs} ms` : clean(String(error)) };
    }
    stats.calls += 1;
    const retryAfterMs = retryAfterMsOf(response.headers.get('retry-after'), Date.now());
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return {
        kind: 'fail',
        error: new BoardUnauthorizedError(`the board refused the token (HTTP ${response.status})`, {
          status: response.status,
        }),
      };
    }
    if (response.status === 429 || response.status === 423 || response.status >= 500) {
      await response.body?.cancel();
      return { kind: 'retry', why: `HTTP ${response.status}`, status: response.status, retryAfterMs };
    }
    let parsed: GraphQLBody<Record<string, unknown>>;
    try {
      parsed = (await response.json()) as GraphQLBody<Record<string, unknown>>;
    } catch {
      return {
        kind: 'retry',
        why: `HTTP ${response.status} with an unreadable body`,
        status: response.status,
      };
    }
    const complexity = parsed.data?.complexity;
    if (complexity) {
      stats.complexityUsed += complexity.query;
      stats.lastComplexity = complexity;
    }
    const errors = parsed.errors ?? [];
    if (parsed.error_code)
      errors.push({ message: parsed.error_message, extensions: { code: parsed.error_code } });
    const first = errors[0];
    if (first) {
      const code = first.extensions?.code;
      const message = clean(errors.map((e) => e.message ?? e.extensions?.code ?? 'error').join('; '));
      if (errors.some(isCursorExpired)) return { kind: 'fail', error: new CursorExpiredError(message) };
      if (code && RETRYABLE_CODES.has(code)) {
        const seconds = first.extensions?.retry_in_seconds;
        return {
          kind: 'retry',
          why: message,
          code,
          status: response.status,
          retryAfterMs: seconds === undefined ? retryAfterMs : seconds * 1000,
        };
      }
      return {
        kind: 'fail',
        error: new BoardRejectedError(`the board refused the request: ${message}`, {
          status: response.status,
          code,
        }),
      };
    }
    if (!response.ok || !parsed.data) {
      return {
        kind: 'fail',
        error: new BoardRejectedError(`the board answered HTTP ${response.status} without data`, {
          status: response.status,
        }),
      };
    }
    return { kind: 'done', data: parsed.data };
  }

  /** One GraphQL request with bounded retries; throws a `MondayError`. */
  async function request<T>(
    query: string,
    variables: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<T> {
    const body = JSON.stringify({ query, variables });
    let last: Extract<Attempt, { kind: 'retry' }> | null = null;
    for (let n = 1; n <= maxAttempts; n += 1) {
      if (n > 1) stats.retries += 1;
      const result = await attempt(body, idempotencyKey);
      if (result.kind === 'done') return result.data as T;
      if (result.kind === 'fail') throw result.error;
      last = result;
      if (result.retryAfterMs !== undefined && result.retryAfterMs > maxWaitMs) break;
      if (n === maxAttempts) break;
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (n - 1)) * (0.5 + random() / 2);
      const wait = Math.max(result.retryAfterMs ?? 0, backoff);
      stats.waitedMs += wait;
      await sleep(wait);
    }
    throw new BoardUnavailableError(`the board is unavailable: ${last?.why ?? 'no answer'}`, {
      status: last?.status,
      code: last?.code,
      retryAfterMs: last?.retryAfterMs,
      attempts: maxAttempts,
    });
  }

  type Page = { cursor: string | null; items: BoardItem[] };

  /**
   * Every item of the board (or those `queryParams` selects), 500 a page. An expired cursor starts
   * the read again from the first page (at most `maxCursorRestarts` times).
   */
  async function listItems(
    boardId: string,
    columnIds: string[],
    queryParams?: Record<string, unknown>,
  ): Promise<BoardItem[]> {
    for (let restart = 0; ; restart += 1) {
      const items = new Map<string, BoardItem>();
      try {
        const first = await request<{ boards: { items_page: Page }[] }>(FIRST_PAGE, {
          boardId: [boardId],
          limit: PAGE_SIZE,
          columnIds,
          queryParams: queryParams ?? null,
        });
        const page = first.boards[0]?.items_page;
        if (!page) throw new BoardRejectedError(`board ${boardId} was not found`);
        for (const item of page.items) items.set(String(item.id), item);
        let cursor = page.cursor;
        while (cursor) {
          const next = await request<{ next_items_page: Page }>(NEXT_PAGE, {
            cursor,
            limit: PAGE_SIZE,
            columnIds,
          });
          for (const item of next.next_items_page.items) items.set(String(item.id), item);
          cursor = next.next_items_page.cursor;
        }
        return [...items.values()];
      } catch (error) {
        if (!(error instanceof CursorExpiredError) || restart >= maxCursorRestarts) throw error;
        stats.cursorRestarts += 1;
      }
    }
  }

  /** The items whose column `columnId` holds `value` (e.g. the e-mail column). */
  async function findItemsByColumnValue(
    boardId: string,
    columnId: string,
    value: string,
    columnIds: string[],
  ) {
    const data = await request<{ items_page_by_column_values: Page }>(BY_COLUMN, {
      boardId,
      columnId,
      values: [value],
      columnIds,
    });
    return data.items_page_by_column_values.items;
  }

  /** The items with these ids (missing ones are left out), 100 ids a request. */
  async function getItems(ids: readonly string[], columnIds: string[]): Promise<BoardItem[]> {
    const found: BoardItem[] = [];
    for (let start = 0; start < ids.length; start += ITEMS_PER_REQUEST) {
      const chunk = ids.slice(start, start + ITEMS_PER_REQUEST);
      const data = await request<{ items: BoardItem[] | null }>(BY_IDS, { ids: chunk, columnIds });
      found.push(...(data.items ?? []));
    }
    return found;
  }

  /**
   * change_multiple_column_values with an Idempotency-Key (a retry of an accepted write is not
   * applied twice), one at a time per board in this process (the board answers 423 to concurrent
   * writes; another instance's write is met by the 423 retry). Answers the item as the board now holds it.
   */
  function changeColumnValues(
    boardId: string,
    itemId: string,
    columnValues: Record<string, unknown>,
    idempotencyKey: string,
    columnIds: string[],
  ): Promise<BoardItem> {
    const previous = writeChains.get(boardId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const data = await request<{ change_multiple_column_values: BoardItem | null }>(
          CHANGE,
          { boardId, itemId, values: JSON.stringify(columnValues), columnIds },
          idempotencyKey,
        );
        if (!data.change_multiple_column_values)
          throw new BoardRejectedError(`item ${itemId} is not on the board`);
        return data.change_multiple_column_values;
      });
    const tail = run.catch(() => undefined);
    writeChains.set(boardId, tail);
    void tail.then(() => {
      if (writeChains.get(boardId) === tail) writeChains.delete(boardId);
    });
    return run;
  }

  return { request, listItems, findItemsByColumnValue, getItems, changeColumnValues, stats };
}
