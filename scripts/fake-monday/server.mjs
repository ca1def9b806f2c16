/**
 * A local fake of the monday.com board API (GraphQL, graphql-yoga) for `npm start` and the tests:
 * the schema subset the worker directory uses (boards.items_page, next_items_page,
 * items_page_by_column_values, items, change_multiple_column_values, complexity), seeded with the
 * seed's workers, with a complexity budget, cursors that expire, Idempotency-Key replays, 423 on
 * concurrent writes to a board, and injectable faults.
 *
 *   node scripts/fake-monday/server.mjs --port 4010 [--extra-workers 1000]
 *
 * Admin endpoints: GET /admin/stats, POST /admin/faults {"faults":[{"kind":"rate-limit","times":2}]},
 * GET /admin/items/<id> (an item as stored), POST /admin/reset (stats, budget, faults). Fault kinds: rate-limit (429 + Retry-After),
 * complexity (200 + COMPLEXITY_BUDGET_EXHAUSTED), server-error (500), slow (answer after `ms`; a
 * write is applied first), cursor-expired (next next_items_page), locked (423 on a write).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GraphQLError, GraphQLScalarType, Kind, parse, valueFromASTUntyped } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { resolveDay, isRelativeToken } from '../../emulator-data/relative-dates.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const FAKE_BOARD_ID = '1234567890';
export const FAKE_API_VERSION = '2026-10';
/** The column map of the fake board, in MONDAY_COLUMN_MAP's format. */
export const FAKE_COLUMN_MAP_JSON = readFileSync(join(HERE, 'column-map.json'), 'utf8');
/** @type {Record<string, {id: string, type: string}>} */
export const FAKE_COLUMN_MAP = JSON.parse(FAKE_COLUMN_MAP_JSON);

const CURSOR_LIFETIME_MS = 60 * 60 * 1000;
const BUDGET_WINDOW_MS = 60 * 1000;
const MUTATION_COST = 10_000;

const typeDefs = /* GraphQL */ `
  scalar JSON
  type Complexity {
    before: Int!
    after: Int!
    query: Int!
    reset_in_x_seconds: Int!
  }
  type ColumnValue {
    id: ID!
    type: String!
    text: String
    value: JSON
  }
  type Item {
    id: ID!
    name: String!
    updated_at: String
    column_values(ids: [String!]): [ColumnValue!]!
  }
  type ItemsResponse {
    cursor: String
    items: [Item!]!
  }
  enum ItemsQueryRuleOperator {
    any_of
    not_any_of
    is_empty
    is_not_empty
    greater_than
    greater_than_or_equals
    lower_than
    lower_than_or_equal
  }
  input ItemsQueryRule {
    column_id: ID!
    compare_value: JSON!
    operator: ItemsQueryRuleOperator
    compare_attribute: String
  }
  input ItemsQuery {
    rules: [ItemsQueryRule!]
    operator: String
  }
  input ItemsPageByColumnValuesQuery {
    column_id: String!
    column_values: [String]!
  }
  type Board {
    id: ID!
    name: String!
    items_page(limit: Int, cursor: String, query_params: ItemsQuery): ItemsResponse!
  }
  type Query {
    complexity: Complexity
    boards(ids: [ID!]): [Board]
    items(ids: [ID!], limit: Int): [Item]
    next_items_page(cursor: String!, limit: Int): ItemsResponse!
    items_page_by_column_values(
      board_id: ID!
      columns: [ItemsPageByColumnValuesQuery!]
      limit: Int
      cursor: String
    ): ItemsResponse!
  }
  type Mutation {
    complexity: Complexity
    change_multiple_column_values(
      board_id: ID!
      item_id: ID
      column_values: JSON!
      create_labels_if_missing: Boolean
    ): Item
  }
`;

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast) => valueFromASTUntyped(ast),
});

/** @param {string} code @param {string} message @param {Record<string, unknown>} [extra] */
const boardError = (code, message, extra = {}) =>
  new GraphQLError(message, { extensions: { code, ...extra } });

