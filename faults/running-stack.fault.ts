// Fault tests of the running stack, with nothing lost (`npm run test:faults`, docs/faults.md): the
// Functions emulator killed while a submission is in flight (called over HTTP, and sent by the
// outbox in Chromium), an answer lost on the way, the monday.com board unreachable for a sync and
// for an edit, and the browser killed while its outbox sends. One split suite serves them all
// (split-stack.ts), on ports moved by 6000 + TEST_PORT_SHIFT so that it runs beside other stacks;
// the browser is told where the emulators are (follow-ports.ts). The built web app (web/dist) is
// served by a plain file server (e2e/static-server.ts) with /api sent to the functions, so its
// screens stay reachable while the functions are down, as they are from the CDN in production.
// Tickets are queued offline as in e2e/outbox.e2e.ts; files are left out here (the Storage emulator
// cannot run on this machine: upload.storage-fault.ts).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, testPortShift, waitFor } from '../scripts/emulators.mjs';
import { newContext, launchBrowser } from '../e2e/browser.js';
import { WAITING, outboxEntry, storedOutbox } from '../e2e/outbox-actions.js';
import { serveBuild } from '../e2e/static-server.js';
import { type AnswerGate, startAnswerGate } from './answer-gate.js';
import { adminText, runNightlySync, stored, syncRecord, untouchable } from './board-checks.js';
import { expectExactlyOnce, numberingBefore } from './exactly-once.js';
import {
  type Worker,
  adminOf,
  call,
  createWorker,
  deleteWorker,
  idTokenOf,
  ticketsOf,
  workHours,
} from './fixtures.js';
import { followPorts } from './follow-ports.js';
import { queueOffline, sentNumber, submitTicketAnswer, submitTicketSent } from './outbox-steps.js';
import { killBrowserOn, newProfileDir, openProfile } from './profile.js';
import { type SplitStack, startSplitStack } from './split-stack.js';

let stack: SplitStack;
let gate: AnswerGate;
let server: Awaited<ReturnType<typeof serveBuild>>;
let browser: Browser;
const workers: Worker[] = [];
const profiles: string[] = [];

