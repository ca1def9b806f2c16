// The board's webhooks as a real account sends them: the fake board (scripts/fake-monday) signs
// each delivery as an app webhook (JWT in Authorization, aud = the endpoint URL) with the payload
// shapes of monday's documentation (fixtures/webhooks), the endpoint queues the event and answers,
// and the queue's processor reads the item from the board before writing or removing anything.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseMondayConfig } from '../src/directory/monday/config.js';
import {
  EVENT_LEASE_MS,
  HEALTHY_DELTA_EVERY_MS,
  deltaSyncDue,
  WEBHOOK_EVENTS,
  claimEvents,
  processEvents,
} from '../src/directory/monday/event-queue.js';
import { fullSync } from '../src/directory/monday/sync.js';
import {
  LONG_AGO,
  SIGNING_SECRET,
  boardWith,
  cachedWorker,
  clearReadModel,
  db,
  recorded,
  setup,
  startWebhookReceiver,
  stopBoard,
} from '../testing/monday-fixtures.js';
import {
  FAKE_BOARD_ID,
  FAKE_COLUMN_MAP_JSON,
  type FakeBoard,
  generatedWorkers,
  itemsFromWorkers,
  webhookFixture,
} from '../../scripts/fake-monday/server.mjs';
import { signJwt } from './monday-jwt.js';

const config = parseMondayConfig({
  boardId: FAKE_BOARD_ID,
  columnMap: FAKE_COLUMN_MAP_JSON,
  apiUrl: 'http://x/v2',
});
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let fake: FakeBoard;
const logged: { message: string; details: Record<string, unknown> }[] = [];

