// The updateWorker callable when the workers live on a monday.com board (the fake board of
// scripts/fake-monday, built from monday's documentation): what the editor is told when the board
// refuses a label or is over its limits, and a repeated request written once. An isolated
// database, so the board's read model (`workers`) holds only the board's workers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBoard, generatedWorkers, itemsFromWorkers } from '../../scripts/fake-monday/server.mjs';
import { createUpdateWorkerHandler } from '../src/callable/admin/update-worker.js';
import { MondayDirectory } from '../src/directory/monday/monday-directory.js';
import { fullSync } from '../src/directory/monday/sync.js';
import { ADMIN_ERRORS } from '../src/domain/index.js';
import {
  type Account,
  account,
  isolatedDb,
  requestAs,
  testDeps,
} from '../testing/admin-accounts-fixtures.js';
import { fieldsOf, httpsErrorOf } from '../testing/helpers.js';
import { LONG_AGO, boardWith, setup, stopBoard } from '../testing/monday-fixtures.js';

const db = isolatedDb();
const WORKER = '7000000001';
let fake: FakeBoard;
let manager: Account;
let update: ReturnType<typeof createUpdateWorkerHandler>;

beforeAll(async () => {
  manager = await account('manager', {}, db);
});

beforeEach(async () => {
  fake = await boardWith({ items: itemsFromWorkers(generatedWorkers(2), undefined, LONG_AGO) });
  const { deps: boardDeps } = setup(fake);
  const deps = { ...boardDeps, db, readModel: undefined };
  await db.recursiveDelete(db.collection('workers'));
  await fullSync(deps);
  fake.reset();
  const directory = new MondayDirectory(deps);
  update = createUpdateWorkerHandler({ ...testDeps(db).deps, board: () => directory });
});

afterAll(stopBoard);

const updateAs = async (data: unknown) => update(await requestAs(manager, data));

describe('updateWorker on a monday.com board', () => {
  it('refuses a status label the board does not have, as a field error, before any board call', async () => {
    const error = await httpsErrorOf(updateAs({ workerId: WORKER, changes: { jacketSize: 'Huge' } }));
    expect(error.code).toBe('invalid-argument');
    expect(fieldsOf(error)).toEqual({ 'changes.jacketSize': ADMIN_ERRORS.unknownLabel });
    expect(fake.stats.calls).toBe(0);
  });

  it('a board over its daily limit: "unavailable, try after" with the time of the reset, nothing saved', async () => {
    fake.setFaults([{ kind: 'daily-limit', on: 'mutation', times: 3 }]);
    const error = await httpsErrorOf(updateAs({ workerId: WORKER, changes: { location: 'Solna' } }));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(ADMIN_ERRORS.boardLimited);
    const retryAt = Date.parse((error.details as { retryAt: string }).retryAt);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(Math.abs(retryAt - midnight.getTime())).toBeLessThan(2_000);
    expect((await db.doc(`workers/${WORKER}`).get()).get('location')).not.toBe('Solna');
  });

  it('a board that keeps answering 429 (a rate limit, not a daily cap) is "cannot be reached right now"', async () => {
    fake.setFaults([{ kind: 'rate-limit', on: 'mutation', times: 10, retryAfterSeconds: 0 }]);
    const error = await httpsErrorOf(updateAs({ workerId: WORKER, changes: { location: 'Solna' } }));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(ADMIN_ERRORS.boardUnavailable);
  });

  it('the same request twice (a repeated tap, a retried call) is one board write', async () => {
    const data = { requestId: 'save-0000000001', workerId: WORKER, changes: { location: 'Nacka' } };
    expect(await updateAs(data)).toMatchObject({ worker: { location: 'Nacka' } });
    // The read model already says Nacka, so the repeat changes nothing and asks the board nothing.
    expect(await updateAs(data)).toMatchObject({ worker: { location: 'Nacka' } });
    expect(fake.stats.writesApplied).toBe(1);
  });
});
