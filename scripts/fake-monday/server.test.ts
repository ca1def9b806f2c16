// The fake monday.com board behaves as monday documents (docs/monday-api.md): item states,
// status/dropdown labels, idempotency keys, error answers, limits, API versions and webhooks.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeBoard, type FakeBoardOptions, startFakeBoard, webhookFixture } from './server.mjs';

const TOKEN = 'test-token';
const BOARD = '1234567890';
const CHANGE = `mutation Change($board: ID!, $item: ID!, $values: JSON!, $create: Boolean) {
  change_multiple_column_values(board_id: $board, item_id: $item, column_values: $values, create_labels_if_missing: $create) {
    id state column_values(ids: ["status_jacket", "dropdown_job"]) { id text value }
  }
}`;

type Answer = { status: number; headers: Headers; body: Record<string, unknown> & { errors?: GqlError[] } };
type GqlError = { message: string; extensions?: Record<string, unknown> & { code?: string } };

let boards: FakeBoard[] = [];
let servers: Server[] = [];

afterEach(async () => {
  await Promise.all(boards.map((b) => b.stop()));
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  boards = [];
  servers = [];
});

async function board(options: FakeBoardOptions = {}) {
  const started = await startFakeBoard({ token: TOKEN, ...options });
  boards.push(started);
  return started;
}

async function call(
  fake: FakeBoard,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(fake.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: TOKEN,
      'api-version': '2026-10',
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer['body'],
  };
}

const change = (
  fake: FakeBoard,
  values: unknown,
  extra: { item?: string; create?: boolean; key?: string } = {},
) =>
  call(
    fake,
    CHANGE,
    {
      board: BOARD,
      item: extra.item ?? 'w-1001',
      values: typeof values === 'string' ? values : JSON.stringify(values),
      create: extra.create ?? null,
    },
    extra.key ? { 'idempotency-key': extra.key } : {},
  );

const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;

describe('items and their state', () => {
  it('answers archived and deleted items to items(ids:) unless exclude_nonactive, and pages active ones only', async () => {
    const fake = await board();
    await fake.archiveItem('w-1002');
    await fake.deleteItem('w-1003');
    const query = `query ($ids: [ID!], $exclude: Boolean) {
      items(ids: $ids, limit: 100, exclude_nonactive: $exclude) { id state board { id } }
      boards(ids: [${BOARD}]) { items_page(limit: 500) { items { id } } }
    }`;
    const ids = ['w-1001', 'w-1002', 'w-1003', 'no-such-item'];
    const all = await call(fake, query, { ids, exclude: false });
    expect(all.body.data).toMatchObject({
      items: [
        { id: 'w-1001', state: 'active', board: { id: BOARD } },
        { id: 'w-1002', state: 'archived', board: { id: BOARD } },
        { id: 'w-1003', state: 'deleted', board: { id: BOARD } },
      ],
    });
    const data = all.body.data as { boards: { items_page: { items: { id: string }[] } }[] };
    const paged = data.boards[0]!.items_page.items.map((i) => i.id);
    expect(paged).toContain('w-1001');
    expect(paged).not.toContain('w-1002');
    expect(paged).not.toContain('w-1003');

    const active = await call(fake, query, { ids, exclude: true });
    expect((active.body.data as { items: unknown[] }).items).toEqual([
      { id: 'w-1001', state: 'active', board: { id: BOARD } },
    ]);

    await fake.restoreItem('w-1002');
    expect(fake.items.get('w-1002')?.state).toBe('active');
  });

  it('answers items(ids:) 25 at a time unless limit says otherwise', async () => {
    const fake = await board({
      workers: Array.from({ length: 30 }, (_, n) => ({ id: `w-${n}`, name: `W ${n}` })),
    });
    const ids = Array.from({ length: 30 }, (_, n) => `w-${n}`);
    const answer = await call(fake, 'query ($ids: [ID!]) { items(ids: $ids) { id } }', { ids });
    expect((answer.body.data as { items: unknown[] }).items).toHaveLength(25);
  });
});