beforeAll(async () => {
  // 600 workers beside the seed's: a full sync reads the board in two pages.
  stack = await startSplitStack({
    portOffset: 6000 + testPortShift(),
    withBoard: true,
    extraWorkers: 600,
    label: 'stack',
  });
  [gate, server, browser] = await Promise.all([
    startAnswerGate({ host: '127.0.0.1', port: stack.ports.functions }),
    serveBuild(path.join(ROOT, 'web', 'dist'), stack.functionUrl('api')),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  if (stack) await Promise.all(workers.map((worker) => deleteWorker(stack, worker)));
  await server?.close();
  await gate?.close();
  await stack?.stop();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

// A test that fails half-way leaves none of its faults to the next one.
afterEach(async () => {
  if (!stack || !gate) return;
  stack.firestoreLink.release();
  gate.setMode('pass');
  gate.cutHeld();
  await stack.boardPlug?.plug();
  if (!stack.isFunctionsRunning()) await stack.startFunctions();
});

/** A fresh worker account of the test's own. */
async function newWorker(name: string) {
  const worker = await createWorker(stack, name);
  workers.push(worker);
  return worker;
}

/** A fresh worker, signed in: their ID token. */
async function signedInWorker(name: string) {
  const worker = await newWorker(name);
  return { worker, token: await idTokenOf(stack, worker.email) };
}

const ticketsWith = (uid: string, description: string) => ticketsOf(stack, uid, description);

/** A call's outcome without throwing: its answer, or that the connection closed without one. */
const settle = (answer: Promise<Awaited<ReturnType<typeof call>>>) =>
  answer.then(
    (value) => ({ answer: value, isCut: false }),
    () => ({ answer: null, isCut: true }),
  );

describe('Functions stopped during a submission', () => {
  it('Functions killed while submitTicket waits on Firestore: nothing is written; after a restart the retry with the same requestId files the ticket once', async () => {
    const { db } = await adminOf(stack);
    const { worker, token } = await signedInWorker('Fault Before Write');
    const requestId = `req-${randomUUID()}`;
    const description = `Killed before the write ${requestId.slice(4, 12)}`;
    const counter = await numberingBefore(db);

    // The functions' way to Firestore is held: the call stops at its first database request.
    stack.firestoreLink.hold();
    const began = stack.executions('submitTicket');
    const first = settle(call(stack.functionUrl('submitTicket'), token, workHours(requestId, description)));
    await waitFor(
      () => stack.executions('submitTicket') > began && stack.firestoreLink.heldBytes() > 0,
      'submitTicket to wait on Firestore',
      30_000,
    );
    await stack.killFunctions();
    // The worker's call ends without an answer, and nothing of it reached the database.
    expect(await first).toEqual({ answer: null, isCut: true });
    stack.firestoreLink.release();
    const before = await db.collection('tickets').where('createdBy', '==', worker.uid).get();
    expect(before.size).toBe(0);

    await stack.startFunctions();
    const retry = await call(stack.functionUrl('submitTicket'), token, workHours(requestId, description));
    expect(retry).toMatchObject({ status: 200, result: { isDuplicate: false } });
    const again = await call(stack.functionUrl('submitTicket'), token, workHours(requestId, description));
    expect(again).toMatchObject({ status: 200, result: { ...(retry.result as object), isDuplicate: true } });

    const once = await expectExactlyOnce(db, worker.uid, description, counter);
    expect(once.activity).toEqual(['created']);
    expect(retry.result).toMatchObject({ ticketId: once.ticketId, number: once.number });
  });

  it('Functions killed after the ticket was written, before the answer reached the worker: the retry with the same requestId gets that ticket, still once', async () => {
    const { db } = await adminOf(stack);
    const { worker, token } = await signedInWorker('Fault After Write');
    const requestId = `req-${randomUUID()}`;
    const description = `Killed after the write ${requestId.slice(4, 12)}`;
    const counter = await numberingBefore(db);
    const written = () =>
      db
        .collection('tickets')
        .where('createdBy', '==', worker.uid)
        .get()
        .then((found) => found.size === 1);

    // The answer is held on its way back: the worker is still waiting when the functions die.
    gate.setMode('hold');
    const first = settle(
      call(
        `${gate.origin}${new URL(stack.functionUrl('submitTicket')).pathname}`,
        token,
        workHours(requestId, description),
      ),
    );
    await waitFor(written, 'the ticket to be written', 30_000);
    await stack.killFunctions();
    gate.cutHeld();
    gate.setMode('pass');
    expect(await first).toEqual({ answer: null, isCut: true });

    await stack.startFunctions();
    const retry = await call(stack.functionUrl('submitTicket'), token, workHours(requestId, description));
    expect(retry).toMatchObject({ status: 200, result: { isDuplicate: true } });
    const once = await expectExactlyOnce(db, worker.uid, description, counter);
    expect(once.activity).toEqual(['created']);
    expect(retry.result).toMatchObject({ ticketId: once.ticketId, number: once.number });
  });

  it('the answer lost on the way (Functions kept running): the retry with the same requestId gets the same ticket, still once', async () => {
    const { db } = await adminOf(stack);
    const { worker, token } = await signedInWorker('Fault Lost Answer');
    const requestId = `req-${randomUUID()}`;
    const description = `Lost answer ${requestId.slice(4, 12)}`;
    const counter = await numberingBefore(db);
    const path = new URL(stack.functionUrl('submitTicket')).pathname;

    gate.setMode('drop');
    const answered = gate.answered();
    const first = await settle(call(`${gate.origin}${path}`, token, workHours(requestId, description)));
    gate.setMode('pass');
    expect(first).toEqual({ answer: null, isCut: true });
    expect(gate.answered()).toBe(answered + 1);

    const retry = await call(`${gate.origin}${path}`, token, workHours(requestId, description));
    expect(retry).toMatchObject({ status: 200, result: { isDuplicate: true } });
    const once = await expectExactlyOnce(db, worker.uid, description, counter);
    expect(once.activity).toEqual(['created']);
    expect(retry.result).toMatchObject({ ticketId: once.ticketId, number: once.number });
  });
});

// The board "unreachable" is no answer of monday's at all: the functions' connection is refused
// (plug.ts), so nothing of monday's is faked here. What the real API answers when it does answer is
// in https://developer.monday.com/api-reference/docs/error-handling; a board is read 500 items a page
// (https://developer.monday.com/api-reference/docs/querying-board-items).
describe('the monday.com board unreachable', () => {
  const WORKER_ID = 'w-1001';

  it('board unreachable for the nightly sync: the sync fails and records it, nothing is written, the cached directory is still served; reachable again, the next sync succeeds', async () => {
    const { db } = await adminOf(stack);
    const before = await untouchable(db);
    const recordBefore = await syncRecord(db);
    const cached = before.workers[WORKER_ID]?.data;
    expect(cached).toMatchObject({ email: 'worker@example.com' });

    await stack.boardPlug!.unplug();
    expect(await runNightlySync(stack)).toBe(500);
    const record = await syncRecord(db);
    expect(record.lastError).toMatchObject({ kind: 'full', reason: 'unavailable' });
    expect(record.lastSuccessAt).toEqual(recordBefore.lastSuccessAt);
    expect(record.lastFullSync).toEqual(recordBefore.lastFullSync);
    expect(await untouchable(db)).toEqual(before);

    // The worker's own profile is served from the read model meanwhile.
    const token = await idTokenOf(stack, 'worker@example.com');
    const profile = await fetch(`${stack.functionUrl('api')}/profiles`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(200);
    const { data } = (await profile.json()) as { data: { worker: Record<string, unknown> } };
    expect(data.worker).toMatchObject({
      id: WORKER_ID,
      name: cached?.name,
      email: cached?.email,
      location: cached?.location,
    });

    await stack.boardPlug!.plug();
    expect(await runNightlySync(stack)).toBe(200);
    const after = await syncRecord(db);
    expect(after.lastError).toBeNull();
    expect(after.lastSuccessAt.toMillis()).toBeGreaterThan(recordBefore.lastSuccessAt.toMillis());
  });

  it('board lost after the first page of a nightly sync: nothing of that page is written and the failure is recorded; the next sync writes the board’s change', async () => {
    const { db } = await adminOf(stack);
    const board = stack.board!;
    const plug = stack.boardPlug!;
    const location = `Lund ${randomUUID().slice(0, 6)}`;
    // A change on the board that the read model does not have yet (made without a webhook).
    await board.changeColumn(WORKER_ID, 'text_location', location);
    const before = await untouchable(db);
    expect(before.workers[WORKER_ID]?.data.location).not.toBe(location);

    // The columns and the first page (500 items) are answered; the connection is refused from the second on.
    const forwarded = plug.forwarded();
    plug.unplugAfter(2);
    expect(await runNightlySync(stack)).toBe(500);
    expect(plug.forwarded() - forwarded).toBe(2);
    expect((await syncRecord(db)).lastError).toMatchObject({ kind: 'full', reason: 'unavailable' });
    expect(await untouchable(db)).toEqual(before);

    await plug.plug();
    expect(await runNightlySync(stack)).toBe(200);
    expect((await db.doc(`workers/${WORKER_ID}`).get()).get('location')).toBe(location);
  });

  it('board unreachable for an edit: updateWorker is refused with admin.errors.boardUnavailable (translated in pl, en and ru) and nothing is written in Firestore or on the board; reachable again, the same save is written once', async () => {
    const { db } = await adminOf(stack);
    const board = stack.board!;
    const plug = stack.boardPlug!;
    const token = await idTokenOf(stack, 'admin@example.com');
    const location = `Solna ${randomUUID().slice(0, 6)}`;
    const edit = { requestId: `req-${randomUUID()}`, workerId: WORKER_ID, changes: { location } };
    const before = await untouchable(db);
    const onBoard = structuredClone(board.items.get(WORKER_ID));
    const { writesApplied, mutations } = board.stats;
    const forwarded = plug.forwarded();

    await plug.unplug();
    const refused = await call(stack.functionUrl('updateWorker'), token, edit);
    expect(refused).toMatchObject({
      status: 503,
      error: { status: 'UNAVAILABLE', message: 'admin.errors.boardUnavailable' },
    });
    for (const language of ['pl', 'en', 'ru'] as const) {
      expect(adminText(language, 'admin.errors.boardUnavailable'), language).not.toBe('');
    }
    expect(await untouchable(db)).toEqual(before);
    expect(plug.forwarded()).toBe(forwarded);
    expect(board.items.get(WORKER_ID)).toEqual(onBoard);

    // The board is back: the same save (same request id) goes through, once.
    await plug.plug();
    const saved = await call(stack.functionUrl('updateWorker'), token, edit);
    expect(saved).toMatchObject({ status: 200, result: { worker: { id: WORKER_ID, location } } });
    expect(board.stats.mutations).toBe(mutations + 1);
    expect(board.stats.writesApplied).toBe(writesApplied + 1);
    expect(board.items.get(WORKER_ID)?.columns.text_location?.text).toBe(location);
    expect((await db.doc(`workers/${WORKER_ID}`).get()).get('location')).toBe(location);
    const audit = await stored(db, 'auditLog');
    expect(Object.keys(audit).length).toBe(Object.keys(before.auditLog).length + 1);
  });
});

describe('Functions stopped while the outbox sends', () => {
  it('Functions killed while the outbox’s submitTicket waits on Firestore: nothing is written and the entry keeps waiting; after a restart the outbox sends it by itself, once', async () => {
    const { db } = await adminOf(stack);
    const worker = await newWorker('Fault Outbox Worker');
    const context = await newContext(browser, 'desktop');
    await followPorts(context, stack.ports);
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    const description = `Outbox, Functions killed ${worker.uid.slice(-8)}`;
    await queueOffline(context, page, server.origin, worker.email, description);
    const counter = await numberingBefore(db);

    // The connection returns while the functions' way to Firestore is held: the send stops mid-call.
    stack.firestoreLink.hold();
    const began = stack.executions('submitTicket');
    const sent = submitTicketSent(page);
    await context.setOffline(false);
    await sent;
    await waitFor(
      () => stack.executions('submitTicket') > began && stack.firestoreLink.heldBytes() > 0,
      'submitTicket to wait on Firestore',
      30_000,
    );
    await stack.killFunctions();
    stack.firestoreLink.release();

    // The call failed as a lost connection does: nothing on the server, the entry waits on the phone.
    const entry = outboxEntry(page, description);
    await expect.poll(async () => (await entry.textContent()) ?? '', { timeout: 20_000 }).toContain(WAITING);
    expect(await ticketsWith(worker.uid, description)).toHaveLength(0);
    expect(await storedOutbox(page, description)).toEqual({ count: 1, isSealed: true, showsText: false });

    // Functions are back: the outbox tries again by itself (every 30 s while entries wait), and
    // this time the server creates the ticket.
    const answer = submitTicketAnswer(page);
    await stack.startFunctions();
    expect(await answer).toMatchObject({ isDuplicate: false });
    const number = await sentNumber(page, 60_000);
    await expect.poll(() => outboxEntry(page, description).count(), { timeout: 10_000 }).toBe(0);
    expect(await storedOutbox(page, description)).toMatchObject({ count: 0 });
    const once = await expectExactlyOnce(db, worker.uid, description, counter);
    expect(once.activity).toEqual(['created']);
    expect(once.number).toBe(number);
    expect(await answer).toMatchObject({ ticketId: once.ticketId, number });
    await context.close();
  });
});

describe('the browser killed while the outbox sends', () => {
  it('Chromium killed (SIGKILL) while its outbox’s submitTicket is on the server: reopened on the same profile, the entry is still there and is sent again, and the ticket exists once', async () => {
    const { db } = await adminOf(stack);
    const worker = await newWorker('Fault Killed Browser');
    const dir = newProfileDir();
    profiles.push(dir);
    const description = `Outbox, browser killed ${worker.uid.slice(-8)}`;

    const first = await openProfile(dir);
    await followPorts(first, stack.ports);
    await first.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await first.newPage();
    await queueOffline(first, page, server.origin, worker.email, description);
    const counter = await numberingBefore(db);

    // The send reaches the functions and is held at Firestore; the browser dies meanwhile.
    stack.firestoreLink.hold();
    const began = stack.executions('submitTicket');
    const sent = submitTicketSent(page);
    await first.setOffline(false);
    await sent;
    await waitFor(
      () => stack.executions('submitTicket') > began && stack.firestoreLink.heldBytes() > 0,
      'submitTicket to wait on Firestore',
      30_000,
    );
    await killBrowserOn(dir);
    await first.close().catch(() => undefined);

    // The call the browser started goes on on the server: the ticket is written, its answer lost.
    stack.firestoreLink.release();
    await expect.poll(() => ticketsWith(worker.uid, description).then((found) => found.length)).toBe(1);

    // Reopened on the same profile, still signed in: the entry is there and is sent again (held
    // first in the browser, to see it), with the same request id: the server answers the same ticket.
    const second = await openProfile(dir);
    await followPorts(second, stack.ports);
    await second.addInitScript(() => localStorage.setItem('language', 'en'));
    const held: Route[] = [];
    await second.route('**/submitTicket', (route) => {
      held.push(route);
    });
    const again = second.pages()[0] ?? (await second.newPage());
    await again.goto(`${server.origin}/ticket-history`);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await storedOutbox(again, description)).toEqual({ count: 1, isSealed: true, showsText: false });
    await second.unroute('**/submitTicket');
    // On to the port-following route, and so to the functions, which answer the ticket already made.
    const answer = submitTicketAnswer(again);
    for (const route of held) await route.fallback();
    expect(await answer).toMatchObject({ isDuplicate: true });
    const number = await sentNumber(again, 30_000);
    await expect.poll(() => outboxEntry(again, description).count(), { timeout: 10_000 }).toBe(0);
    expect(await storedOutbox(again, description)).toMatchObject({ count: 0 });
    const once = await expectExactlyOnce(db, worker.uid, description, counter);
    expect(once.activity).toEqual(['created']);
    expect(once.number).toBe(number);
    expect(await answer).toMatchObject({ ticketId: once.ticketId, number });
    await second.close();
  });
});
