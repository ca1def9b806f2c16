// A small GraphQL client for the monday.com board API over fetch: the official client has types
// but neither retries nor pagination, which are most of what this needs. Every request asks for the
// board's complexity figures, so callers (and tests) can see what a sync costs. What the board
// answers, and the documentation pages each behaviour comes from, are in docs/monday-api.md:
// - one attempt waits 65 s: a slow board must not turn a saved write into a "refused" (monday
//   names no request timeout; https://developer.monday.com/api-reference/docs/rate-limits);
// - Idempotency-Key: a repeated mutation within 30 minutes gets the first answer
//   (`Idempotency-Replayed: true`); the same key while the first request still runs gets
//   HTTP 409 (IDEMPOTENCY_CONFLICT) with Retry-After, which is waited for and asked again
//   (https://developer.monday.com/api-reference/docs/idempotency);
// - HTTP 500 on a mutation is what a non-existent item or malformed column JSON gets: asked again
//   once, then refused (https://developer.monday.com/api-reference/docs/error-handling);
// - DAILY_LIMIT_EXCEEDED (reset at midnight UTC) and FIELD_LIMIT_EXCEEDED (retry_in_seconds) are
//   not waited for: the caller is told when to try again
//   (https://developer.monday.com/api-reference/docs/rate-limits);
// - every answer carries `extensions.request_id` and RateLimit headers, kept in `stats` for the logs.
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
  /** One attempt's time limit (default 65 s: the board may take 60 s); a slower answer counts as a failed attempt. */
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
  /** The board's id of the last answered request (`extensions.request_id`), for support and the logs. */
  lastRequestId: string | null;
  /** The RateLimit headers of the last answer (name -> value), as the board sent them. */
  lastRateLimit: Record<string, string> | null;
  /** Mutations the board answered from its idempotency store (`Idempotency-Replayed: true`). */
  replayed: number;
};

type GraphQLError = {
  message?: string;
  extensions?: {
    code?: string;
    retry_in_seconds?: number;
    status_code?: number;
    error_data?: { retry_in_seconds?: number };
  };
  error_data?: { retry_in_seconds?: number };
};
type GraphQLBody<T> = {
  data?: T & { complexity?: Complexity | null };
  errors?: GraphQLError[];
  error_code?: string;
  error_message?: string;
  error_data?: { retry_in_seconds?: number };
  extensions?: { request_id?: string };
};

/** The cursor of a paginated read is older than the board keeps it (60 minutes). */
export class CursorExpiredError extends MondayError {
  override name = 'CursorExpiredError';
  constructor(message: string) {
    super('rejected', message, { code: 'CursorExpiredError' });
  }
}

const COMPLEXITY = 'complexity { before after query reset_in_x_seconds }';
// `state` and `board` tell an active item of this board from an archived, deleted or moved one:
// `items(ids:)` answers all of them (https://developer.monday.com/api-reference/docs/items).
const ITEM_FIELDS =
  'fragment ItemFields on Item { id name state updated_at board { id } column_values(ids: $columnIds) { id type text value } }';

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

// exclude_nonactive: false — archived and deleted items are answered with their `state`, so a
// refresh tells "gone from the board" from "not found" (a wrong id).
const BY_IDS = `query ByIds($ids: [ID!], $columnIds: [String!]) {
  ${COMPLEXITY}
  items(ids: $ids, limit: 100, exclude_nonactive: false) { ...ItemFields }
} ${ITEM_FIELDS}`;

const COLUMNS = `query Columns($boardId: [ID!], $columnIds: [String!]) {
  ${COMPLEXITY}
  version { value kind }
  boards(ids: $boardId) { id columns(ids: $columnIds) { id title type settings_str } }
}`;

const CHANGE = `mutation Change($boardId: ID!, $itemId: ID!, $values: JSON!, $columnIds: [String!]) {
  ${COMPLEXITY}
  change_multiple_column_values(board_id: $boardId, item_id: $itemId, column_values: $values) { ...ItemFields }
} ${ITEM_FIELDS}`;

