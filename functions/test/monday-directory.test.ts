// The monday.com board path against the local fake board (scripts/fake-monday) and the Firestore
// emulator: client pagination and faults, the read model's sync, edits and the webhook.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_BOARD_ID,
  FAKE_COLUMN_MAP_JSON,
  type FakeBoard,
  type FakeBoardOptions,
  generatedWorkers,
  itemsFromWorkers,
  startFakeBoard,
} from '../../scripts/fake-monday/server.mjs';
import { type MondayClientOptions, createMondayClient } from '../src/directory/monday/client.js';
import { type MondayConfig, parseMondayConfig } from '../src/directory/monday/config.js';
import {
  BoardRejectedError,
  BoardUnauthorizedError,
  BoardUnavailableError,
  UnmappedFieldsError,
} from '../src/directory/monday/errors.js';
import { MondayDirectory } from '../src/directory/monday/monday-directory.js';
import { MONDAY_WORKERS, SYNC_STATE_DOC } from '../src/directory/monday/read-model.js';
import { deltaSync, fullSync, readSyncState } from '../src/directory/monday/sync.js';
import {
  WEBHOOK_EVENTS,
  type WebhookRequest,
  createMondayWebhookHandler,
} from '../src/directory/monday/webhook.js';
import { adminDb } from '../src/firebase.js';
import { signJwt } from './monday-jwt.js';

const TOKEN = 'test-token-abcdef';
const SIGNING_SECRET = 'signing-secret';
const SHARED_SECRET = 'shared-secret';
const db = adminDb();
const LONG_AGO = new Date('2026-01-01T00:00:00Z');

let board: FakeBoard | null = null;

async function boardWith(options: FakeBoardOptions = {}) {
  await board?.stop();
  board = await startFakeBoard({ token: TOKEN, ...options });
  return board;
}

function setup(fake: FakeBoard, clientOptions: Partial<MondayClientOptions> = {}) {
  const waits: number[] = [];
  const config: MondayConfig = parseMondayConfig({
    boardId: fake.boardId,
    columnMap: FAKE_COLUMN_MAP_JSON,
    apiUrl: fake.url,
  });
  const client = createMondayClient({
    apiUrl: config.apiUrl,
    apiVersion: config.apiVersion,
    token: () => TOKEN,
    sleep: async (ms) => {
      waits.push(ms);
    },
    timeoutMs: 2_000,
    ...clientOptions,
  });
  const deps = { db, client, config, readModel: MONDAY_WORKERS };
  const directory = new MondayDirectory(deps);
  return { config, client, directory, waits, deps };
}

const columnIds = (config: MondayConfig) =>
  Object.values(config.columns)
    .filter((c) => c.type !== 'name')
    .map((c) => c.id);

async function clearReadModel() {
  await db.recursiveDelete(db.collection(MONDAY_WORKERS));
  await db.doc(SYNC_STATE_DOC).delete();
}

afterAll(async () => {
  await board?.stop();
});