/** What the board stores for a cell typed in as plain text (seed), per column type. */
function cellFromText(type, text) {
  if (text === undefined || text === null || text === '') return { text: '', value: null };
  switch (type) {
    case 'email':
      return { text, value: JSON.stringify({ email: text, text }) };
    case 'phone': {
      const phone = text.replace(/[\s\-().]/g, '');
      return { text: phone, value: JSON.stringify({ phone, countryShortName: '' }) };
    }
    case 'date':
      return { text, value: JSON.stringify({ date: text, time: null }) };
    case 'long_text':
      return { text, value: JSON.stringify({ text }) };
    case 'status':
      return { text, value: JSON.stringify({ label: text }) };
    case 'dropdown':
      return { text, value: JSON.stringify({ labels: [text] }) };
    default:
      return { text, value: JSON.stringify(text) };
  }
}

/** A cell from change_multiple_column_values' JSON for its type; throws the board's error for a bad value. */
function cellFromWrite(columnId, type, input) {
  const bad = () => {
    throw boardError('ColumnValueException', `invalid value for column ${columnId} (${type})`, {
      column_id: columnId,
    });
  };
  const isEmptyObject = typeof input === 'object' && input !== null && Object.keys(input).length === 0;
  if (input === null || input === '' || isEmptyObject) return { text: '', value: null };
  switch (type) {
    case 'text':
      if (typeof input !== 'string') bad();
      return cellFromText(type, input);
    case 'numbers':
      if (typeof input !== 'string' && typeof input !== 'number') bad();
      if (!/^-?\d+(\.\d+)?$/.test(String(input))) bad();
      return { text: String(input), value: JSON.stringify(String(input)) };
    case 'email':
      if (typeof input.email !== 'string' || !input.email.includes('@')) bad();
      return {
        text: input.email,
        value: JSON.stringify({ email: input.email, text: input.text ?? input.email }),
      };
    case 'phone':
      if (typeof input.phone !== 'string' || !/^\+?\d{5,20}$/.test(input.phone)) bad();
      if (typeof input.countryShortName !== 'string' || !/^[A-Z]{2}$/.test(input.countryShortName)) bad();
      return {
        text: input.phone,
        value: JSON.stringify({ phone: input.phone, countryShortName: input.countryShortName }),
      };
    case 'date':
      if (typeof input.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.date)) bad();
      return { text: input.date, value: JSON.stringify({ date: input.date, time: null }) };
    case 'long_text':
      if (typeof input.text !== 'string') bad();
      return cellFromText(type, input.text);
    case 'status':
      if (typeof input.label !== 'string') bad();
      return cellFromText(type, input.label);
    case 'dropdown':
      if (!Array.isArray(input.labels)) bad();
      return { text: input.labels.join(', '), value: JSON.stringify({ labels: input.labels }) };
    default:
      return bad();
  }
}

/**
 * Board items from profile-like records (the seed's workers): the item id is the worker id, the
 * name the worker name, every mapped field its column.
 * @param {Record<string, string>[]} workers
 * @param {Record<string, {id: string, type: string}>} [columnMap]
 * @param {Date} [today]
 */
export function itemsFromWorkers(workers, columnMap = FAKE_COLUMN_MAP, today = new Date()) {
  return workers.map((worker) => {
    const columns = {};
    for (const [field, column] of Object.entries(columnMap)) {
      if (column.type === 'name') continue;
      let text = worker[field];
      if (typeof text === 'string' && isRelativeToken(text)) text = resolveDay(text, today);
      columns[column.id] = { type: column.type, ...cellFromText(column.type, text) };
    }
    return { id: String(worker.id), name: worker.name, updated_at: today.toISOString(), columns };
  });
}

/** The seed's workers (emulator-data/fixtures/workers.json). */
export function seedWorkers() {
  return JSON.parse(
    readFileSync(join(HERE, '..', '..', 'emulator-data', 'fixtures', 'workers.json'), 'utf8'),
  );
}

/**
 * `count` made-up workers with numeric ids (as real boards have) for load tests.
 * @param {number} count
 * @param {number} [firstId]
 */