describe('status and dropdown labels', () => {
  it('describes the labels in settings_str', async () => {
    const fake = await board();
    const answer = await call(
      fake,
      `{ boards(ids: [${BOARD}]) { columns(ids: ["status_jacket", "dropdown_job"]) { id title type settings_str } } }`,
    );
    const columns = (answer.body.data as { boards: { columns: { id: string; settings_str: string }[] }[] })
      .boards[0]!.columns;
    const jacket = columns.find((c) => c.id === 'status_jacket');
    const job = columns.find((c) => c.id === 'dropdown_job');
    const status = JSON.parse(jacket!.settings_str) as { labels: Record<string, string> };
    expect(Object.values(status.labels)).toEqual(expect.arrayContaining(['XS', 'L', 'XXXL']));
    const dropdown = JSON.parse(job!.settings_str) as { labels: { id: number; name: string }[] };
    expect(dropdown.labels).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Carpenter' })]));
  });

  it('refuses a label the column lacks with ColumnValueException unless create_labels_if_missing', async () => {
    const fake = await board();
    const refused = await change(fake, { status_jacket: { label: 'XXS' } });
    expect(refused.status).toBe(200);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('label does not exist in column'),
      extensions: { code: 'ColumnValueException', status_code: 200, error_data: { column_type: 'color' } },
    });
    expect(fake.items.get('w-1001')?.columns.status_jacket?.text).toBe('L');

    const dropdownRefused = await change(fake, { dropdown_job: { labels: ['Astronaut'] } });
    expect(dropdownRefused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'ColumnValueException',
      error_data: { column_type: 'dropdown' },
    });

    const created = await change(fake, { status_jacket: { label: 'XXS' } }, { create: true });
    expect(created.body.errors).toBeUndefined();
    expect(fake.items.get('w-1001')?.columns.status_jacket?.text).toBe('XXS');
    expect(fake.columns.get('status_jacket')?.labels?.map((l) => l.name)).toContain('XXS');
    expect(fake.stats.writesApplied).toBe(1);
  });

  it('moves a column to a new id (a column replaced on the board)', async () => {
    const fake = await board();
    fake.renameColumnId('email', 'email_mkx9');
    const answer = await call(
      fake,
      `{ boards(ids: [${BOARD}]) { columns(ids: ["email", "email_mkx9"]) { id } } }`,
    );
    expect(answer.body.data).toEqual({ boards: [{ columns: [{ id: 'email_mkx9' }] }] });
    expect(fake.items.get('w-1001')?.columns.email_mkx9?.text).toBe('worker@example.com');
  });

  it('holds several dropdown labels, joined by ", " in text', async () => {
    const fake = await board();
    const answer = await change(fake, { dropdown_job: { labels: ['Carpenter', 'Foreman'] } });
    type Cell = { id: string; text: string; value: string };
    const item = (answer.body.data as { change_multiple_column_values: { column_values: Cell[] } })
      .change_multiple_column_values;
    const job = item.column_values.find((c) => c.id === 'dropdown_job')!;
    expect(job.text).toBe('Carpenter, Foreman');
    const labels = fake.columns.get('dropdown_job')!.labels!;
    const idOf = (name: string) => labels.find((l) => l.name === name)!.id;
    expect(JSON.parse(job.value)).toEqual({ ids: [idOf('Carpenter'), idOf('Foreman')] });
  });
});

