/**
 * A local fake of the monday.com board API (GraphQL, graphql-yoga) for `npm start` and the tests,
 * behaving as monday's documentation says (docs/monday-api.md has the facts and their pages):
 *
 * - The schema subset the worker directory uses (the exact SDL is `typeDefs` in schema.mjs): boards
 *   { columns(ids:) { id title type settings_str } items_page }, next_items_page,
 *   items_page_by_column_values, items(ids:, limit:, page:, exclude_nonactive:), version,
 *   versions, complexity, change_multiple_column_values. Seeded with the seed's workers
 *   (board-data.mjs); status and dropdown columns have labels (settings_str as monday describes
 *   them), dropdown_job holds several labels.
 * - Items have `state` (active | archived | deleted) and `board { id }`: items(ids:) answers all
 *   states unless exclude_nonactive: true (https://developer.monday.com/api-reference/docs/items).
 *   items_page, next_items_page and items_page_by_column_values serve active items only: the docs
 *   do not say what they do with the others (approximation).
 * - change_multiple_column_values: a status/dropdown label the column lacks fails with the
 *   documented ColumnValueException (HTTP 200) unless create_labels_if_missing: true, which adds it.
 *   An unknown board or item id answers HTTP 500 `{"error_message": "Internal server error",
 *   "status_code": 500}` (https://developer.monday.com/api-reference/docs/error-handling), and so
 *   does column_values that parse but are not an object; column_values that do not parse answer
 *   JsonParseException with HTTP 400 (same page; the changelog says it replaced the 500).
 * - Idempotency-Key on mutations (https://developer.monday.com/api-reference/docs/idempotency): an
 *   executed answer is kept 30 minutes (by the injectable `now`) and replayed with
 *   `Idempotency-Replayed: true`; the same key while the first request runs gets 409
 *   IDEMPOTENCY_CONFLICT with Retry-After. Not said by the docs, so the fake's choice: answers of
 *   injected faults, 429 and 5xx are not kept.
 * - Every answer has `extensions.request_id` in its body and the `RateLimit-Policy` / `RateLimit`
 *   headers in the documented format (https://developer.monday.com/api-reference/docs/rate-limits);
 *   the minute and concurrency quotas shown are the Enterprise tier's, the complexity one the
 *   fake's budget.
 * - API-Version: one of FAKE_API_VERSIONS (none: the current one); anything else answers the
 *   documented InvalidVersionException (HTTP 200). `version { value kind display_name }`.
 * - Concurrent mutations on the board are NOT refused: monday lists a possible 423 ("Resource is
 *   currently locked, please try again later") but promises none, so the fake counts overlaps
 *   (stats.overlappingWrites, stats.maxConcurrentWrites) and serves a 423 only as an injected
 *   'locked' fault.
 * - Webhooks as an integration app's (webhooks.mjs): events built on fixtures/webhooks/, a JWT in
 *   Authorization, retried once a minute for 30 minutes (both configurable).
 *
 * Approximations: the complexity costs (`complexityOf`); the bodies of DAILY_LIMIT_EXCEEDED,
 * RATE_LIMIT_EXCEEDED and the 423/409/401/400 answers (the docs give their codes/messages and
 * statuses, not whole bodies); stored `value` JSON of status ({"index"}) and dropdown ({"ids"})
 * cells (an empty one has `text` null, as documented); which of the two documented answers (500 or
 * JsonParseException) malformed column_values get; webhook payloads of lifecycle, rename and
 * dropdown events (undocumented: see the fixtures' notes; restore_pulse's previousValue.state 3 for a
 * deleted item is a guess); webhook columnType of columns other than status. API calls never take
 * long unless a 'slow' fault (up to 60 s) or writeDelayMs says so: the docs give no timeout.
 *
 *   node scripts/fake-monday/server.mjs --port 4010 [--extra-workers 1000] [--webhook-url URL --signing-secret S]
 *
 * Admin endpoints: GET /admin/stats, GET /admin/webhooks (delivery log), POST /admin/faults
 * {"faults":[{"kind":"rate-limit","times":2}]}, POST /admin/reset (stats, budget, faults, keys),
 * GET /admin/items/<id> (an item as stored), and changes made as a user on the board would, each
 * sending its webhook: POST /admin/items {"name", "columns": {columnId: text}} (create_pulse),
 * POST /admin/items/<id>/columns {"columnId", "value": <write JSON as in the API>}
 * (update_column_value; "name" -> update_name), POST /admin/items/<id>/archive | /delete | /restore.
 * The same changes are methods of the returned board (createItem, changeColumn, archiveItem,
 * deleteItem, restoreItem), with renameColumnId (a column replaced by one with a new id),
 * moveItemToBoard (the item on another board: items(ids:) answers it with that board) and
 * forgetItem (items(ids:) no longer answers it), neither with a webhook.
 *
 * Fault kinds (`on`: 'query' | 'mutation' | 'any', `times`): rate-limit (429), complexity (429
 * COMPLEXITY_BUDGET_EXHAUSTED), daily-limit (429 DAILY_LIMIT_EXCEEDED, retry until midnight UTC),
 * field-limit (429 FIELD_LIMIT_EXCEEDED), concurrency (429 maxConcurrencyExceeded), server-error
 * (500), slow (the answer after `ms` ≤ 60 000; a write is applied first), cursor-expired (next
 * next_items_page), locked (an injected 423 on a mutation).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { GraphQLError, Kind, parse } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import {
  BoardError,
  FAKE_COLUMN_MAP,
  boardColumns,
  cellFromText,
  cellFromWrite,
  generatedWorkers,
  itemsFromWorkers,
  seedWorkers,
  settingsStr,
  textsOfItems,
} from './board-data.mjs';
import { JSONScalar, complexityOf, typeDefs } from './schema.mjs';
import { eventBuilders, webhookSender } from './webhooks.mjs';

export {
  FAKE_COLUMN_MAP,
  FAKE_COLUMN_MAP_JSON,
  generatedWorkers,
  itemsFromWorkers,
  seedWorkers,
} from './board-data.mjs';
export { signJwt, webhookFixture } from './webhooks.mjs';

export const FAKE_BOARD_ID = '1234567890';
/** The version the directory's client sends; the fake's current one. */
export const FAKE_API_VERSION = '2026-10';
/** The versions the fake accepts in API-Version (its assumption of the calendar; see docs/monday-api.md). */
export const FAKE_API_VERSIONS = [
  { value: '2026-04', kind: 'previous_maintenance', display_name: 'Previous Maintenance' },
  { value: '2026-07', kind: 'maintenance', display_name: 'Maintenance' },
  { value: '2026-10', kind: 'current', display_name: 'Current' },
  { value: '2027-01', kind: 'release_candidate', display_name: 'Release Candidate' },
];