describe('the board client against the fake board', () => {
  beforeAll(async () => {
    await boardWith({ items: itemsFromWorkers(generatedWorkers(1_234), undefined, LONG_AGO) });
  });
  afterEach(() => board?.reset());

  it('reads 1,234 items in three pages, with the API version and token, and reports the complexity', async () => {
    const fake = board!;
    const { client, config } = setup(fake);
    const items = await client.listItems(config.boardId, columnIds(config));
    expect(items).toHaveLength(1_234);
    expect(new Set(items.map((i) => i.id)).size).toBe(1_234);
    expect(client.stats.calls).toBe(3);
    expect(fake.stats.calls).toBe(3);
    expect(fake.stats.apiVersions).toEqual(['2026-10']);
    expect(fake.stats.missingAuthorization).toBe(0);
    expect(client.stats.complexityUsed).toBe(fake.stats.complexityUsed);
    expect(client.stats.lastComplexity?.after).toBe(10_000_000 - fake.stats.complexityUsed);
  });

  it('reads items by id 100 at a time and finds an item by e-mail', async () => {
    const fake = board!;
    const { client, config } = setup(fake);
    const ids = [...fake.items.keys()].slice(0, 250);
    const items = await client.getItems([...ids, '999'], columnIds(config));
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(fake.stats.calls).toBe(3);
    expect(fake.stats.maxItemsIdsPerRequest).toBe(100);
    const found = await client.findItemsByColumnValue(
      config.boardId,
      'email',
      'worker7@board.test',
      columnIds(config),
    );
    expect(found.map((i) => i.name)).toEqual(['Worker 00007']);
  });

  it.each([
    ['429 with Retry-After', { kind: 'rate-limit', retryAfterSeconds: 3 } as const, 3_000],
    ['complexity exhaustion (200 + errors)', { kind: 'complexity', retryAfterSeconds: 7 } as const, 7_000],
    ['500', { kind: 'server-error' } as const, 0],
  ])('survives %s on a page, waiting as told', async (_what, fault, minimumWait) => {
    const fake = board!;
    fake.setFaults([{ ...fault, times: 2 }]);
    const { client, config, waits } = setup(fake);
    const items = await client.listItems(config.boardId, columnIds(config));
    expect(items).toHaveLength(1_234);
    expect(fake.stats.faultsServed[fault.kind]).toBe(2);
    expect(client.stats.retries).toBe(2);
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(minimumWait);
  });

  it('survives a slow answer (timed out, asked again)', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'slow', ms: 800 }]);
    const { client, config } = setup(fake, { timeoutMs: 300 });
    expect(await client.listItems(config.boardId, columnIds(config))).toHaveLength(1_234);
    expect(client.stats.retries).toBe(1);
  });

  it('starts again from the first page when the cursor expired', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'cursor-expired' }]);
    const { client, config } = setup(fake);
    expect(await client.listItems(config.boardId, columnIds(config))).toHaveLength(1_234);
    expect(client.stats.cursorRestarts).toBe(1);
    // 1 page + refused next page, then the 3 pages again.
    expect(fake.stats.calls).toBe(5);
  });

  it('gives up after the bounded attempts with BoardUnavailableError', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'server-error', times: 20 }]);
    const { client, config } = setup(fake, { maxAttempts: 4 });
    const error = await client.listItems(config.boardId, columnIds(config)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoardUnavailableError);
    expect(error).toMatchObject({ reason: 'unavailable', details: { status: 500, attempts: 4 } });
    expect(fake.stats.calls).toBe(4);
  });

  it('does not wait for a reset far away: fails at once, saying when to retry', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'complexity', retryAfterSeconds: 600 }]);
    const { client, config, waits } = setup(fake);
    const error = await client.listItems(config.boardId, columnIds(config)).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'unavailable', details: { retryAfterMs: 600_000 } });
    expect(waits).toEqual([]);
  });

  it('a refused token is not retried and never appears in the error', async () => {
    const fake = board!;
    const { client, config } = setup(fake, { token: 'wrong-token-123456' });
    const error = await client.listItems(config.boardId, columnIds(config)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoardUnauthorizedError);
    expect(String((error as Error).message)).not.toContain('wrong-token-123456');
    expect(fake.stats.calls).toBe(1);
  });
});