describe('Idempotency-Key', () => {
  it('answers 409 to the same key while the first request runs, then replays its answer', async () => {
    const fake = await board({ faults: [{ kind: 'slow', ms: 400, on: 'mutation' }] });
    const first = change(fake, { text_location: 'Nacka' }, { key: 'k-1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const duplicate = await change(fake, { text_location: 'Nacka' }, { key: 'k-1' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(codeOf(duplicate)).toBe('IDEMPOTENCY_CONFLICT');

    const original = await first;
    expect(original.status).toBe(200);
    expect(original.headers.get('idempotency-replayed')).toBeNull();
    const replay = await change(fake, { text_location: 'Nacka' }, { key: 'k-1' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.body).toEqual(original.body);
    expect(fake.stats).toMatchObject({ writesApplied: 1, idempotentReplays: 1, idempotencyConflicts: 1 });
  });

  it('keeps an answer 30 minutes: a key older than that is executed anew', async () => {
    let clock = Date.UTC(2026, 10, 26, 8, 0, 0);
    const fake = await board({ now: () => clock });
    await change(fake, { text_location: 'Solna' }, { key: 'k-2' });
    clock += 29 * 60 * 1000;
    const replay = await change(fake, { text_location: 'Solna' }, { key: 'k-2' });
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    clock += 2 * 60 * 1000;
    const again = await change(fake, { text_location: 'Solna' }, { key: 'k-2' });
    expect(again.headers.get('idempotency-replayed')).toBeNull();
    expect(fake.stats.writesApplied).toBe(2);
  });
});

describe('error answers', () => {
  it('answers HTTP 500 to a mutation on an item that does not exist, with a request_id', async () => {
    const fake = await board();
    const answer = await change(fake, { text_location: 'X' }, { item: '999' });
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ error_message: 'Internal server error', status_code: 500 });
    expect(answer.body.extensions).toEqual({ request_id: expect.any(String) });
    expect(fake.stats.writesApplied).toBe(0);
  });

  it('answers JsonParseException (HTTP 400) to column_values that are not JSON', async () => {
    const fake = await board();
    const answer = await change(fake, '{"text_location": ');
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('JsonParseException');
  });

  it('serves the daily limit until midnight UTC and the field limit with retry_in_seconds', async () => {
    const fake = await board({
      now: () => Date.UTC(2026, 10, 26, 23, 0, 0),
      faults: [{ kind: 'daily-limit' }, { kind: 'field-limit', retryAfterSeconds: 7 }],
    });
    const daily = await call(fake, '{ complexity { query } }');
    expect(daily.status).toBe(429);
    expect(daily.headers.get('retry-after')).toBe('3600');
    expect(daily.body.errors?.[0]).toMatchObject({
      extensions: { code: 'DAILY_LIMIT_EXCEEDED', status_code: 429, retry_in_seconds: 3600 },
    });
    const field = await call(fake, '{ complexity { query } }');
    expect(field.status).toBe(429);
    expect(field.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FIELD_LIMIT_EXCEEDED',
      error_data: { retry_in_seconds: 7, entity: 'boards' },
    });
  });

  it('puts request_id and the RateLimit headers on every answer', async () => {
    const fake = await board();
    const answer = await call(fake, '{ complexity { query } }');
    expect(answer.body.extensions).toEqual({ request_id: expect.any(String) });
    expect(answer.headers.get('ratelimit-policy')).toContain('"complexityMinute";q=10000000;w=60');
    expect(answer.headers.get('ratelimit')).toMatch(
      /"minuteRate";r=\d+, "concurrency";r=\d+, "complexityMinute";r=\d+;t=\d+/,
    );
  });
});

describe('API-Version', () => {
  it('accepts the supported versions and answers InvalidVersionException to others', async () => {
    const fake = await board();
    const current = await call(fake, '{ version { value kind } }');
    expect(current.body.data).toEqual({ version: { value: '2026-10', kind: 'current' } });
    for (const version of ['2019-01', 'next']) {
      const refused = await call(fake, '{ version { value kind } }', {}, { 'api-version': version });
      expect(refused.status).toBe(200);
      expect(codeOf(refused)).toBe('InvalidVersionException');
    }
    expect(fake.stats.invalidApiVersions).toBe(2);
  });
});