const CURSOR_LIFETIME_MS = 60 * 60 * 1000;
const BUDGET_WINDOW_MS = 60 * 1000;
const IDEMPOTENCY_TTL_MS = 30 * 60 * 1000;
const MAX_SLOW_MS = 60_000;
/** The Enterprise tier's minute and concurrency limits (rate-limits page), shown in the headers. */
const MINUTE_QUOTA = 5000;
const CONCURRENCY_QUOTA = 250;

/** @param {string} code @param {string} message @param {Record<string, unknown>} [extra] */
const boardError = (code, message, extra = {}) =>
  new GraphQLError(message, { extensions: { code, ...extra } });

/** An error that is answered with its own HTTP status and body (500, 400 JsonParseException). */
const httpError = (status, body) =>
  new GraphQLError(String(body.error_message ?? body.errors?.[0]?.message ?? 'error'), {
    extensions: { fakeHttp: { status, body } },
  });
const internalServerError = () =>
  httpError(500, { error_message: 'Internal server error', status_code: 500 });

/** A resolver that turns board-data's BoardError into monday's 200 error (extensions.code, status_code 200). */
const boardErrors =
  (resolve) =>
  (...args) => {
    try {
      return resolve(...args);
    } catch (error) {
      if (error instanceof BoardError)
        throw boardError(error.code, error.message, { status_code: 200, ...error.extensions });
      throw error;
    }
  };

const newStats = () => ({
  /** Every HTTP request to the API endpoint. */
  calls: 0,
  queries: 0,
  mutations: 0,
  /** Complexity charged to the budget (answered requests). */
  complexityUsed: 0,
  writesApplied: 0,
  idempotentReplays: 0,
  /** Mutations refused with 409 because their Idempotency-Key was still running. */
  idempotencyConflicts: 0,
  /** Injected 423s ('locked' faults) served. */
  concurrentWritesRefused: 0,
  /** Mutations that started while another mutation on the board was in flight (monday does not refuse them). */
  overlappingWrites: 0,
  maxConcurrentWrites: 0,
  budgetRefusals: 0,
  faultsServed: /** @type {Record<string, number>} */ ({}),
  apiVersions: /** @type {string[]} */ ([]),
  invalidApiVersions: 0,
  missingAuthorization: 0,
  maxItemsIdsPerRequest: 0,
  /** Webhook delivery attempts (retries included) and those not answered 200. */
  webhooksSent: 0,
  webhookFailures: 0,
});