/** The event documents in the queue. */
const queued = async () =>
  (await db.collection(WEBHOOK_EVENTS).get()).docs.map(
    (doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown> & { id: string },
  );

/** Processes the queue as the trigger and the sweep do, at `now`. */
const processQueue = (now = new Date()) => processEvents({ ...setup(fake).deps, now: () => now });

/** A delete_pulse of the documented shape for the fake board's item 7000000001, with these fields changed. */
const deleteEvent = (fields: Record<string, unknown> = {}) => ({
  event: {
    ...webhookFixture('delete_pulse').event,
    boardId: Number(FAKE_BOARD_ID),
    itemId: 7000000001,
    ...fields,
  },
});
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Hands `body` to a receiver's handler as monday's request: Authorization = `token` (none when empty). */
async function deliver(body: unknown, token: string, target = receiver) {
  const res = recorded();
  await target.handler({ method: 'POST', headers: token ? { authorization: token } : {}, body }, res);
  return res;
}
/** A JWT as monday signs an app webhook for the receiver's URL. */
const signed = (target = receiver) => signJwt({ aud: target.url, exp: nowSeconds() + 60 }, SIGNING_SECRET);

beforeAll(async () => {
  receiver = await startWebhookReceiver({
    db,
    config,
    signingSecret: SIGNING_SECRET,
    log: (message, details) => logged.push({ message, details }),
  });
});

beforeEach(async () => {
  await clearReadModel();
  fake = await boardWith({
    items: itemsFromWorkers(generatedWorkers(4), undefined, LONG_AGO),
    webhook: { url: receiver.url, signingSecret: SIGNING_SECRET, retryIntervalMs: 200, maxAttempts: 3 },
  });
  await fullSync(setup(fake).deps);
  fake.reset();
  logged.length = 0;
});

afterAll(async () => {
  await stopBoard();
  await receiver.stop();
});

describe('item lifecycle events', () => {
  it('a real-shaped delete_pulse (itemId, no pulseId) is queued, answered 200, and removes the worker', async () => {
    expect(webhookFixture('delete_pulse').event).not.toHaveProperty('pulseId');
    expect((await fake.deleteItem('7000000001')).status).toBe(200);
    expect(receiver.received.at(-1)?.body).toEqual({ queued: '7000000001' });
    // Answered before the board was asked anything.
    expect(fake.stats.calls).toBe(0);
    expect(await cachedWorker('7000000001')).toBeDefined();

    expect(await processQueue()).toMatchObject({ processed: 1, removed: ['7000000001'] });
    expect(await cachedWorker('7000000001')).toBeUndefined();
    expect(await queued()).toMatchObject([
      { type: 'delete_pulse', itemId: '7000000001', status: 'done', outcome: 'removed' },
    ]);
    expect(fake.stats.calls).toBe(1);
  });

  it('archive_pulse removes the worker and restore_pulse brings them back', async () => {
    expect((await fake.archiveItem('7000000002')).status).toBe(200);
    await processQueue();
    expect(await cachedWorker('7000000002')).toBeUndefined();

    expect((await fake.restoreItem('7000000002')).status).toBe(200);
    await processQueue();
    expect(await cachedWorker('7000000002')).toMatchObject({
      name: 'Worker 00002',
      emailLower: 'worker2@board.test',
    });
    expect((await queued()).map((e) => [e.type, e.outcome])).toEqual(
      expect.arrayContaining([
        ['archive_pulse', 'removed'],
        ['restore_pulse', 'written'],
      ]),
    );
  });

  it.each(['delete_pulse', 'archive_pulse'])(
    'never trusts the payload alone: a signed %s for an item the board holds as active removes nothing',
    async (type) => {
      const event = { ...deleteEvent({ itemId: 7000000002, triggerUuid: `forged${type}` }).event, type };
      expect((await deliver({ event }, signed())).statusCode).toBe(200);
      expect(await processQueue()).toMatchObject({ processed: 1, removed: [] });
      expect(await cachedWorker('7000000002')).toMatchObject({ name: 'Worker 00002' });
    },
  );

  it('a stale removal: deleted, then restored before the events were processed, the worker stays', async () => {
    expect((await fake.deleteItem('7000000003')).status).toBe(200);
    expect((await fake.restoreItem('7000000003')).status).toBe(200);
    expect(await processQueue()).toMatchObject({ processed: 2, removed: [], written: ['7000000003'] });
    expect(await cachedWorker('7000000003')).toMatchObject({ name: 'Worker 00003' });
  });

  it('an item moved to another board leaves the directory once an event names it', async () => {
    fake.moveItemToBoard('7000000004', '555');
    // monday sends the source board no event for the move; a later (or stale) one names the item.
    const res = await deliver(
      deleteEvent({ itemId: 7000000004, triggerUuid: 'moved00000000000000000001' }),
      signed(),
    );
    expect(res.statusCode).toBe(200);
    expect(await processQueue()).toMatchObject({ removed: ['7000000004'] });
    expect(await cachedWorker('7000000004')).toBeUndefined();
  });

  it('a removal event for an item the board no longer answers for removes nothing (the full sync decides)', async () => {
    fake.forgetItem('7000000001');
    const res = await deliver(deleteEvent({ triggerUuid: 'unanswered000000000000001' }), signed());
    expect(res.statusCode).toBe(200);
    expect(await processQueue()).toMatchObject({ processed: 1, removed: [], unconfirmed: ['7000000001'] });
    expect(await cachedWorker('7000000001')).toMatchObject({ name: 'Worker 00001' });
    expect(await queued()).toMatchObject([{ status: 'done', outcome: 'unconfirmed' }]);
  });

  it('a column change (update_column_value on a status column) refreshes the item from the board', async () => {
    expect((await fake.changeColumn('7000000004', 'status_jacket', { label: 'XL' })).status).toBe(200);
    expect(receiver.received.at(-1)?.request.body).toContain('"columnType":"color"');
    await processQueue();
    expect(await cachedWorker('7000000004')).toMatchObject({ jacketSize: 'XL' });
  });
});

describe('webhook authentication', () => {
  const now = nowSeconds;

  it.each([
    [
      'a JWT past its exp beyond the clock skew',
      () => signJwt({ aud: receiver.url, exp: now() - 60 }, SIGNING_SECRET),
      'expired',
    ],
    ['a JWT without exp', () => signJwt({ aud: receiver.url, iat: now() }, SIGNING_SECRET), 'no exp'],
    ['a JWT without aud', () => signJwt({ exp: now() + 60, iat: now() }, SIGNING_SECRET), 'wrong aud'],
    [
      'a JWT for another URL (aud)',
      () => signJwt({ aud: 'https://other.example/hook', exp: now() + 60 }, SIGNING_SECRET),
      'wrong aud',
    ],
    [
      'a JWT signed with another secret',
      () => signJwt({ aud: receiver.url, exp: now() + 60 }, 'x'.repeat(32)),
      'bad signature',
    ],
    ['no Authorization (a personal-token webhook)', () => '', 'no Authorization (a personal-token webhook?)'],
  ])('refuses %s (401), queues nothing and asks the board nothing', async (_what, token, why) => {
    const res = await deliver(deleteEvent(), token());
    expect(res.statusCode).toBe(401);
    expect(logged.at(-1)).toMatchObject({ details: { why } });
    expect(await queued()).toEqual([]);
  });

  it('a JWT a few seconds past its exp (clock skew) is taken', async () => {
    const res = await deliver(deleteEvent(), signJwt({ aud: receiver.url, exp: now() - 10 }, SIGNING_SECRET));
    expect(res).toMatchObject({ statusCode: 200, body: { queued: '7000000001' } });
  });

  it('takes no secret from the URL: a secret in the query string is no proof', async () => {
    const res = recorded();
    await receiver.handler(
      { method: 'POST', headers: {}, query: { secret: SIGNING_SECRET }, body: deleteEvent() },
      res,
    );
    expect(res.statusCode).toBe(400);
    expect(await queued()).toEqual([]);
  });

  it('a webhook URL with a query string is refused, even with a valid JWT for it, and cannot be registered', async () => {
    const withSecret = await startWebhookReceiver(
      {
        db,
        config,
        signingSecret: SIGNING_SECRET,
        log: (message, details) => logged.push({ message, details }),
      },
      `token=${SIGNING_SECRET}`,
    );
    try {
      // The board signs aud = the URL as registered, query string and all.
      const board = await boardWith({
        items: itemsFromWorkers(generatedWorkers(4), undefined, LONG_AGO),
        webhook: { url: withSecret.url, signingSecret: SIGNING_SECRET, maxAttempts: 1 },
      });
      expect((await board.deleteItem('7000000001')).status).toBe(400);
      expect(logged.at(-1)).toMatchObject({ details: { why: 'a query string in the webhook URL' } });
      expect(await queued()).toEqual([]);
      const challenge = await fetch(withSecret.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(webhookFixture('challenge')),
      });
      expect(challenge.status).toBe(400);
      expect(await challenge.text()).not.toContain(webhookFixture('challenge').challenge as string);
    } finally {
      await withSecret.stop();
    }
  });

  it('an unset or placeholder signing secret refuses even a token signed with it', async () => {
    for (const signingSecret of ['', 'local-placeholder']) {
      const weak = await startWebhookReceiver({ db, config, signingSecret });
      const res = await deliver(
        deleteEvent(),
        signJwt({ aud: weak.url, exp: now() + 60 }, signingSecret),
        weak,
      );
      expect(res.statusCode).toBe(401);
      await weak.stop();
    }
  });

  it('echoes the subscription challenge', async () => {
    const res = recorded();
    await receiver.handler({ method: 'POST', headers: {}, body: webhookFixture('challenge') }, res);
    expect(res).toMatchObject({
      statusCode: 200,
      body: { challenge: webhookFixture('challenge').challenge },
    });
  });
});