describe('worker edits through the board', () => {
  const workerId = '7000000001';

  beforeEach(async () => {
    const fake = await boardWith({ items: itemsFromWorkers(generatedWorkers(3), undefined, LONG_AGO) });
    await clearReadModel();
    await fullSync(setup(fake).deps);
  });

  it('reads come from the read model: no board call', async () => {
    const { directory, client } = setup(board!);
    expect(await directory.findById(workerId)).toMatchObject({
      id: workerId,
      name: 'Worker 00001',
      jacketSize: 'S',
    });
    expect((await directory.findByEmail(' WORKER2@board.test '))?.id).toBe('7000000002');
    const page = await directory.list({ limit: 2 });
    expect(page.workers.map((w) => w.name)).toEqual(['Worker 00001', 'Worker 00002']);
    expect((await directory.list({ limit: 2, pageToken: page.nextPageToken })).workers).toHaveLength(1);
    expect(await directory.findById('missing')).toBeNull();
    expect(client.stats.calls).toBe(0);
  });

  it('round trip: the board first, then the read model; the same edit again writes nothing', async () => {
    const fake = board!;
    const { directory } = setup(fake);
    const updated = await directory.update(workerId, {
      jacketSize: 'XL',
      phone: '+46 70 174 06 12',
      rotationStart: null as unknown as undefined,
    });
    expect(updated).toMatchObject({ jacketSize: 'XL', phone: '+46701740612' });
    expect(updated?.rotationStart).toBeUndefined();
    const cells = fake.items.get(workerId)!.columns;
    expect(cells.status_jacket?.text).toBe('XL');
    expect(JSON.parse(cells.phone?.value ?? 'null')).toEqual({
      phone: '+46701740612',
      countryShortName: 'SE',
    });
    expect(cells.date_rotation_start?.text).toBe('');
    expect(await directory.findById(workerId)).toMatchObject({ jacketSize: 'XL', phone: '+46701740612' });
    const fresh = await directory.findWithFreshness(workerId);
    expect(fresh?.boardUpdatedAt).toBe(fake.items.get(workerId)!.updated_at);
    expect(await directory.update(workerId, { jacketSize: 'XL' })).toMatchObject({ jacketSize: 'XL' });
    expect(fake.stats.writesApplied).toBe(1);
    expect(await directory.update('missing', { jacketSize: 'M' })).toBeNull();
  });

  it.each([
    ['429', { kind: 'rate-limit', on: 'mutation' } as const],
    ['complexity exhaustion', { kind: 'complexity', on: 'mutation' } as const],
    ['500', { kind: 'server-error', on: 'mutation' } as const],
    ['423 (another write in progress)', { kind: 'locked' } as const],
  ])('an edit survives %s and is written once', async (_what, fault) => {
    const fake = board!;
    fake.setFaults([{ ...fault, times: 2 }]);
    const { directory } = setup(fake);
    expect(await directory.update(workerId, { shoesSize: '44' })).toMatchObject({ shoesSize: '44' });
    expect(fake.stats.mutations).toBe(3);
    expect(fake.stats.writesApplied).toBe(1);
    expect(fake.items.get(workerId)!.columns.numbers_shoes?.text).toBe('44');
  });

  it('a write whose answer was lost is asked again with its Idempotency-Key and not applied twice', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'slow', ms: 800, on: 'mutation' }]);
    const { directory } = setup(fake, { timeoutMs: 300 });
    expect(await directory.update(workerId, { pantsSize: 'C54' }, { idempotencyKey: 'req-1' })).toMatchObject(
      { pantsSize: 'C54' },
    );
    expect(fake.stats.writesApplied).toBe(1);
    expect(fake.stats.idempotentReplays).toBe(1);
    // The caller repeats the request (same requestId): still one write.
    await directory.update(workerId, { pantsSize: 'C54' }, { idempotencyKey: 'req-1' });
    expect(fake.stats.writesApplied).toBe(1);
  });

  it('writes of one process go one at a time; another process meets 423 and retries', async () => {
    const fake = await boardWith({
      items: itemsFromWorkers(generatedWorkers(3), undefined, LONG_AGO),
      writeDelayMs: 150,
    });
    // Two processes wait for real (at most 200 ms) between attempts, so one's retry meets the other's finished write.
    const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 200)));
    const one = setup(fake, { sleep: realSleep });
    await Promise.all([
      one.directory.update('7000000001', { jacketSize: 'XXL' }),
      one.directory.update('7000000002', { jacketSize: 'XXL' }),
      one.directory.update('7000000003', { jacketSize: 'XXL' }),
    ]);
    expect(fake.stats.concurrentWritesRefused).toBe(0);
    expect(fake.stats.writesApplied).toBe(3);
    const other = setup(fake, {
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 200))),
    });
    await Promise.all([
      one.directory.update('7000000001', { jacketSize: 'XS' }),
      other.directory.update('7000000002', { jacketSize: 'XS' }),
    ]);
    expect(fake.stats.concurrentWritesRefused).toBeGreaterThanOrEqual(1);
    expect(fake.stats.writesApplied).toBe(5);
  });

  it('a refused edit leaves the board and the read model as they were, with a typed error', async () => {
    const fake = board!;
    const before = await setup(fake).directory.findById(workerId);
    fake.setFaults([{ kind: 'server-error', times: 10 }]);
    const { directory } = setup(fake, { maxAttempts: 3 });
    const down = await directory.update(workerId, { jacketSize: 'XXL' }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(BoardUnavailableError);
    expect(await directory.findById(workerId)).toEqual(before);
    fake.reset();
    const rejected = await directory.update(workerId, { phone: 'call me' }).catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(BoardRejectedError);
    expect(fake.stats.calls).toBe(1);
    expect(await directory.findById(workerId)).toEqual(before);
    expect(fake.items.get(workerId)!.columns.status_jacket?.text).toBe('S');
  });

  it('an edit of a field without a board column is refused before any call', async () => {
    const fake = board!;
    fake.reset();
    const { client, config } = setup(fake);
    const { pesel: _pesel, ...columns } = config.columns;
    const directory = new MondayDirectory({
      db,
      client,
      config: { ...config, columns },
      readModel: MONDAY_WORKERS,
    });
    const error = await directory.update(workerId, { pesel: '88031412355' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnmappedFieldsError);
    expect(error).toMatchObject({ reason: 'unmapped-fields', details: { fields: ['pesel'] } });
    expect(fake.stats.calls).toBe(0);
  });
});

