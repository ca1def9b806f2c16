// The monday.com board path against the local fake board (scripts/fake-monday) and the Firestore
// emulator: client pagination and faults, the read model's sync, edits and the webhook.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBoard, generatedWorkers, itemsFromWorkers } from '../../scripts/fake-monday/server.mjs';
import { readBoardLabels } from '../src/directory/monday/board-columns.js';
import {
  BoardRejectedError,
  BoardUnauthorizedError,
  BoardUnavailableError,
  SyncGuardError,
  UnknownLabelsError,
  UnmappedFieldsError,
} from '../src/directory/monday/errors.js';
import { MondayDirectory } from '../src/directory/monday/monday-directory.js';
import { MONDAY_WORKERS } from '../src/directory/monday/read-model.js';
import { deltaSync, fullSync, readSyncState } from '../src/directory/monday/sync.js';
import { WRITE_LEASES } from '../src/directory/monday/write-lease.js';
import {
  LONG_AGO,
  boardWith,
  clearReadModel,
  columnIds,
  db,
  realSleep,
  setup,
  stopBoard,
} from '../testing/monday-fixtures.js';

let board: FakeBoard | null = null;
const useBoard = async (options: Parameters<typeof boardWith>[0]) => (board = await boardWith(options));

afterAll(stopBoard);