/** A column as the board describes it; `settings_str` is JSON (status and dropdown labels). */
export type BoardColumn = { id: string; title: string; type: string; settings_str: string | null };
/** The API version that answered (`version { value kind }`). */
export type BoardApiVersion = { value: string; kind: string };

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
/**
 * Limits that last longer than any request should wait: the daily call cap (reset at midnight
 * UTC) and the per-field limit (`retry_in_seconds`). Refused at once with the time to try again.
 */
const LIMIT_CODES = new Set(['DAILY_LIMIT_EXCEEDED', 'FIELD_LIMIT_EXCEEDED']);
/** RateLimit headers kept from each answer (https://developer.monday.com/api-reference/docs/rate-limits). */
const RATE_LIMIT_HEADERS = ['ratelimit', 'ratelimit-policy', 'x-ratelimit-limit', 'x-ratelimit-remaining'];

/** Milliseconds from `nowMs` to the next midnight UTC (when the daily call cap resets). */
export function msToMidnightUtc(nowMs: number): number {
  const next = new Date(nowMs);
  next.setUTCHours(24, 0, 0, 0);
  return next.getTime() - nowMs;
}
const isCursorExpired = (error: GraphQLError) =>
  /cursor.?expired/i.test(`${error.extensions?.code ?? ''} ${error.message ?? ''}`);

type Attempt =
  | { kind: 'done'; data: unknown }
  | { kind: 'retry'; why: string; status?: number; code?: string; retryAfterMs?: number }
  | { kind: 'fail'; error: MondayError };

const retrySecondsOf = (error: GraphQLError | undefined, body: GraphQLBody<unknown>) =>
  error?.extensions?.retry_in_seconds ??
  error?.extensions?.error_data?.retry_in_seconds ??
  error?.error_data?.retry_in_seconds ??
  body.error_data?.retry_in_seconds;