describe('sync into the read model', () => {
  beforeEach(clearReadModel);

  it('a full sync of 5,000 workers stays within the complexity budget and removes workers gone from the board', async () => {
    const fake = await boardWith({ items: itemsFromWorkers(generatedWorkers(5_000), undefined, LONG_AGO) });
    await db
      .doc(`${MONDAY_WORKERS}/gone-1`)
      .set({ name: 'Gone', email: 'gone@board.test', emailLower: 'gone@board.test' });
    const { deps, directory } = setup(fake);
    const report = await fullSync(deps);
    console.log(
      `full sync of 5,000 workers: ${report.calls} calls, complexity ${report.complexity} (fake board: ${fake.stats.calls} calls, ${fake.stats.complexityUsed} complexity of a 10,000,000 budget per minute)`,
    );
    expect(report).toMatchObject({ kind: 'full', items: 5_000, written: 5_000, removed: 1, invalid: [] });
    expect(report.calls).toBe(10);
    expect(report.complexity).toBe(fake.stats.complexityUsed);
    expect(report.complexity).toBeLessThan(10_000_000);
    expect(fake.stats.budgetRefusals).toBe(0);
    expect((await db.collection(MONDAY_WORKERS).count().get()).data().count).toBe(5_000);
    expect(await directory.findById('gone-1')).toBeNull();
    const state = await readSyncState(db);
    expect(state?.lastFullSync).toMatchObject({ items: 5_000, calls: 10 });
    expect(state?.lastError).toBeNull();
  }, 120_000);

  it('a delta sync reads only the items updated since the last sync', async () => {
    const fake = await boardWith({ items: itemsFromWorkers(generatedWorkers(600), undefined, LONG_AGO) });
    const { deps, directory } = setup(fake);
    await fullSync(deps);
    const item = fake.items.get('7000000010')!;
    fake.items.set(item.id, { ...item, name: 'Renamed on the board', updated_at: new Date().toISOString() });
    const report = await deltaSync(deps);
    expect(report).toMatchObject({ kind: 'delta', items: 1, written: 1 });
    expect(report.calls).toBe(1);
    expect((await directory.findById('7000000010'))?.name).toBe('Renamed on the board');
    const fresh = await directory.findWithFreshness('7000000011');
    expect(fresh?.freshAt.getTime()).toBe((await readSyncState(db))?.lastSuccessAt?.toMillis());
  });

  it('a failed sync keeps the read model and records the error', async () => {
    const fake = await boardWith({ items: itemsFromWorkers(generatedWorkers(5), undefined, LONG_AGO) });
    const { deps, directory } = setup(fake, { maxAttempts: 2 });
    await fullSync(deps);
    fake.setFaults([{ kind: 'server-error', times: 5 }]);
    await expect(fullSync(deps)).rejects.toBeInstanceOf(BoardUnavailableError);
    expect((await readSyncState(db))?.lastError).toMatchObject({ kind: 'full', reason: 'unavailable' });
    expect((await directory.list({ limit: 10 })).workers).toHaveLength(5);
  });
});