describe('a durable queue', () => {
  it('an event whose processing is killed half-way is processed by the retry; monday’s redelivery is no duplicate', async () => {
    expect((await fake.deleteItem('7000000001')).status).toBe(200);
    const [event] = await queued();
    // A processor takes the event's lease and dies before reading the board.
    const start = new Date();
    expect(await claimEvents(db, [db.collection(WEBHOOK_EVENTS).doc(event!.id)], start)).toHaveLength(1);
    expect(await processQueue(start)).toMatchObject({ processed: 0 });

    // monday delivers the same event again (its first delivery was never answered, say): queued, not dropped.
    const res = await deliver(deleteEvent({ triggerUuid: event!.id, isRetry: true }), signed());
    expect(res.body).toEqual({ queued: '7000000001' });

    // Once the dead processor's lease lapsed, the sweep takes the event and finishes it.
    const later = new Date(start.getTime() + EVENT_LEASE_MS + 1_000);
    expect(await processQueue(later)).toMatchObject({ processed: 1, removed: ['7000000001'] });
    expect(await cachedWorker('7000000001')).toBeUndefined();
    expect(await queued()).toMatchObject([{ status: 'done', attempts: 2, deliveries: 2 }]);

    // A redelivery of a processed event is the duplicate.
    const again = await deliver(deleteEvent({ triggerUuid: event!.id }), signed());
    expect(again.body).toEqual({ duplicate: true });
  });

  it('a board that is down leaves the event pending for the next run; a burst is read in one board call', async () => {
    await fake.changeColumn('7000000001', 'status_jacket', { label: 'XL' });
    await fake.changeColumn('7000000002', 'status_jacket', { label: 'XL' });
    await fake.changeColumn('7000000003', 'status_jacket', { label: 'XL' });
    fake.setFaults([{ kind: 'server-error', times: 10 }]);
    const start = new Date();
    expect(await processEvents({ ...setup(fake, { maxAttempts: 2 }).deps, now: () => start })).toMatchObject({
      failed: 3,
    });
    expect((await queued()).map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    fake.reset();
    const later = new Date(start.getTime() + 61_000);
    expect(await processQueue(later)).toMatchObject({ processed: 3 });
    expect(fake.stats.calls).toBe(1);
    expect(await cachedWorker('7000000002')).toMatchObject({ jacketSize: 'XL' });
  });

  it('events of another board are answered and ignored', async () => {
    const res = await deliver(deleteEvent({ boardId: 42 }), signed());
    expect(res).toMatchObject({ statusCode: 200, body: { ignored: 'another board' } });
    expect(await queued()).toEqual([]);
  });
});

describe('polling less while the webhooks are healthy', () => {
  const minutes = (n: number) => n * 60 * 1000;

  it('runs the delta every time without webhooks, hourly once events are processed, every time again when one is stuck', async () => {
    const now = new Date();
    const tenMinutesAgo = new Date(now.getTime() - minutes(10));
    // No event yet (no webhooks, or none set up): every run.
    expect(await deltaSyncDue(db, tenMinutesAgo, now)).toBe(true);
    expect(await deltaSyncDue(db, null, now)).toBe(true);

    await fake.changeColumn('7000000001', 'status_jacket', { label: 'XL' });
    await processQueue(now);
    expect(await deltaSyncDue(db, tenMinutesAgo, now)).toBe(false);
    expect(await deltaSyncDue(db, new Date(now.getTime() - HEALTHY_DELTA_EVERY_MS), now)).toBe(true);

    // An event that has waited more than five minutes: the webhooks are not healthy.
    await fake.changeColumn('7000000002', 'status_jacket', { label: 'XL' });
    const later = new Date(now.getTime() + minutes(6));
    expect(await deltaSyncDue(db, new Date(later.getTime() - minutes(10)), later)).toBe(true);
  });
});