function retryAfterMsOf(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export type MondayClient = ReturnType<typeof createMondayClient>;

/** An item the board holds as active (an answer without `state` is taken as active). */
export const isActive = (item: BoardItem) => (item.state ?? 'active') === 'active';

/** The board API client; one per process is enough (it serialises the writes of each board). */
export function createMondayClient(options: MondayClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 65_000;
  const maxCursorRestarts = options.maxCursorRestarts ?? 2;
  const tokenOf = () => (typeof options.token === 'function' ? options.token() : options.token);
  const stats: MondayClientStats = {
    calls: 0,
    retries: 0,
    complexityUsed: 0,
    lastComplexity: null,
    cursorRestarts: 0,
    waitedMs: 0,
    lastRequestId: null,
    lastRateLimit: null,
    replayed: 0,
  };
  /** The tail of each board's write chain: one write in flight per board in this process. */
  const writeChains = new Map<string, Promise<unknown>>();

  const clean = (text: string) => redact(text, [tokenOf()]);

  function keepHeaders(response: Response) {
    const rateLimit: Record<string, string> = {};
    for (const name of RATE_LIMIT_HEADERS) {
      const value = response.headers.get(name);
      if (value) rateLimit[name] = value;
    }
    if (Object.keys(rateLimit).length > 0) stats.lastRateLimit = rateLimit;
    if (response.headers.get('idempotency-replayed') === 'true') stats.replayed += 1;
  }

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
    keepHeaders(response);
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
    // 409: the same Idempotency-Key is still being worked on; its answer comes after Retry-After.
    if (response.status === 409) {
      await response.body?.cancel();
      return { kind: 'retry', why: 'HTTP 409 (the same write is in progress)', status: 409, retryAfterMs };
    }
    let parsed: GraphQLBody<Record<string, unknown>> | null = null;
    try {
      parsed = (await response.json()) as GraphQLBody<Record<string, unknown>>;
    } catch {
      parsed = null;
    }
    if (parsed?.extensions?.request_id) stats.lastRequestId = parsed.extensions.request_id;
    const requestTag = parsed?.extensions?.request_id ? ` [request ${parsed.extensions.request_id}]` : '';
    const errors = [...(parsed?.errors ?? [])];
    if (parsed?.error_code)
      errors.push({ message: parsed.error_message, extensions: { code: parsed.error_code } });
    const limit = errors.find((e) => LIMIT_CODES.has(e.extensions?.code ?? ''));
    if (limit && parsed) {
      const code = limit.extensions?.code ?? 'DAILY_LIMIT_EXCEEDED';
      const seconds = retrySecondsOf(limit, parsed);
      const waitMs =
        seconds !== undefined
          ? seconds * 1000
          : code === 'DAILY_LIMIT_EXCEEDED'
            ? msToMidnightUtc(Date.now())
            : retryAfterMs;
      return {
        kind: 'fail',
        error: new BoardUnavailableError(`the board's ${code}${requestTag}`, {
          status: response.status,
          code,
          retryAfterMs: waitMs,
        }),
      };
    }
    if (response.status === 429 || response.status === 423 || response.status >= 500) {
      return {
        kind: 'retry',
        why: `HTTP ${response.status}${requestTag}`,
        status: response.status,
        code: errors[0]?.extensions?.code,
        retryAfterMs: retryAfterMs ?? (parsed ? retrySecondsOf(errors[0], parsed) : undefined),
      };
    }
    if (!parsed) {
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
    const first = errors[0];
    if (first) {
      const code = first.extensions?.code;
      const message = clean(errors.map((e) => e.message ?? e.extensions?.code ?? 'error').join('; '));
      if (errors.some(isCursorExpired)) return { kind: 'fail', error: new CursorExpiredError(message) };
      if (code && RETRYABLE_CODES.has(code)) {
        const seconds = retrySecondsOf(first, parsed);
        return {
          kind: 'retry',
          why: `${message}${requestTag}`,
          code,
          status: response.status,
          retryAfterMs: seconds === undefined ? retryAfterMs : seconds * 1000,
        };
      }
      return {
        kind: 'fail',
        error: new BoardRejectedError(`the board refused the request: ${message}${requestTag}`, {
          status: response.status,
          code,
        }),
      };
    }
    if (!response.ok || !parsed.data) {
      return {
        kind: 'fail',
        error: new BoardRejectedError(
          `the board answered HTTP ${response.status} without data${requestTag}`,
          {
            status: response.status,
          },
        ),
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
    let serverErrors = 0;
    for (let n = 1; n <= maxAttempts; n += 1) {
      if (n > 1) stats.retries += 1;
      const result = await attempt(body, idempotencyKey);
      if (result.kind === 'done') return result.data as T;
      if (result.kind === 'fail') throw result.error;
      last = result;
      // A mutation's 500 is what a wrong item id or malformed value gets: asked again once, then refused.
      if (idempotencyKey && result.status === 500 && ++serverErrors >= 2) {
        throw new BoardRejectedError(`the board refused the write: ${result.why}`, {
          status: 500,
          code: result.code,
        });
      }
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
        for (const item of page.items) if (isActive(item)) items.set(String(item.id), item);
        let cursor = page.cursor;
        while (cursor) {
          const next = await request<{ next_items_page: Page }>(NEXT_PAGE, {
            cursor,
            limit: PAGE_SIZE,
            columnIds,
          });
          for (const item of next.next_items_page.items) if (isActive(item)) items.set(String(item.id), item);
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
   * The board's columns (all, or these ids) with their settings, and the API version that answered.
   * Null when the board is not found.
   */
  async function getColumns(
    boardId: string,
    columnIds?: string[],
  ): Promise<{ columns: BoardColumn[]; version: BoardApiVersion | null } | null> {
    const data = await request<{
      boards: { columns: BoardColumn[] }[] | null;
      version?: BoardApiVersion | null;
    }>(COLUMNS, { boardId: [boardId], columnIds: columnIds ?? null });
    const board = data.boards?.[0];
    return board ? { columns: board.columns, version: data.version ?? null } : null;
  }

  /**
   * change_multiple_column_values with an Idempotency-Key (a retry of an accepted write is not
   * applied twice), one at a time per board in this process. The board does not refuse overlapping
   * writes reliably (it only warns against them), so the caller also holds the board's write lease
   * across instances (write-lease.ts). Answers the item as the board now holds it.
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

  return { request, listItems, findItemsByColumnValue, getItems, getColumns, changeColumnValues, stats };
}