/** Seconds from `nowMs` to the next midnight UTC (when the daily call limit resets). */
const secondsToMidnightUtc = (nowMs) => {
  const next = new Date(nowMs);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((next.getTime() - nowMs) / 1000));
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the fake board. `faults` is a list of one-shot faults, served in order to the requests
 * they match (`on`: 'query' | 'mutation' | 'any').
 * @param {import('./server.d.mts').FakeBoardOptions} [options]
 * @returns {Promise<import('./server.d.mts').FakeBoard>}
 */
export async function startFakeBoard(options = {}) {
  const boardId = String(options.boardId ?? FAKE_BOARD_ID);
  const columnMap = options.columnMap ?? FAKE_COLUMN_MAP;
  const now = options.now ?? (() => Date.now());
  const budgetPerMinute = options.budgetPerMinute ?? 10_000_000;
  const maxQueryComplexity = options.maxQueryComplexity ?? 5_000_000;
  const writeDelayMs = options.writeDelayMs ?? 0;

  const seedItems = options.items ?? itemsFromWorkers(options.workers ?? seedWorkers(), columnMap);
  /** The board's columns: `name` and every mapped column; status and dropdown ones with labels. */
  const columns = boardColumns(columnMap, textsOfItems(seedItems));
  /** @type {Map<string, any>} */
  const items = new Map();
  for (const item of seedItems) {
    const stored = {
      ...item,
      id: String(item.id),
      state: item.state ?? 'active',
      columns: { ...item.columns },
    };
    // Status and dropdown values point at this board's label ids.
    for (const [id, cell] of Object.entries(stored.columns)) {
      const column = columns.get(id);
      if (column?.labels) stored.columns[id] = { type: cell.type, ...cellFromText(column, cell.text) };
    }
    items.set(stored.id, stored);
  }

  let faults = [...(options.faults ?? [])].map((f) => ({ ...f, times: f.times ?? 1 }));
  let stats = newStats();
  let budget = { remaining: budgetPerMinute, resetAt: now() + BUDGET_WINDOW_MS };
  let minute = { count: 0, resetAt: now() + 60_000 };
  const cursors = new Map();
  /** Idempotency-Key -> {running: true} | {answer, expiresAt} */
  const idempotent = new Map();
  let requestsInFlight = 0;
  let writesInFlight = 0;
  /** @type {any[]} */
  const webhookLog = [];
  const userId = options.webhook?.userId ?? 1;
  const events = eventBuilders({ boardId, userId, subscriptionId: 1, now });
  const sender = options.webhook
    ? webhookSender(options.webhook, { now, stats: () => stats, log: webhookLog })
    : null;

  const boardView = () => ({
    id: boardId,
    name: 'Workers',
    columns: ({ ids }) =>
      [...columns.values()]
        .filter((column) => !ids || ids.includes(column.id))
        .map((column) => ({
          id: column.id,
          title: column.title,
          type: column.type,
          settings_str: settingsStr(column),
        })),
    items_page: ({ limit, cursor, query_params: query }) => {
      if (cursor) return nextPage(cursor, limit);
      const rules = query?.rules ?? [];
      const ids = [...items.values()]
        .filter((item) => isListed(item) && rules.every((rule) => matchesRule(item, rule)))
        .map((item) => item.id);
      return page(ids, 0, limit);
    },
  });

  /** Listed on this board: active and not moved to another board (`movedToBoard`). */
  const isListed = (item) => item.state === 'active' && !item.movedToBoard;

  const itemView = (item) => ({
    id: item.id,
    name: item.name,
    state: item.state,
    updated_at: item.updated_at,
    board: item.movedToBoard ? { id: item.movedToBoard } : boardView(),
    column_values: ({ ids }) =>
      Object.entries(item.columns)
        .filter(([id]) => !ids || ids.includes(id))
        .map(([id, cell]) => ({ id, type: cell.type, text: cell.text, value: cell.value })),
  });

  const matchesRule = (item, rule) => {
    const compare = Array.isArray(rule.compare_value) ? rule.compare_value : [rule.compare_value];
    if (rule.column_id === '__last_updated__') {
      const day = String(compare.at(-1));
      const itemDay = item.updated_at.slice(0, 10);
      if (rule.operator === 'greater_than') return itemDay > day;
      if (rule.operator === 'greater_than_or_equals') return itemDay >= day;
      throw boardError(
        'InvalidArgumentException',
        `unsupported operator ${rule.operator} for __last_updated__`,
      );
    }
    const text = item.columns[rule.column_id]?.text ?? '';
    if ((rule.operator ?? 'any_of') === 'any_of') return compare.map(String).includes(text);
    if (rule.operator === 'is_empty') return text === '';
    if (rule.operator === 'is_not_empty') return text !== '';
    throw boardError('InvalidArgumentException', `unsupported operator ${rule.operator}`);
  };

  const page = (ids, offset, limit) => {
    const size = Math.min(Math.max(limit ?? 25, 1), 500);
    const slice = ids
      .slice(offset, offset + size)
      .map((id) => items.get(id))
      .filter((item) => item && isListed(item));
    let cursor = null;
    if (offset + size < ids.length) {
      cursor = randomUUID();
      cursors.set(cursor, { ids, offset: offset + size, createdAt: now() });
    }
    return { cursor, items: slice.map(itemView) };
  };

  function nextPage(cursor, limit) {
    const state = cursors.get(cursor);
    if (!state || now() - state.createdAt > CURSOR_LIFETIME_MS) {
      throw boardError(
        'CursorExpiredError',
        'CursorExpiredError: The cursor provided for pagination has expired',
      );
    }
    return page(state.ids, state.offset, limit);
  }

  /** change_multiple_column_values' column_values: an object, from JSON text or a JSON value. */
  const columnValuesOf = (input) => {
    let values = input;
    if (typeof input === 'string') {
      try {
        values = JSON.parse(input);
      } catch {
        const json = input.slice(0, 100);
        throw httpError(400, {
          errors: [
            {
              message: 'Syntax error in JSON input',
              extensions: { code: 'JsonParseException', error_data: { json }, status_code: 400 },
            },
          ],
        });
      }
    }
    if (typeof values !== 'object' || values === null || Array.isArray(values)) throw internalServerError();
    return values;
  };

  const resolvers = {
    JSON: JSONScalar,
    Query: {
      complexity: (_root, _args, context) => context.complexity,
      version: (_root, _args, context) => context.version,
      versions: () => FAKE_API_VERSIONS,
      boards: (_root, { ids }) =>
        (ids ?? [boardId])
          .map(String)
          .filter((id) => id === boardId)
          .map(() => boardView()),
      items: (_root, { ids, limit, page: pageNumber, exclude_nonactive: excludeNonactive }) => {
        const list = (ids ?? []).map(String);
        if (list.length > 100)
          throw boardError('InvalidArgumentException', 'items(ids:) takes at most 100 ids', {
            status_code: 200,
          });
        stats.maxItemsIdsPerRequest = Math.max(stats.maxItemsIdsPerRequest, list.length);
        const size = Math.min(Math.max(limit ?? 25, 1), 100);
        const start = (Math.max(pageNumber ?? 1, 1) - 1) * size;
        return list
          .map((id) => items.get(id))
          .filter((item) => item && (!excludeNonactive || item.state === 'active'))
          .slice(start, start + size)
          .map(itemView);
      },
      next_items_page: (_root, { cursor, limit }) => nextPage(cursor, limit),
      items_page_by_column_values: (_root, { board_id: board, columns: wanted, limit }) => {
        if (String(board) !== boardId)
          throw boardError('ResourceNotFoundException', `board ${board} not found`, { status_code: 200 });
        const ids = [...items.values()]
          .filter(
            (item) =>
              isListed(item) &&
              (wanted ?? []).every((c) => {
                const text = (
                  c.column_id === 'name' ? item.name : (item.columns[c.column_id]?.text ?? '')
                ).toLowerCase();
                return c.column_values.some((v) => String(v).toLowerCase() === text);
              }),
          )
          .map((item) => item.id);
        return page(ids, 0, limit);
      },
    },
    Mutation: {
      complexity: (_root, _args, context) => context.complexity,
      change_multiple_column_values: boardErrors((_root, args) => {
        if (String(args.board_id) !== boardId) throw internalServerError();
        const item = items.get(String(args.item_id));
        if (!item) throw internalServerError();
        const values = columnValuesOf(args.column_values);
        const createLabels = args.create_labels_if_missing === true;
        const next = { ...item, columns: { ...item.columns } };
        for (const [columnId, input] of Object.entries(values)) {
          if (columnId === 'name') {
            if (typeof input !== 'string' || !input.trim())
              throw new BoardError('ColumnValueException', 'The item name cannot be empty', {
                error_data: { column_type: 'name' },
              });
            next.name = input;
            continue;
          }
          const column = columns.get(columnId);
          if (!column || !(columnId in next.columns))
            throw new BoardError('InvalidColumnIdException', `This column ID doesn't exist for the board`, {
              error_data: { column_id: columnId },
            });
          next.columns[columnId] = { type: column.type, ...cellFromWrite(column, input, createLabels) };
        }
        next.updated_at = new Date(now()).toISOString();
        items.set(item.id, next);
        stats.writesApplied += 1;
        return itemView(next);
      }),
    },
  };

  const yoga = createYoga({
    schema: createSchema({ typeDefs, resolvers }),
    graphqlEndpoint: '/v2',
    logging: false,
    maskedErrors: false,
    landingPage: false,
  });

  const takeFault = (isMutation, isNextPage) => {
    const fault = faults.find(
      (f) =>
        f.times > 0 &&
        (f.kind === 'cursor-expired'
          ? isNextPage
          : f.kind === 'locked'
            ? isMutation
            : (f.on ?? 'any') === 'any' || (f.on === 'mutation') === isMutation),
    );
    if (!fault) return null;
    fault.times -= 1;
    stats.faultsServed[fault.kind] = (stats.faultsServed[fault.kind] ?? 0) + 1;
    return fault;
  };

  /** The RateLimit headers (https://developer.monday.com/api-reference/docs/rate-limits#rate-limit-headers). */
  const rateLimitHeaders = (minuteExceededFor) => {
    const complexityReset = Math.max(1, Math.ceil((budget.resetAt - now()) / 1000));
    const minutePart =
      minuteExceededFor !== undefined
        ? `"minuteRate";r=0;t=${minuteExceededFor}`
        : `"minuteRate";r=${Math.max(0, MINUTE_QUOTA - minute.count)}`;
    return {
      'ratelimit-policy': `"minuteRate";q=${MINUTE_QUOTA};w=60, "concurrency";q=${CONCURRENCY_QUOTA};qu="concurrent-requests", "complexityMinute";q=${budgetPerMinute};w=60;qu="content-bytes"`,
      ratelimit: `${minutePart}, "concurrency";r=${Math.max(0, CONCURRENCY_QUOTA - requestsInFlight)}, "complexityMinute";r=${Math.max(0, budget.remaining)};t=${complexityReset}`,
    };
  };

  /** An answer: the body gets `extensions.request_id`; every answer has the RateLimit headers. */
  const answerOf = (requestId, status, body, headers = {}, minuteExceededFor = undefined) => {
    const withId = { ...body, extensions: { ...(body.extensions ?? {}), request_id: requestId } };
    return {
      status,
      body: JSON.stringify(withId),
      headers: {
        'content-type': 'application/json',
        ...rateLimitHeaders(minuteExceededFor),
        ...headers,
      },
    };
  };

  /** One API request: auth, version, idempotency, faults, budget, then graphql-yoga. */
  async function handleApi(headers, rawBody) {
    stats.calls += 1;
    requestsInFlight += 1;
    try {
      return await answerApi(headers, rawBody, randomUUID());
    } finally {
      requestsInFlight -= 1;
    }
  }

  async function answerApi(headers, rawBody, requestId) {
    if (now() >= minute.resetAt) minute = { count: 0, resetAt: now() + 60_000 };
    minute.count += 1;
    if (now() >= budget.resetAt) budget = { remaining: budgetPerMinute, resetAt: now() + BUDGET_WINDOW_MS };
    const answer = (status, body, extra, minuteExceededFor) =>
      answerOf(requestId, status, body, extra, minuteExceededFor);

    if (!headers.authorization) stats.missingAuthorization += 1;
    if (options.token && headers.authorization !== options.token) {
      return answer(401, {
        errors: [{ message: 'Not Authenticated', extensions: { code: 'Unauthorized', status_code: 401 } }],
      });
    }
    let request;
    let document;
    try {
      request = JSON.parse(rawBody);
      document = parse(request.query);
    } catch (error) {
      return answer(400, {
        errors: [{ message: `Bad request: ${error.message}`, extensions: { status_code: 400 } }],
      });
    }

    const versionHeader = headers['api-version'];
    const requested = Array.isArray(versionHeader) ? versionHeader[0] : versionHeader;
    if (requested && !stats.apiVersions.includes(requested)) stats.apiVersions.push(requested);
    const version = requested
      ? FAKE_API_VERSIONS.find((v) => v.value === requested.trim())
      : FAKE_API_VERSIONS.find((v) => v.kind === 'current');
    if (!version) {
      stats.invalidApiVersions += 1;
      return answer(200, {
        errors: [
          {
            message: `The requested API version is invalid: ${requested}. Supported versions: ${FAKE_API_VERSIONS.map((v) => v.value).join(', ')}`,
            extensions: { code: 'InvalidVersionException', error_data: {}, status_code: 200 },
          },
        ],
      });
    }

    const isMutation = document.definitions.some(
      (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'mutation',
    );
    const isNextPage = request.query.includes('next_items_page');
    if (isMutation) stats.mutations += 1;
    else stats.queries += 1;

    const keyHeader = isMutation ? headers['idempotency-key'] : undefined;
    const key = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
    if (key) {
      const kept = idempotent.get(key);
      if (kept && !kept.running && now() >= kept.expiresAt) idempotent.delete(key);
      else if (kept?.running) {
        stats.idempotencyConflicts += 1;
        return answer(
          409,
          {
            errors: [
              {
                message: 'A request with this idempotency key is currently being processed',
                extensions: { code: 'IDEMPOTENCY_CONFLICT', status_code: 409 },
              },
            ],
          },
          { 'retry-after': '1' },
        );
      } else if (kept) {
        stats.idempotentReplays += 1;
        return { ...kept.answer, headers: { ...kept.answer.headers, 'idempotency-replayed': 'true' } };
      }
    }

    const fault = takeFault(isMutation, isNextPage);
    const limited = (code, message, seconds, extensions = {}) =>
      answer(
        429,
        { errors: [{ message, extensions: { code, status_code: 429, ...extensions } }] },
        { 'retry-after': String(seconds) },
      );
    if (fault?.kind === 'rate-limit') {
      const seconds = fault.retryAfterSeconds ?? 1;
      return answer(
        429,
        {
          errors: [
            {
              message: 'Rate Limit Exceeded',
              extensions: { code: 'RATE_LIMIT_EXCEEDED', status_code: 429, retry_in_seconds: seconds },
            },
          ],
        },
        { 'retry-after': String(seconds) },
        seconds,
      );
    }
    if (fault?.kind === 'complexity') {
      const seconds = fault.retryAfterSeconds ?? 2;
      return limited('COMPLEXITY_BUDGET_EXHAUSTED', 'Complexity budget exhausted', seconds, {
        complexity: 0,
        complexity_budget_left: 0,
        complexity_budget_limit: budgetPerMinute,
        retry_in_seconds: seconds,
      });
    }
    if (fault?.kind === 'daily-limit') {
      const seconds = secondsToMidnightUtc(now());
      return limited('DAILY_LIMIT_EXCEEDED', 'Daily limit exceeded', seconds, { retry_in_seconds: seconds });
    }
    if (fault?.kind === 'field-limit') {
      const seconds = fault.retryAfterSeconds ?? 15;
      return limited('FIELD_LIMIT_EXCEEDED', 'Concurrency limit exceeded for the field', seconds, {
        error_data: { retry_in_seconds: seconds, entity: 'boards' },
      });
    }
    if (fault?.kind === 'concurrency') {
      const seconds = fault.retryAfterSeconds ?? 1;
      return answer(
        429,
        {
          errors: [{ message: 'Concurrency limit exceeded', extensions: { code: 'maxConcurrencyExceeded' } }],
        },
        { 'retry-after': String(seconds) },
      );
    }
    if (fault?.kind === 'server-error')
      return answer(500, { error_message: 'Internal server error', status_code: 500 });
    if (fault?.kind === 'locked') {
      stats.concurrentWritesRefused += 1;
      return answer(
        423,
        {
          errors: [
            {
              message: 'Resource is currently locked, please try again later',
              extensions: { status_code: 423 },
            },
          ],
        },
        { 'retry-after': '1' },
      );
    }
    if (fault?.kind === 'cursor-expired') {
      return answer(200, {
        errors: [
          {
            message: 'CursorExpiredError: The cursor provided for pagination has expired',
            extensions: { code: 'CursorExpiredError' },
          },
        ],
      });
    }

    const cost = complexityOf(document, request.variables ?? {});
    const resetIn = Math.max(1, Math.ceil((budget.resetAt - now()) / 1000));
    if (cost > maxQueryComplexity) {
      return answer(200, {
        errors: [
          {
            message: `Query has complexity of ${cost}, which exceeds max complexity of ${maxQueryComplexity}`,
            extensions: { code: 'ComplexityException', status_code: 200 },
          },
        ],
      });
    }
    if (cost > budget.remaining) {
      stats.budgetRefusals += 1;
      return limited('COMPLEXITY_BUDGET_EXHAUSTED', 'Complexity budget exhausted', resetIn, {
        complexity: cost,
        complexity_budget_left: budget.remaining,
        complexity_budget_limit: budgetPerMinute,
        retry_in_seconds: resetIn,
      });
    }

    if (key) idempotent.set(key, { running: true });
    if (isMutation) {
      if (writesInFlight > 0) stats.overlappingWrites += 1;
      writesInFlight += 1;
      stats.maxConcurrentWrites = Math.max(stats.maxConcurrentWrites, writesInFlight);
    }
    let kept = null;
    try {
      const complexity = {
        before: budget.remaining,
        after: budget.remaining - cost,
        query: cost,
        reset_in_x_seconds: resetIn,
      };
      budget.remaining -= cost;
      stats.complexityUsed += cost;
      if (isMutation && writeDelayMs) await sleep(writeDelayMs);
      const response = await yoga.fetch(
        'http://fake-monday/v2',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: rawBody },
        { complexity, version },
      );
      const body = JSON.parse(await response.text());
      const special = body.errors?.find((e) => e.extensions?.fakeHttp)?.extensions.fakeHttp;
      const result = special ? answer(special.status, special.body) : answer(response.status, body);
      if (key && result.status < 500 && result.status !== 429) kept = result;
      if (fault?.kind === 'slow') await sleep(Math.min(Math.max(fault.ms ?? 1000, 0), MAX_SLOW_MS));
      return result;
    } finally {
      if (isMutation) writesInFlight -= 1;
      if (key) {
        if (kept) idempotent.set(key, { answer: kept, expiresAt: now() + IDEMPOTENCY_TTL_MS });
        else idempotent.delete(key);
      }
    }
  }

  /** A change made on the board as a user would, and its webhook (when one is configured). */
  async function userChange(build) {
    const { itemId, event } = build();
    if (!sender) return { itemId, type: event.type, triggerUuid: event.triggerUuid, status: null };
    const status = await sender.deliver(event);
    return { itemId, type: event.type, triggerUuid: event.triggerUuid, status };
  }

  const itemOrThrow = (id) => {
    const item = items.get(String(id));
    if (!item) throw new BoardError('ResourceNotFoundException', `item ${id} not found`);
    return item;
  };
  const touch = (item) => ({ ...item, updated_at: new Date(now()).toISOString() });

  const boardOps = {
    archiveItem: (id) =>
      userChange(() => {
        const item = touch({ ...itemOrThrow(id), state: 'archived' });
        items.set(item.id, item);
        return { itemId: item.id, event: events.archived(item) };
      }),
    deleteItem: (id) =>
      userChange(() => {
        const item = touch({ ...itemOrThrow(id), state: 'deleted' });
        items.set(item.id, item);
        return { itemId: item.id, event: events.deleted(item) };
      }),
    restoreItem: (id) =>
      userChange(() => {
        const before = itemOrThrow(id);
        const item = touch({ ...before, state: 'active' });
        items.set(item.id, item);
        return { itemId: item.id, event: events.restored(item, before.state) };
      }),
    changeColumn: (id, columnId, value) =>
      userChange(() => {
        const before = itemOrThrow(id);
        if (columnId === 'name') {
          if (typeof value !== 'string' || !value.trim())
            throw new BoardError('ColumnValueException', 'The item name cannot be empty');
          const item = touch({ ...before, name: value });
          items.set(item.id, item);
          return { itemId: item.id, event: events.renamed(item, before.name) };
        }
        const column = columns.get(columnId);
        if (!column || !(columnId in before.columns))
          throw new BoardError('InvalidColumnIdException', `no column ${columnId}`);
        // A user on the board may add a label while choosing it.
        const cell = { type: column.type, ...cellFromWrite(column, value, true) };
        const item = touch({ ...before, columns: { ...before.columns, [columnId]: cell } });
        items.set(item.id, item);
        return {
          itemId: item.id,
          event: events.columnChanged(item, column, cell, before.columns[columnId]),
        };
      }),
    createItem: ({ name, columns: texts = {} }) =>
      userChange(() => {
        if (typeof name !== 'string' || !name.trim())
          throw new BoardError('ColumnValueException', 'The item name cannot be empty');
        const numeric = [...items.keys()].filter((id) => /^\d+$/.test(id)).map(Number);
        const id = String(Math.max(9_000_000_000, ...numeric) + 1);
        const cells = {};
        for (const { id: columnId, type } of Object.values(columnMap)) {
          if (type === 'name') continue;
          const column = columns.get(columnId);
          cells[columnId] = { type, ...cellFromText(column, texts[columnId]) };
        }
        const item = touch({ id, name, state: 'active', columns: cells });
        items.set(id, item);
        return { itemId: id, event: events.created(item) };
      }),
  };

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const admin = {
    setFaults: (next) => {
      faults = next.map((f) => ({ ...f, times: f.times ?? 1 }));
    },
    reset: () => {
      stats = newStats();
      faults = [];
      budget = { remaining: budgetPerMinute, resetAt: now() + BUDGET_WINDOW_MS };
      idempotent.clear();
      webhookLog.length = 0;
    },
  };

  const json = (status, body) => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

  /** The admin endpoints that change the board: /admin/items and /admin/items/<id>/<change>. */
  async function adminChange(path, body) {
    const input = JSON.parse(body || '{}');
    if (path === '/admin/items') return boardOps.createItem(input);
    const match = /^\/admin\/items\/([^/]+)\/(archive|delete|restore|columns)$/.exec(path);
    if (!match) return null;
    const id = decodeURIComponent(match[1]);
    if (match[2] === 'archive') return boardOps.archiveItem(id);
    if (match[2] === 'delete') return boardOps.deleteItem(id);
    if (match[2] === 'restore') return boardOps.restoreItem(id);
    return boardOps.changeColumn(id, input.columnId, input.value);
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = await readBody(req);
      let answer;
      if (req.method === 'POST' && url.pathname === '/v2') answer = await handleApi(req.headers, body);
      else if (req.method === 'GET' && url.pathname === '/admin/stats')
        answer = json(200, { ...stats, items: items.size, faultsPending: faults.filter((f) => f.times > 0) });
      else if (req.method === 'GET' && url.pathname === '/admin/webhooks') answer = json(200, webhookLog);
      else if (req.method === 'POST' && url.pathname === '/admin/faults') {
        admin.setFaults(JSON.parse(body || '{}').faults ?? []);
        answer = json(200, { faults });
      } else if (req.method === 'GET' && url.pathname.startsWith('/admin/items/')) {
        const item = items.get(decodeURIComponent(url.pathname.slice('/admin/items/'.length)));
        answer = item ? json(200, item) : json(404, { error: 'no such item' });
      } else if (req.method === 'POST' && url.pathname === '/admin/reset') {
        admin.reset();
        answer = json(200, { ok: true });
      } else if (req.method === 'POST' && url.pathname.startsWith('/admin/items')) {
        try {
          const done = await adminChange(url.pathname, body);
          answer = done ? json(200, done) : json(404, { error: 'not found' });
        } catch (error) {
          const notFound = error instanceof BoardError && error.code === 'ResourceNotFoundException';
          answer = json(notFound ? 404 : 400, { error: String(error.message ?? error) });
        }
      } else answer = json(404, { error: 'not found' });
      res.writeHead(answer.status, answer.headers).end(answer.body);
    } catch (error) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ error_message: 'Internal server error', status_code: 500, detail: String(error) }),
        );
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/v2`,
    port,
    boardId,
    items,
    columns,
    get stats() {
      return stats;
    },
    get webhookLog() {
      return webhookLog;
    },
    setFaults: admin.setFaults,
    reset: admin.reset,
    ...boardOps,
    /**
     * The item moved to another board (move_item_to_board; it keeps its id:
     * https://developer.monday.com/api-reference/changelog/new-move_item_to_board-mutation).
     * items(ids:) answers it with that board's id; this board lists it no more. No webhook: monday
     * documents no subscription event for an item leaving a board (its list has group moves only,
     * https://developer.monday.com/api-reference/reference/webhooks).
     */
    moveItemToBoard: (id, otherBoardId) => {
      const item = touch({ ...itemOrThrow(id), movedToBoard: String(otherBoardId) });
      items.set(item.id, item);
    },
    /** The item deleted for good (out of the trash) or out of the token's sight: items(ids:) no longer answers it. No webhook. */
    forgetItem: (id) => {
      items.delete(String(itemOrThrow(id).id));
    },
    /** The board's column `from` is now `to` (as when a column is replaced by a new one); no webhook. */
    renameColumnId: (from, to) => {
      const column = columns.get(from);
      if (!column) throw new Error(`no column ${from}`);
      columns.delete(from);
      columns.set(to, { ...column, id: to });
      for (const [id, item] of items) {
        if (!(from in item.columns)) continue;
        const { [from]: cell, ...rest } = item.columns;
        items.set(id, { ...item, columns: { ...rest, [to]: cell } });
      }
    },
    stop: () =>
      new Promise((resolve) => {
        sender?.stop();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const arg = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index >= 0 ? process.argv[index + 1] : fallback;
  };
  const extra = Number(arg('extra-workers', '0'));
  const webhookUrl = arg('webhook-url', undefined);
  const board = await startFakeBoard({
    port: Number(arg('port', '4010')),
    workers: [...seedWorkers(), ...generatedWorkers(extra)],
    ...(webhookUrl
      ? { webhook: { url: webhookUrl, signingSecret: arg('signing-secret', 'local-signing-secret') } }
      : {}),
  });
  console.log(
    `fake monday board ${board.boardId} with ${board.items.size} workers at ${board.url} (admin: /admin/stats, /admin/faults)`,
  );
  const stop = () => void board.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