describe('the board webhook', () => {
  const recorded = () => {
    const res = {
      statusCode: 0,
      body: undefined as unknown,
      status(code: number) {
        res.statusCode = code;
        return res;
      },
      json(body: unknown) {
        res.body = body;
      },
    };
    return res;
  };
  const event = (
    type: string,
    triggerUuid: string,
    pulseId: string | number,
    boardId: string | number = FAKE_BOARD_ID,
  ) => ({
    event: {
      type,
      triggerUuid,
      boardId: Number(boardId),
      pulseId: Number(pulseId),
      columnId: 'status_jacket',
    },
  });
  const signed = (body: unknown): WebhookRequest => ({
    method: 'POST',
    headers: { authorization: signJwt({ exp: Math.floor(Date.now() / 1000) + 60 }, SIGNING_SECRET) },
    body,
  });
  const run = `${Date.now()}`;
  let handler: ReturnType<typeof createMondayWebhookHandler>;
  let fake: FakeBoard;

  beforeAll(async () => {
    await clearReadModel();
    fake = await boardWith({ items: itemsFromWorkers(generatedWorkers(3), undefined, LONG_AGO) });
    const { deps } = setup(fake);
    await fullSync(deps);
    handler = createMondayWebhookHandler(() => ({
      ...deps,
      signingSecret: SIGNING_SECRET,
      sharedSecret: SHARED_SECRET,
    }));
  });

  it('echoes the challenge', async () => {
    const res = recorded();
    await handler({ method: 'POST', headers: {}, body: { challenge: 'abc123' } }, res);
    expect(res).toMatchObject({ statusCode: 200, body: { challenge: 'abc123' } });
  });

  it('refuses a bad signature (401) and a bad payload (400)', async () => {
    fake.reset();
    const body = event('change_column_value', `t-${run}-bad`, '7000000001');
    const cases: [WebhookRequest, number][] = [
      [{ method: 'POST', headers: {}, body }, 401],
      [{ method: 'POST', headers: { authorization: signJwt({}, 'not-the-secret') }, body }, 401],
      [{ method: 'POST', headers: { 'x-webhook-secret': 'nope' }, body }, 401],
      [signed({ event: { type: 'change_column_value', boardId: 1 } }), 400],
      [signed({ event: { ...body.event, triggerUuid: 'a/b' } }), 400],
      [signed('{not json'), 400],
    ];
    for (const [request, status] of cases) {
      const res = recorded();
      await handler(request, res);
      expect(res.statusCode).toBe(status);
    }
    expect(fake.stats.calls).toBe(0);
  });

  it('refreshes the one item, once per triggerUuid', async () => {
    fake.reset();
    const item = fake.items.get('7000000002')!;
    fake.items.set(item.id, {
      ...item,
      columns: { ...item.columns, status_jacket: { type: 'status', text: 'XXL', value: '{"label":"XXL"}' } },
    });
    const body = event('change_column_value', `t-${run}-1`, '7000000002');
    const first = recorded();
    await handler(signed(body), first);
    expect(first).toMatchObject({ statusCode: 200, body: { refreshed: '7000000002' } });
    expect((await adminDb().doc(`${MONDAY_WORKERS}/7000000002`).get()).get('jacketSize')).toBe('XXL');
    const again = recorded();
    await handler(signed(body), again);
    expect(again).toMatchObject({ statusCode: 200, body: { duplicate: true } });
    expect(fake.stats.calls).toBe(1);
  });

  it('accepts the shared secret in the URL, and removes a deleted item', async () => {
    const res = recorded();
    await handler(
      {
        method: 'POST',
        headers: {},
        query: { secret: SHARED_SECRET },
        body: event('item_deleted', `t-${run}-2`, '7000000003'),
      },
      res,
    );
    expect(res.statusCode).toBe(200);
    expect((await adminDb().doc(`${MONDAY_WORKERS}/7000000003`).get()).exists).toBe(false);
  });

  it('ignores another board', async () => {
    const res = recorded();
    await handler(signed(event('create_pulse', `t-${run}-3`, '1', '999')), res);
    expect(res).toMatchObject({ statusCode: 200, body: { ignored: 'another board' } });
  });

  it('answers 503 when the board is down and processes monday’s retry', async () => {
    fake.setFaults([{ kind: 'server-error', times: 5 }]);
    const body = event('change_name', `t-${run}-4`, '7000000001');
    const down = recorded();
    await handler(signed(body), down);
    expect(down.statusCode).toBe(503);
    expect((await adminDb().doc(`${WEBHOOK_EVENTS}/t-${run}-4`).get()).exists).toBe(false);
    fake.reset();
    const retried = recorded();
    await handler(signed(body), retried);
    expect(retried).toMatchObject({ statusCode: 200, body: { refreshed: '7000000001' } });
  });
});