export function generatedWorkers(count, firstId = 7_000_000_001) {
  return Array.from({ length: count }, (_, n) => ({
    id: String(firstId + n),
    name: `Worker ${String(n + 1).padStart(5, '0')}`,
    email: `worker${n + 1}@board.test`,
    phone: `+48 500 ${String(100000 + n).slice(0, 3)} ${String(100000 + n).slice(3)}`,
    currentProject: n % 2 ? 'Brf Sjöbris' : 'Kv. Tornet',
    siteName: n % 3 ? 'Hammarby Sjöstad' : 'Solna',
    pesel: String(88031400000 + n),
    rotationStart: '2026-03-01',
    jacketSize: ['S', 'M', 'L', 'XL'][n % 4],
    shoesSize: String(39 + (n % 8)),
  }));
}

/** Static complexity of a request, in the fake's model (documented in the README of the fake). */
function complexityOf(document, variables) {
  const fragments = new Map();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const argOf = (field, name) => {
    const arg = field.arguments?.find((a) => a.name.value === name);
    return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
  };
  const fieldsOf = (selectionSet) =>
    (selectionSet?.selections ?? []).flatMap((selection) => {
      if (selection.kind === Kind.FIELD) return [selection];
      if (selection.kind === Kind.FRAGMENT_SPREAD)
        return fieldsOf(fragments.get(selection.name.value)?.selectionSet);
      return fieldsOf(selection.selectionSet);
    });
  const perItem = (selectionSet) => {
    const columns = fieldsOf(selectionSet).find((f) => f.name.value === 'column_values');
    if (!columns) return 10;
    const ids = argOf(columns, 'ids');
    return 10 + 10 * (Array.isArray(ids) ? ids.length : 30);
  };
  let cost = 10;
  const walk = (selectionSet) => {
    for (const field of fieldsOf(selectionSet)) {
      const name = field.name.value;
      if (['items_page', 'next_items_page', 'items_page_by_column_values'].includes(name)) {
        const limit = Math.min(Number(argOf(field, 'limit') ?? 25), 500);
        const items = fieldsOf(field.selectionSet).find((f) => f.name.value === 'items');
        cost += 100 + limit * perItem(items?.selectionSet);
      } else if (name === 'items') {
        const ids = argOf(field, 'ids');
        const count = Math.min(Array.isArray(ids) ? ids.length : Number(argOf(field, 'limit') ?? 25), 100);
        cost += count * perItem(field.selectionSet);
      } else if (name === 'change_multiple_column_values') {
        cost += MUTATION_COST + perItem(field.selectionSet);
      } else {
        walk(field.selectionSet);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) walk(definition.selectionSet);
  }
  return cost;
}

const newStats = () => ({
  /** Every HTTP request to the API endpoint. */
  calls: 0,
  queries: 0,
  mutations: 0,
  /** Complexity charged to the budget (answered requests). */
  complexityUsed: 0,
  writesApplied: 0,
  idempotentReplays: 0,
  concurrentWritesRefused: 0,
  budgetRefusals: 0,
  faultsServed: /** @type {Record<string, number>} */ ({}),
  apiVersions: /** @type {string[]} */ ([]),
  missingAuthorization: 0,
  maxItemsIdsPerRequest: 0,
});

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
  /** @type {Map<string, any>} */
  const items = new Map();
  for (const item of options.items ?? itemsFromWorkers(options.workers ?? seedWorkers(), columnMap)) {
    items.set(String(item.id), item);
  }
  let faults = [...(options.faults ?? [])].map((f) => ({ ...f, times: f.times ?? 1 }));
  let stats = newStats();
  let budget = { remaining: budgetPerMinute, resetAt: now() + BUDGET_WINDOW_MS };
  const cursors = new Map();
  const idempotent = new Map();
  let writesInFlight = 0;

  const itemView = (item) => ({
    id: item.id,
    name: item.name,
    updated_at: item.updated_at,
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
      .filter(Boolean);
    let cursor = null;
    if (offset + size < ids.length) {
      cursor = randomUUID();
      cursors.set(cursor, { ids, offset: offset + size, createdAt: now() });
    }
    return { cursor, items: slice.map(itemView) };
  };

  const resolvers = {
    JSON: JSONScalar,
    Query: {
      complexity: (_root, _args, context) => context.complexity,
      boards: (_root, { ids }) =>
        (ids ?? [boardId])
          .map(String)
          .filter((id) => id === boardId)
          .map((id) => ({
            id,
            name: 'Workers',
            items_page: ({ limit, cursor, query_params: query }) => {
              if (cursor) return nextPage(cursor, limit);
              const rules = query?.rules ?? [];
              const ids = [...items.values()]
                .filter((item) => rules.every((rule) => matchesRule(item, rule)))
                .map((item) => item.id);
              return page(ids, 0, limit);
            },
          })),
      items: (_root, { ids }) => {
        const list = (ids ?? []).map(String);
        if (list.length > 100)
          throw boardError('InvalidArgumentException', 'items(ids:) takes at most 100 ids');
        stats.maxItemsIdsPerRequest = Math.max(stats.maxItemsIdsPerRequest, list.length);
        return list
          .map((id) => items.get(id))
          .filter(Boolean)
          .map(itemView);
      },
      next_items_page: (_root, { cursor, limit }) => nextPage(cursor, limit),
      items_page_by_column_values: (_root, { board_id: board, columns, limit }) => {
        if (String(board) !== boardId)
          throw boardError('ResourceNotFoundException', `board ${board} not found`);
        const ids = [...items.values()]
          .filter((item) =>
            (columns ?? []).every((c) => {
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
      change_multiple_column_values: (_root, args) => {
        if (String(args.board_id) !== boardId)
          throw boardError('ResourceNotFoundException', `board ${args.board_id} not found`);
        const item = items.get(String(args.item_id));
        if (!item) throw boardError('ResourceNotFoundException', `item ${args.item_id} not found`);
        const values =
          typeof args.column_values === 'string' ? JSON.parse(args.column_values) : args.column_values;
        const next = { ...item, columns: { ...item.columns } };
        for (const [columnId, input] of Object.entries(values ?? {})) {
          if (columnId === 'name') {
            if (typeof input !== 'string' || !input.trim())
              throw boardError('ColumnValueException', 'the item name cannot be empty');
            next.name = input;
            continue;
          }
          const cell = next.columns[columnId];
          if (!cell)
            throw boardError('ColumnValueException', `column ${columnId} not found`, { column_id: columnId });
          next.columns[columnId] = { type: cell.type, ...cellFromWrite(columnId, cell.type, input) };
        }
        next.updated_at = new Date(now()).toISOString();
        items.set(item.id, next);
        stats.writesApplied += 1;
        return itemView(next);
      },
    },
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

  const json = (status, body, headers = {}) => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** One API request: faults, auth, budget, idempotency, then graphql-yoga. */
  async function handleApi(headers, rawBody) {
    stats.calls += 1;
    if (!headers.authorization) stats.missingAuthorization += 1;
    if (options.token && headers.authorization !== options.token) {
      return json(401, {
        errors: [{ message: 'Not Authenticated', extensions: { code: 'UNAUTHENTICATED' } }],
      });
    }
    const version = headers['api-version'];
    if (version && !stats.apiVersions.includes(version)) stats.apiVersions.push(version);
    let request;
    let document;
    try {
      request = JSON.parse(rawBody);
      document = parse(request.query);
    } catch (error) {
      return json(400, { errors: [{ message: `bad request: ${error.message}` }] });
    }
    const isMutation = document.definitions.some(
      (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'mutation',
    );
    const isNextPage = request.query.includes('next_items_page');
    if (isMutation) stats.mutations += 1;
    else stats.queries += 1;

    const key = isMutation ? headers['idempotency-key'] : undefined;
    if (key && idempotent.has(key)) {
      stats.idempotentReplays += 1;
      return idempotent.get(key);
    }

    const fault = takeFault(isMutation, isNextPage);
    if (fault?.kind === 'rate-limit') {
      const seconds = fault.retryAfterSeconds ?? 1;
      return json(
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
      );
    }
    if (fault?.kind === 'complexity') {
      const seconds = fault.retryAfterSeconds ?? 2;
      return json(200, {
        errors: [
          {
            message: `Complexity budget exhausted, budget resets in ${seconds} seconds`,
            extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED', status_code: 429, retry_in_seconds: seconds },
          },
        ],
        account_id: 1,
      });
    }
    if (fault?.kind === 'server-error')
      return json(500, { error_message: 'Internal server error', status_code: 500 });
    if (fault?.kind === 'locked') {
      stats.concurrentWritesRefused += 1;
      return json(423, { error_message: 'Another write to this board is in progress', status_code: 423 });
    }
    if (fault?.kind === 'cursor-expired') {
      return json(200, {
        errors: [
          {
            message: 'CursorExpiredError: The cursor provided for pagination has expired',
            extensions: { code: 'CursorExpiredError' },
          },
        ],
      });
    }

    if (now() >= budget.resetAt) budget = { remaining: budgetPerMinute, resetAt: now() + BUDGET_WINDOW_MS };
    const cost = complexityOf(document, request.variables ?? {});
    const resetIn = Math.max(1, Math.ceil((budget.resetAt - now()) / 1000));
    if (cost > maxQueryComplexity) {
      return json(200, {
        errors: [
          {
            message: `Query has complexity of ${cost}, which exceeds max complexity of ${maxQueryComplexity}`,
            extensions: { code: 'maxComplexityExceeded' },
          },
        ],
      });
    }
    if (cost > budget.remaining) {
      stats.budgetRefusals += 1;
      return json(200, {
        errors: [
          {
            message: `Complexity budget exhausted, budget resets in ${resetIn} seconds`,
            extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED', status_code: 429, retry_in_seconds: resetIn },
          },
        ],
      });
    }

    if (isMutation) {
      if (writesInFlight > 0) {
        stats.concurrentWritesRefused += 1;
        return json(423, { error_message: 'Another write to this board is in progress', status_code: 423 });
      }
      writesInFlight += 1;
    }
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
        { complexity },
      );
      const answer = {
        status: response.status,
        body: await response.text(),
        headers: { 'content-type': 'application/json' },
      };
      const hasErrors = JSON.parse(answer.body).errors?.length > 0;
      if (key && !hasErrors) idempotent.set(key, answer);
      if (fault?.kind === 'slow') await sleep(fault.ms ?? 1000);
      return answer;
    } finally {
      if (isMutation) writesInFlight -= 1;
    }
  }

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
    },
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = await readBody(req);
      let answer;
      if (req.method === 'POST' && url.pathname === '/v2') answer = await handleApi(req.headers, body);
      else if (req.method === 'GET' && url.pathname === '/admin/stats')
        answer = json(200, { ...stats, items: items.size, faultsPending: faults.filter((f) => f.times > 0) });
      else if (req.method === 'POST' && url.pathname === '/admin/faults') {
        admin.setFaults(JSON.parse(body || '{}').faults ?? []);
        answer = json(200, { faults });
      } else if (req.method === 'GET' && url.pathname.startsWith('/admin/items/')) {
        const item = items.get(decodeURIComponent(url.pathname.slice('/admin/items/'.length)));
        answer = item ? json(200, item) : json(404, { error: 'no such item' });
      } else if (req.method === 'POST' && url.pathname === '/admin/reset') {
        admin.reset();
        answer = json(200, { ok: true });
      } else answer = json(404, { error: 'not found' });
      res.writeHead(answer.status, answer.headers).end(answer.body);
    } catch (error) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error_message: String(error) }));
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
    get stats() {
      return stats;
    },
    setFaults: admin.setFaults,
    reset: admin.reset,
    stop: () =>
      new Promise((resolve) => {
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
  const board = await startFakeBoard({
    port: Number(arg('port', '4010')),
    workers: [...seedWorkers(), ...generatedWorkers(extra)],
  });
  console.log(
    `fake monday board ${board.boardId} with ${board.items.size} workers at ${board.url} (admin: /admin/stats, /admin/faults)`,
  );
  const stop = () => void board.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