describe('the board client against the fake board', () => {
  beforeAll(async () => {
    board = await useBoard({ items: itemsFromWorkers(generatedWorkers(1_234), undefined, LONG_AGO) });
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
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(3), undefined, LONG_AGO) });
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
    ['429', { kind: 'rate-limit', on: 'mutation', times: 2 } as const, 3],
    ['complexity exhaustion', { kind: 'complexity', on: 'mutation', times: 2 } as const, 3],
    ['one 500', { kind: 'server-error', on: 'mutation', times: 1 } as const, 2],
    ['an injected 423', { kind: 'locked', times: 2 } as const, 3],
  ])('an edit survives %s and is written once', async (_what, fault, mutations) => {
    const fake = board!;
    fake.setFaults([fault]);
    const { directory } = setup(fake);
    expect(await directory.update(workerId, { shoesSize: '44' })).toMatchObject({ shoesSize: '44' });
    expect(fake.stats.mutations).toBe(mutations);
    expect(fake.stats.writesApplied).toBe(1);
    expect(fake.items.get(workerId)!.columns.numbers_shoes?.text).toBe('44');
  });

  it('a mutation answered 500 is asked again once, then refused (retrying a bad item or value does not help)', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'server-error', on: 'mutation', times: 10 }]);
    const { directory } = setup(fake);
    const error = await directory.update(workerId, { shoesSize: '45' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoardRejectedError);
    expect(fake.stats.mutations).toBe(2);
  });

  it('a write to an item the board does not have gets its documented 500, asked once more only', async () => {
    const fake = board!;
    const { directory } = setup(fake);
    fake.items.delete(workerId);
    const error = await directory.update(workerId, { shoesSize: '45' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoardRejectedError);
    expect(error).toMatchObject({ details: { status: 500 } });
    expect(fake.stats.mutations).toBe(2);
  });

  it.each([
    ['DAILY_LIMIT_EXCEEDED', { kind: 'daily-limit', on: 'mutation' } as const],
    ['FIELD_LIMIT_EXCEEDED', { kind: 'field-limit', on: 'mutation' } as const],
  ])('%s is not waited for: refused at once with the time to try again', async (code, fault) => {
    const fake = board!;
    fake.setFaults([{ ...fault, times: 5 }]);
    const { directory, waits } = setup(fake);
    const error = await directory.update(workerId, { shoesSize: '46' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoardUnavailableError);
    expect(error).toMatchObject({ details: { code } });
    expect((error as BoardUnavailableError).details.retryAfterMs).toBeGreaterThan(0);
    expect(fake.stats.mutations).toBe(1);
    expect(waits).toEqual([]);
    expect(fake.stats.writesApplied).toBe(0);
  });

  it('a write whose answer was lost meets 409 while the first still runs, waits Retry-After and gets the replay', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'slow', ms: 1_500, on: 'mutation' }]);
    const { directory, client } = setup(fake, { timeoutMs: 500, sleep: realSleep });
    expect(
      await directory.update(workerId, { pantsSize: 'C54' }, { requestId: 'req-00000001' }),
    ).toMatchObject({
      pantsSize: 'C54',
    });
    expect(fake.stats.writesApplied).toBe(1);
    expect(fake.stats.idempotencyConflicts).toBeGreaterThanOrEqual(1);
    expect(client.stats.replayed).toBe(1);
    // The caller repeats the request (same requestId, same values): still one write.
    await directory.update(workerId, { pantsSize: 'C54' }, { requestId: 'req-00000001' });
    expect(fake.stats.writesApplied).toBe(1);
  });

  it('a slow first write (30 s) and the same request again from another instance: one board write, both succeed', async () => {
    const fake = board!;
    fake.setFaults([{ kind: 'slow', ms: 30_000, on: 'mutation' }]);
    // Default timeouts (65 s an attempt), real waits: as deployed.
    const first = setup(fake, { sleep: realSleep, timeoutMs: undefined });
    const second = setup(fake, { sleep: realSleep, timeoutMs: undefined });
    const started = Date.now();
    const one = first.directory.update(workerId, { jacketSize: 'M' }, { requestId: 'tap-00000001' });
    await realSleep(1_000);
    const two = second.directory.update(workerId, { jacketSize: 'M' }, { requestId: 'tap-00000001' });
    const results = await Promise.all([one, two]);
    expect(results.map((worker) => worker?.jacketSize)).toEqual(['M', 'M']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(29_000);
    expect(fake.stats.writesApplied).toBe(1);
    expect(fake.stats.overlappingWrites).toBe(0);
    // Released, not left to lapse (a renewal on its way must not write it back after the release).
    expect((await db.collection(WRITE_LEASES).doc(fake.boardId).get()).exists).toBe(false);
  }, 90_000);

  it('two function instances writing to one board at once never overlap (the write lease)', async () => {
    const fake = await useBoard({
      items: itemsFromWorkers(generatedWorkers(6), undefined, LONG_AGO),
      writeDelayMs: 150,
    });
    await clearReadModel();
    await fullSync(setup(fake).deps);
    const instances = [
      setup(fake, { sleep: realSleep }),
      setup(fake, { sleep: realSleep }),
      setup(fake, { sleep: realSleep }),
    ];
    await Promise.all(
      ['7000000001', '7000000002', '7000000003', '7000000004', '7000000005', '7000000006'].map((id, n) =>
        instances[n % 3]!.directory.update(id, { jacketSize: 'XXL' }),
      ),
    );
    expect(fake.stats.writesApplied).toBe(6);
    expect(fake.stats.overlappingWrites).toBe(0);
    expect(fake.stats.maxConcurrentWrites).toBe(1);
  });

  it('without the lease the same writes overlap on the board (what the lease prevents)', async () => {
    const fake = await useBoard({
      items: itemsFromWorkers(generatedWorkers(2), undefined, LONG_AGO),
      writeDelayMs: 150,
    });
    const [a, b] = [setup(fake), setup(fake)];
    const values = { status_jacket: { label: 'XS' } };
    await Promise.all([
      a.client.changeColumnValues(fake.boardId, '7000000001', values, 'k-1', columnIds(a.config)),
      b.client.changeColumnValues(fake.boardId, '7000000002', values, 'k-2', columnIds(b.config)),
    ]);
    expect(fake.stats.overlappingWrites).toBe(1);
  });

  it('a status label the board does not have is refused before any call; a multi-select dropdown takes a list', async () => {
    const fake = board!;
    expect((await readBoardLabels(db))?.jacketSize?.labels).toEqual(expect.arrayContaining(['S', 'M', 'XL']));
    fake.reset();
    const { directory } = setup(fake);
    const error = await directory.update(workerId, { jacketSize: 'Huge' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownLabelsError);
    expect(error).toMatchObject({ reason: 'unknown-labels', details: { fields: ['jacketSize'] } });
    expect(fake.stats.calls).toBe(0);

    const jobs = (await readBoardLabels(db))?.jobTitle;
    expect(jobs?.multiple).toBe(true);
    const two = jobs!.labels.slice(0, 2).join(', ');
    expect(await directory.update(workerId, { jobTitle: two })).toMatchObject({ jobTitle: two });
    expect(fake.items.get(workerId)!.columns.dropdown_job?.text).toBe(two);
  });

  it('a refused edit leaves the board and the read model as they were, with a typed error', async () => {
    const fake = board!;
    const before = await setup(fake).directory.findById(workerId);
    fake.setFaults([{ kind: 'rate-limit', times: 10 }]);
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
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(5_000), undefined, LONG_AGO) });
    await db
      .doc(`${MONDAY_WORKERS}/gone-1`)
      .set({ name: 'Gone', email: 'gone@board.test', emailLower: 'gone@board.test' });
    const { deps, directory } = setup(fake);
    const report = await fullSync(deps);
    console.log(
      `full sync of 5,000 workers: ${report.calls} calls, complexity ${report.complexity} (fake board: ${fake.stats.calls} calls, ${fake.stats.complexityUsed} complexity of a 10,000,000 budget per minute)`,
    );
    expect(report).toMatchObject({ kind: 'full', items: 5_000, written: 5_000, removed: 1, invalid: [] });
    // One columns read, then ten pages of 500.
    expect(report.calls).toBe(11);
    expect(report.complexity).toBe(fake.stats.complexityUsed);
    expect(report.complexity).toBeLessThan(10_000_000);
    expect(fake.stats.budgetRefusals).toBe(0);
    expect((await db.collection(MONDAY_WORKERS).count().get()).data().count).toBe(5_000);
    expect(await directory.findById('gone-1')).toBeNull();
    const state = await readSyncState(db);
    expect(state?.lastFullSync).toMatchObject({ items: 5_000, calls: 11 });
    expect(state?.lastError).toBeNull();
  }, 120_000);

  it('a delta sync reads only the items updated since the last sync', async () => {
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(600), undefined, LONG_AGO) });
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
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(5), undefined, LONG_AGO) });
    const { deps, directory } = setup(fake, { maxAttempts: 2 });
    await fullSync(deps);
    fake.setFaults([{ kind: 'server-error', times: 5 }]);
    await expect(fullSync(deps)).rejects.toBeInstanceOf(BoardUnavailableError);
    expect((await readSyncState(db))?.lastError).toMatchObject({ kind: 'full', reason: 'unavailable' });
    expect((await directory.list({ limit: 10 })).workers).toHaveLength(5);
  });

  it('an e-mail column renamed on the board (a new column id) stops the full sync with an error; the directory keeps its workers', async () => {
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(50), undefined, LONG_AGO) });
    const { deps, directory } = setup(fake);
    await fullSync(deps);
    fake.renameColumnId('email', 'email_mkx9');
    const error = await fullSync(deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncGuardError);
    expect(String((error as Error).message)).toMatch(/email \(column email\) not on the board/);
    expect((await readSyncState(db))?.lastError).toMatchObject({ kind: 'full', reason: 'sync-guard' });
    expect((await db.collection(MONDAY_WORKERS).count().get()).data().count).toBe(50);
    expect(await directory.findByEmail('worker7@board.test')).toMatchObject({ id: '7000000007' });
  });

  it('a full sync that would remove more than 20 % of the workers stops and changes nothing', async () => {
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(50), undefined, LONG_AGO) });
    const { deps } = setup(fake);
    await fullSync(deps);
    // Eleven workers' e-mails emptied on the board (a bulk edit gone wrong): no longer valid workers.
    for (let n = 1; n <= 11; n += 1) {
      const item = fake.items.get(String(7_000_000_000 + n))!;
      fake.items.set(item.id, {
        ...item,
        columns: { ...item.columns, email: { type: 'email', text: '', value: null } },
      });
    }
    await expect(fullSync(deps)).rejects.toThrow(/would remove 11 of 50 workers/);
    expect((await db.collection(MONDAY_WORKERS).count().get()).data().count).toBe(50);
    // Ten (20 %) are within the guard.
    const item = fake.items.get('7000000011')!;
    fake.items.set(item.id, {
      ...item,
      columns: {
        ...item.columns,
        email: {
          type: 'email',
          text: 'worker11@board.test',
          value: '{"email":"worker11@board.test","text":"worker11@board.test"}',
        },
      },
    });
    expect(await fullSync(deps)).toMatchObject({ removed: 10 });
    expect((await db.collection(MONDAY_WORKERS).count().get()).data().count).toBe(40);
  });

  it('archived and deleted items are not workers: the full sync leaves them out', async () => {
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(10), undefined, LONG_AGO) });
    const { deps, directory } = setup(fake);
    fake.items.set('7000000001', { ...fake.items.get('7000000001')!, state: 'archived' });
    fake.items.set('7000000002', { ...fake.items.get('7000000002')!, state: 'deleted' });
    expect(await fullSync(deps)).toMatchObject({ written: 8 });
    expect(await directory.findById('7000000001')).toBeNull();
    expect(await directory.findById('7000000002')).toBeNull();
  });

  it('logs what the board answered: its request id, the API version and the RateLimit headers', async () => {
    const fake = await useBoard({ items: itemsFromWorkers(generatedWorkers(3), undefined, LONG_AGO) });
    const report = await fullSync(setup(fake).deps);
    expect(report.requestId).toEqual(expect.any(String));
    expect(report.apiVersion).toBe('2026-10');
    expect(report.rateLimit).not.toBeNull();
  });
});