describe('concurrent writes', () => {
  it('counts overlapping mutations and refuses none', async () => {
    const fake = await board({ writeDelayMs: 150 });
    const answers = await Promise.all([
      change(fake, { text_location: 'A' }),
      change(fake, { text_location: 'B' }, { item: 'w-1002' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(fake.stats).toMatchObject({ overlappingWrites: 1, maxConcurrentWrites: 2, writesApplied: 2 });
  });
});

describe('webhooks', () => {
  type Received = { headers: IncomingHttpHeaders; body: { event: Record<string, unknown> } };

  /** A receiver that answers the given statuses in turn (then 200). */
  async function receiver(statuses: number[]) {
    const received: Received[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { url: `http://127.0.0.1:${port}/monday-webhook`, received };
  }

  /** The claims of an HS256 JWT, after checking its signature. */
  function verifiedClaims(token: string, secret: string) {
    const [head, payload, signature] = token.split('.');
    const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest();
    expect(timingSafeEqual(Buffer.from(signature!, 'base64url'), expected)).toBe(true);
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  }

  const keysOf = (value: object) => Object.keys(value).sort();

  it('sends item_archived with a JWT signed with the signing secret, and retries a failed delivery', async () => {
    const target = await receiver([500]);
    const clock = Date.now();
    const fake = await board({
      now: () => clock,
      webhook: { url: target.url, signingSecret: 's3cret', retryIntervalMs: 50, maxAttempts: 3 },
    });
    const done = await fake.archiveItem('w-1001');
    expect(done).toMatchObject({ itemId: 'w-1001', type: 'archive_pulse', status: 500 });
    await expect.poll(() => target.received.length).toBe(2);

    const [first, retry] = target.received;
    const claims = verifiedClaims(String(first!.headers.authorization), 's3cret');
    expect(claims).toMatchObject({
      aud: target.url,
      accountId: expect.any(Number),
      userId: expect.any(Number),
    });
    expect(claims.exp).toBe(Math.floor(clock / 1000) + 300);
    expect(claims.iat).toBe(Math.floor(clock / 1000));

    const fixture = webhookFixture('archive_pulse').event;
    expect(keysOf(first!.body.event)).toEqual(keysOf(fixture));
    expect(first!.body.event).toMatchObject({
      type: 'archive_pulse',
      boardId: Number(BOARD),
      itemId: 'w-1001',
      itemName: 'Piotr Kowalczyk',
      isRetry: false,
    });
    expect(first!.body.event).not.toHaveProperty('pulseId');
    expect(retry!.body.event).toMatchObject({ triggerUuid: first!.body.event.triggerUuid, isRetry: true });

    await expect.poll(() => fake.webhookLog.length).toBe(2);
    expect(fake.webhookLog.map((d) => [d.type, d.attempt, d.status])).toEqual([
      ['archive_pulse', 1, 500],
      ['archive_pulse', 2, 200],
    ]);
    expect(fake.stats).toMatchObject({ webhooksSent: 2, webhookFailures: 1 });
  });

  it('sends a status change as update_column_value in the documented sample shape', async () => {
    const target = await receiver([]);
    const fake = await board({ webhook: { url: target.url, signingSecret: 's3cret' } });
    const done = await fake.changeColumn('w-1001', 'status_jacket', { label: 'XL' });
    expect(done).toMatchObject({ type: 'update_column_value', status: 200 });
    const event = target.received[0]!.body.event;
    expect(keysOf(event)).toEqual(keysOf(webhookFixture('update_column_value.status').event));
    expect(event).toMatchObject({
      pulseId: 'w-1001',
      columnId: 'status_jacket',
      columnType: 'color',
      value: { label: { text: 'XL' } },
      previousValue: { label: { text: 'L' } },
    });

    const created = await fake.createItem({
      name: 'New worker',
      columns: { dropdown_job: 'Carpenter, Tiler' },
    });
    expect(created.type).toBe('create_pulse');
    expect(fake.items.get(created.itemId)?.columns.dropdown_job?.text).toBe('Carpenter, Tiler');
    const createdEvent = target.received[1]!.body.event;
    expect(keysOf(createdEvent)).toEqual(keysOf(webhookFixture('create_pulse').event));
    expect(createdEvent.pulseId).toBe(Number(created.itemId));
  });
});
