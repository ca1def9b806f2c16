// Firestore documents read and listeners opened per screen, on the built app behind the local Emulator
// Suite: part of `npm run bench`, and runnable alone (`node scripts/bench-reads.mjs [--verbose]`, after
// `npm run build`, under `flock /tmp/e2e.lock` like the bench). docs/performance.md "Reads per screen"
// has the method and the last figures.
//
// How it counts (the Firestore emulator has no read counter to ask; its Requests tab lists rule
// evaluations of the browser's requests, not documents, and nothing of the Admin SDK's):
//  - In the browser, from the wire, through the Chrome DevTools Protocol: every request the page sends
//    to the Firestore emulator and every byte of every answer (Network.streamResourceContent streams the
//    long-lived Listen channel as it arrives). A listener is an `addTarget` the page sends on the Listen
//    channel; a document read is a `documentChange` the server sends for a target (one per target it
//    names), a document a REST lookup or query returns, or an aggregation's answer (a count is billed
//    as one read per 1,000 documents counted). The app needs no change for this.
//  - On the server, in the Cloud Functions runtimes, by the Firestore server SDK's own debug log (see
//    bench-reads-probe.mjs): every document a get, getAll, query or transaction read, and every write a
//    commit carried, with the function that did it.
// Each screen opens in a fresh browser context, signed in as its user (the sign-in page is closed first,
// so the screen's tab starts Firestore with an empty cache), and counts until the screen shows its data
// and nothing has moved for QUIET_MS.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PORTS, PROJECT_ID, ROOT, startStack } from './emulators.mjs';

const FUNCTIONS_LIB = path.join(ROOT, 'functions', 'lib');
const PROBE = path.join(ROOT, 'scripts', 'bench-reads-probe.mjs');
export const SERVER_LOG = path.join(ROOT, '.tmp', 'bench-firestore-server.jsonl');
const PASSWORD = 'Demo-pass-1';
/** Tickets of the history's own worker: one full page of the history (HISTORY_PAGE_SIZE). */
const HISTORY_TICKETS = 20;
/** A screen is measured once it shows its data and no Firestore or function traffic moved for this long. */
const QUIET_MS = 2000;
const SETTLE_TIMEOUT_MS = 30_000;
/** How long a screen may take to show its data: the first call of each function starts its runtime. */
const READY_TIMEOUT_MS = 60_000;

// --- the server side ------------------------------------------------------------------------------

/**
 * startStack with the server probe on: firebase-tools passes its environment to the functions runtimes
 * it spawns, so NODE_OPTIONS and BENCH_FIRESTORE_LOG are set around the start and put back after.
 */
export async function startStackWithReadsProbe(options) {
  mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  writeFileSync(SERVER_LOG, '');
  const saved = {
    NODE_OPTIONS: process.env.NODE_OPTIONS,
    BENCH_FIRESTORE_LOG: process.env.BENCH_FIRESTORE_LOG,
  };
  process.env.NODE_OPTIONS = [saved.NODE_OPTIONS, `--import=${pathToFileURL(PROBE).href}`]
    .filter(Boolean)
    .join(' ');
  process.env.BENCH_FIRESTORE_LOG = SERVER_LOG;
  try {
    return await startStack(options);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** The probe's events written after byte `offset` of its log. */
function serverEventsSince(offset) {
  return readFileSync(SERVER_LOG)
    .subarray(offset)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const serverLogSize = () => (existsSync(SERVER_LOG) ? statSync(SERVER_LOG).size : 0);

/** Server reads and writes by function: {reads, writes, byFunction: {name: {reads, writes, paths}}}. */
export function summarizeServer(events) {
  const byFunction = {};
  let reads = 0;
  let writes = 0;
  let probeFailures = 0;
  for (const event of events) {
    if (event.kind === 'probe-failed') probeFailures += 1;
    const fn = (byFunction[event.fn ?? '?'] ??= { reads: 0, writes: 0, paths: [] });
    if (event.kind === 'read') {
      fn.reads += 1;
      fn.paths.push(event.found ? event.path : `${event.path} (missing)`);
      reads += 1;
    } else if (event.kind === 'result') {
      fn.reads += 1;
      fn.paths.push('count');
      reads += 1;
    } else if (event.kind === 'rpc' && event.writes > 0) {
      fn.writes += event.writes;
      writes += event.writes;
    }
  }
  return { reads, writes, byFunction, probeFailures };
}

// --- the browser side ---------------------------------------------------------------------------

const FIRESTORE_ORIGIN = `http://127.0.0.1:${PORTS.firestore}`;
const CHANNEL = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel/;
const REST = /\/v1\/projects\/[^/]+\/databases\/[^/]+\/documents[^:?]*:(\w+)/;
const FUNCTIONS_ORIGIN = `http://127.0.0.1:${PORTS.functions}`;

/**
 * The frames of a WebChannel answer: `<length>\n<json>` one after the other (length in characters).
 * Returns the parsed frames and how far the text was used; an incomplete last frame waits for more.
 */
export function webChannelFrames(text, from = 0) {
  const frames = [];
  let pos = from;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    if (newline < 0) break;
    const header = text.slice(pos, newline).trim();
    if (!/^\d+$/.test(header)) {
      // Not length-prefixed (a short forward-channel answer): the rest is one JSON value.
      try {
        frames.push(JSON.parse(text.slice(pos)));
        pos = text.length;
      } catch {
        // incomplete: wait for more
      }
      break;
    }
    const end = newline + 1 + Number(header);
    if (end > text.length) break;
    try {
      frames.push(JSON.parse(text.slice(newline + 1, end)));
    } catch {
      frames.push(null);
    }
    pos = end;
  }
  return { frames, pos };
}

/** Every Listen/Write message object inside a parsed frame (they sit in `[[id, [message]], ...]`). */
export function messagesIn(value, found = []) {
  if (Array.isArray(value)) {
    for (const item of value) messagesIn(item, found);
  } else if (value && typeof value === 'object') {
    found.push(value);
  }
  return found;
}

/** A short name of a Listen target for the report: `tickets where createdBy==... limit 20`, `doc tickets/t-1`. */
export function describeTarget(target) {
  const short = (name) => name.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\/?/, '');
  if (target.documents) return `doc ${target.documents.documents.map(short).join(', ')}`;
  const query = target.query?.structuredQuery ?? {};
  const parent = short(target.query?.parent ?? '');
  const from = query.from?.map((f) => f.collectionId).join(',') ?? '?';
  const filters = [];
  const walk = (filter) => {
    if (!filter) return;
    if (filter.compositeFilter) filter.compositeFilter.filters.forEach(walk);
    if (filter.fieldFilter) {
      const value = Object.values(filter.fieldFilter.value ?? {})[0];
      filters.push(`${filter.fieldFilter.field.fieldPath} ${filter.fieldFilter.op} ${JSON.stringify(value)}`);
    }
  };
  walk(query.where);
  const limit = query.limit === undefined ? '' : ` limit ${query.limit?.value ?? query.limit}`;
  return `${parent ? `${parent}/` : ''}${from}${filters.length ? ` where ${filters.join(', ')}` : ''}${limit}`;
}

/**
 * Records a page's Firestore traffic through its own DevTools session. `snapshot()` gives the counts so
 * far: {listeners (distinct targets added), docsRead, writes, targets, rest, unreadable, inFlight,
 * moved}; `moved` changes with every event, so "nothing moved" can be waited for. `firestore` and
 * `functions`: the origins the page calls (the default ports unless given); `trace(from, message)`
 * sees every Listen message, for debugging.
 */
export async function recordFirestoreTraffic(
  page,
  { app, firestore = FIRESTORE_ORIGIN, functions = FUNCTIONS_ORIGIN, trace = () => undefined },
) {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map();
  /** Listen targets by id: a stream that restarts sends its targets again under the same ids. */
  const targets = new Map();
  const rest = [];
  let removed = 0;
  let resets = 0;
  let docsRead = 0;
  let writes = 0;
  let unreadable = 0;
  /** Aggregation answers (the unread badge's count): billed as a read, but no document. */
  let aggregations = 0;
  let inFlight = 0;
  let moved = 0;
  const targetOf = (id) => {
    if (!targets.has(id)) targets.set(id, { name: `target ${id}`, docs: 0, resets: 0, isAdded: false });
    return targets.get(id);
  };

  const onListenMessage = (message) => {
    trace('server', message);
    if (message.documentChange) {
      for (const id of message.documentChange.targetIds ?? []) {
        targetOf(id).docs += 1;
        docsRead += 1;
      }
    }
    // The emulator answers a change of a query's results with RESET and all its documents again
    // (production sends the changed ones): counted as read, and shown, so a reset stands out.
    if (message.targetChange?.targetChangeType === 'RESET') {
      for (const id of message.targetChange.targetIds ?? []) targetOf(id).resets += 1;
      resets += 1;
    }
  };
  const onClientMessage = (kind, message) => {
    trace('client', message);
    if (kind === 'Listen' && message.addTarget) {
      const target = targetOf(message.addTarget.targetId);
      target.name = describeTarget(message.addTarget);
      target.isAdded = true;
    }
    if (kind === 'Listen' && message.removeTarget !== undefined) removed += 1;
    if (kind === 'Write' && Array.isArray(message.writes)) writes += message.writes.length;
  };
  const feed = (entry, bytes) => {
    entry.text += entry.decoder.decode(bytes, { stream: true });
    if (entry.kind !== 'channel') return;
    const { frames, pos } = webChannelFrames(entry.text, entry.pos);
    entry.pos = pos;
    for (const frame of frames) {
      for (const message of messagesIn(frame)) if (entry.channel === 'Listen') onListenMessage(message);
    }
  };
  const onRestAnswer = (entry) => {
    let answer;
    try {
      answer = JSON.parse(entry.text);
    } catch {
      unreadable += 1;
      return;
    }
    const parts = Array.isArray(answer) ? answer : [answer];
    let docs = 0;
    for (const part of parts) {
      if (part?.found || part?.missing || part?.document) docs += 1;
      if (part?.result?.aggregateFields) {
        docs += 1;
        aggregations += 1;
      }
    }
    if (entry.rpc === 'commit') writes += entry.writes;
    docsRead += docs;
    rest.push({ rpc: entry.rpc, docs });
  };

  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const url = decodeURIComponent(request.url);
    if (url.startsWith(functions) || url.startsWith(`${app}/api/`)) {
      if (request.method !== 'OPTIONS') {
        inFlight += 1;
        requests.set(requestId, { kind: 'function' });
        moved += 1;
      }
      return;
    }
    // CORS preflights carry nothing that is read.
    if (!url.startsWith(firestore) || request.method === 'OPTIONS') return;
    const channel = CHANNEL.exec(url)?.[1];
    const rpc = REST.exec(url)?.[1];
    if (!channel && !rpc) return;
    const entry = {
      url,
      kind: channel ? 'channel' : 'rest',
      channel,
      rpc,
      writes: 0,
      decoder: new TextDecoder(),
      text: '',
      pos: 0,
      isStreamed: false,
    };
    requests.set(requestId, entry);
    moved += 1;
    const body = request.postData ?? '';
    if (channel && body) {
      for (const [key, value] of new URLSearchParams(body)) {
        if (!/^req\d+___data__$/.test(key)) continue;
        try {
          onClientMessage(channel, JSON.parse(value));
        } catch {
          unreadable += 1;
        }
      }
    }
    if (rpc === 'commit' && body) {
      try {
        entry.writes = JSON.parse(body).writes?.length ?? 0;
      } catch {
        unreadable += 1;
      }
    }
  });
  cdp.on('Network.responseReceived', ({ requestId }) => {
    const entry = requests.get(requestId);
    if (!entry || entry.kind !== 'channel') return;
    cdp.send('Network.streamResourceContent', { requestId }).then(
      ({ bufferedData }) => {
        entry.isStreamed = true;
        feed(entry, Buffer.from(bufferedData, 'base64'));
        moved += 1;
      },
      () => undefined, // already finished: read whole at loadingFinished
    );
  });
  cdp.on('Network.dataReceived', ({ requestId, data }) => {
    const entry = requests.get(requestId);
    if (!entry || entry.kind === 'function') return;
    moved += 1;
    if (entry.isStreamed && data) feed(entry, Buffer.from(data, 'base64'));
  });
  const finish = async (requestId, hasFailed) => {
    const entry = requests.get(requestId);
    if (!entry) return;
    requests.delete(requestId);
    moved += 1;
    if (entry.kind === 'function') {
      inFlight -= 1;
      return;
    }
    if (!entry.isStreamed && !hasFailed) {
      try {
        const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
        feed(entry, base64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8'));
      } catch (error) {
        trace('unreadable', { url: entry.url, error: String(error) });
        unreadable += 1;
      }
    }
    if (entry.kind === 'rest') onRestAnswer(entry);
    moved += 1;
  };
  cdp.on('Network.loadingFinished', ({ requestId }) => void finish(requestId, false));
  cdp.on('Network.loadingFailed', ({ requestId }) => void finish(requestId, true));
  await cdp.send('Network.enable', { maxPostDataSize: 1 << 20 });

  return {
    snapshot: () => ({
      listeners: [...targets.values()].filter((target) => target.isAdded).length,
      removed,
      resets,
      docsRead,
      aggregations,
      writes,
      unreadable,
      inFlight,
      moved,
      targets: [...targets.values()],
      rest: [...rest],
    }),
    stop: () => cdp.detach().catch(() => undefined),
  };
}

// --- the seeded users and the history's worker ---------------------------------------------------

/** The ticket id the app gives a submission (callable/tickets/ticket-writer.ts ticketIdFor). */
const ticketIdFor = (uid, requestId) =>
  createHash('sha256').update(`${uid}:${requestId}`).digest('hex').slice(0, 20);

/**
 * A worker of its own with exactly `count` tickets, written through the Admin SDK in the shape the
 * app writes them (functions/lib domain buildTicketDocument and createdEntry, as submitTicket does).
 */
export async function createHistoryWorker(count = HISTORY_TICKETS) {
  const { deleteApp, initializeApp, getApps } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
  const { buildTicketDocument, createdEntry } = await import(
    pathToFileURL(path.join(FUNCTIONS_LIB, 'domain', 'ticket-document.js')).href
  );
  const { ticketSubmissionSchema } = await import(
    pathToFileURL(path.join(FUNCTIONS_LIB, 'domain', 'index.js')).href
  );
  const app =
    getApps().find((a) => a.name === 'bench-reads') ??
    initializeApp({ projectId: PROJECT_ID }, 'bench-reads');
  const db = getFirestore(app);
  const run = randomUUID().slice(0, 8);
  const uid = `u-bench-${run}`;
  const workerId = `w-bench-${run}`;
  const email = `bench-${run}@example.com`;
  const name = 'Bench Worker';
  const site = 'Bench site';
  await getAuth(app).createUser({ uid, email, password: PASSWORD, displayName: name, emailVerified: true });
  await getAuth(app).setCustomUserClaims(uid, { role: 'user' });
  const now = Date.now();
  const batch = db.batch();
  batch.set(db.doc(`users/${uid}`), {
    email,
    name,
    role: 'user',
    assignedPermissions: [],
    revokedPermissions: [],
    disabled: false,
    workerId,
    createdAt: Timestamp.fromMillis(now),
    updatedAt: Timestamp.fromMillis(now),
  });
  batch.set(db.doc(`workers/${workerId}`), {
    name,
    email,
    siteName: site,
    accommodationAddress: 'Sickla Kanalgata 8, 131 34 Nacka, Sweden',
  });
  const month = new Date(now).toISOString();
  const prefix = `T-${month.slice(2, 4)}${month.slice(5, 7)}`;
  const caller = { uid, name, email };
  for (let index = 0; index < count; index++) {
    const requestId = randomUUID();
    const submission = ticketSubmissionSchema.parse({
      requestId,
      category: 'accommodation',
      subcategory: 'repair',
      description: `Bench ticket ${index + 1}: the window in the kitchen does not close`,
      address: 'Sickla Kanalgata 8, 131 34 Nacka, Sweden',
      attachments: [],
    });
    const at = Timestamp.fromMillis(now - (count - index) * 60_000);
    const ref = db.doc(`tickets/${ticketIdFor(uid, requestId)}`);
    const number = `${prefix}-${8000 + index}`;
    batch.set(ref, buildTicketDocument({ submission, caller, number, at, tools: [], site }));
    batch.set(ref.collection('activity').doc(), createdEntry(caller, at));
  }
  await batch.commit();
  return { uid, email, close: () => deleteApp(app) };
}

/** A fresh browser context signed in as `email`, with no page open (so no tab holds Firestore). */
async function signedInContext(browser, app, email) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await signIn(context, app, email);
  return context;
}

/** Signs `context` in as `email` (a seed account) through /login, in a page it then closes. */
export async function signIn(context, app, email) {
  const page = await context.newPage();
  await page.goto(`${app}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: READY_TIMEOUT_MS });
  await page.close();
}

/** Resolves once `snapshot().moved` and the server log stayed the same for QUIET_MS. */
async function settle(page, traffic) {
  const started = Date.now();
  let last = '';
  let since = Date.now();
  while (Date.now() - started < SETTLE_TIMEOUT_MS) {
    const { moved, inFlight } = traffic.snapshot();
    const state = `${moved}:${inFlight}:${serverLogSize()}`;
    if (state !== last) {
      last = state;
      since = Date.now();
    } else if (inFlight === 0 && Date.now() - since >= QUIET_MS) {
      return;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`Firestore traffic did not settle within ${SETTLE_TIMEOUT_MS} ms on ${page.url()}`);
}

/**
 * Opens `route` in a new tab of `context`, waits for `ready(page)` (the screen shows its data), runs
 * `act(page)` when given, and returns what the tab and the functions read meanwhile.
 */
async function measureScreen(context, app, { route, ready, act }) {
  const page = await context.newPage();
  const traffic = await recordFirestoreTraffic(page, { app });
  const serverOffset = serverLogSize();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text().slice(0, 300));
  });
  try {
    await page.goto(`${app}${route}`);
    const shown = await ready(page);
    await settle(page, traffic);
    if (act) {
      await act(page);
      await settle(page, traffic);
    }
    const client = traffic.snapshot();
    const server = summarizeServer(serverEventsSince(serverOffset));
    return { client, server, shown };
  } catch (error) {
    const text = (
      await page
        .locator('main')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    throw new Error(
      `${route}: ${error instanceof Error ? error.message : error}\n  the page shows: ${text}\n  page errors: ${errors.join(' | ') || 'none'}`,
      { cause: error },
    );
  } finally {
    await traffic.stop();
    await page.close();
  }
}

/** `{value: how often}` of a list. */
const countBy = (values) =>
  values.reduce((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

/** Waits until the page shows at least `count` elements matching `selector`; returns how many. */
async function waitForCount(page, selector, count) {
  await page.waitForFunction(
    ([css, n]) => globalThis.document.querySelectorAll(css).length >= n,
    [selector, count],
    { timeout: READY_TIMEOUT_MS },
  );
  return page.locator(selector).count();
}

const TICKET_LINKS = 'main a[href^="/ticket/"]';

/**
 * Measures every screen. `browser`: a Chromium from playwright-core; `app`: the app's origin.
 * Returns {rows, failures}: each row {screen, docsRead, clientDocs, serverDocs, writes, listeners, notes}.
 */
export async function measureReadsPerScreen({ browser, app, log = () => undefined }) {
  const failures = [];
  let history = null;
  const historyEmail = () => history.email;
  // In this order: the seed's screens first, so that the history's worker and its tickets are not in
  // the queue or the account list; the submission last, so that the history shows exactly 20.
  const screens = [
    {
      key: 'ticket',
      name: '/ticket/t-0001',
      email: () => 'worker@example.com',
      route: '/ticket/t-0001',
      ready: (page) => page.getByText('T-0001').first().waitFor({ timeout: READY_TIMEOUT_MS }),
    },
    {
      key: 'queue',
      name: '/ticket-queue (foreman)',
      email: () => 'foreman@example.com',
      route: '/ticket-queue',
      ready: (page) => waitForCount(page, TICKET_LINKS, 1),
    },
    {
      key: 'users',
      name: '/admin/users (admin)',
      email: () => 'admin@example.com',
      route: '/admin/users',
      ready: (page) => waitForCount(page, 'main a[href^="/admin/profile/"]', 1),
    },
    {
      key: 'history',
      name: `/ticket-history (${HISTORY_TICKETS} tickets)`,
      email: historyEmail,
      route: '/ticket-history',
      ready: (page) => waitForCount(page, TICKET_LINKS, HISTORY_TICKETS),
    },
    {
      key: 'submit',
      name: 'new ticket sent (form + submitTicket)',
      email: historyEmail,
      route: '/new-ticket/accommodation/repair',
      ready: (page) => page.locator('#ticket-description').waitFor({ timeout: READY_TIMEOUT_MS }),
      act: async (page) => {
        await page.locator('#ticket-description').fill('Bench: the heating in the room is off');
        await page.locator('main form button[type="submit"]').click();
        // The worker has open tickets of this kind: the form asks first, and this one is sent anyway.
        const sendAnyway = page.getByRole('button', {
          name: /Send anyway|Wyślij mimo to|Всё равно отправить/,
        });
        const result = page.locator('main a[href^="/ticket/"]').first();
        await Promise.race([
          sendAnyway.waitFor({ timeout: READY_TIMEOUT_MS }),
          result.waitFor({ timeout: READY_TIMEOUT_MS }),
        ]);
        if (await sendAnyway.isVisible()) await sendAnyway.click();
        // The result panel links to the new ticket.
        await page.locator('main a[href^="/ticket/"]').first().waitFor({ timeout: READY_TIMEOUT_MS });
      },
    },
  ];
  const measured = new Map();
  try {
    for (const screen of screens) {
      if (screen.key === 'history') {
        history = await createHistoryWorker();
        log(`history worker ${history.email} with ${HISTORY_TICKETS} tickets`);
      }
      const context = await signedInContext(browser, app, screen.email());
      try {
        const { client, server, shown } = await measureScreen(context, app, screen);
        if (client.unreadable > 0) {
          failures.push(`${screen.name}: ${client.unreadable} Firestore answers could not be read`);
        }
        if (server.probeFailures > 0)
          failures.push(`${screen.name}: the functions' read probe failed to start`);
        measured.set(screen.key, {
          screen: screen.name,
          docsRead: client.docsRead + server.reads,
          clientDocs: client.docsRead,
          clientAggregations: client.aggregations,
          serverDocs: server.reads,
          writes: server.writes + client.writes,
          listeners: client.listeners,
          notes: notesOf(client, server),
          shown,
          server,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await history?.close();
  }

  // The budget: the history reads, in the browser, no more documents than it shows tickets (the
  // unread badge's count, billed as one read, is an aggregation and no document; it shows in the table).
  const historyRow = measured.get('history');
  const historyDocuments = historyRow.clientDocs - historyRow.clientAggregations;
  if (historyRow.shown !== HISTORY_TICKETS) {
    failures.push(`/ticket-history shows ${historyRow.shown} tickets of its worker's ${HISTORY_TICKETS}`);
  }
  if (historyDocuments > historyRow.shown) {
    failures.push(
      `/ticket-history reads ${historyDocuments} Firestore documents in the browser to show ${historyRow.shown} tickets`,
    );
  }
  const submitTicket = measured.get('submit').server.byFunction.submitTicket;
  if (!submitTicket || submitTicket.writes === 0) {
    failures.push('submitTicket: the read probe saw no write (is it loaded in the functions runtime?)');
  }
  const rows = ['history', 'ticket', 'queue', 'users', 'submit'].map((key) => measured.get(key));
  return { rows, failures };
}

/** What a screen read, listener by listener and function by function, for `--verbose`. */
function notesOf(client, server) {
  const notes = [];
  for (const target of client.targets) {
    const resets = target.resets ? ` (${target.resets} resets)` : '';
    notes.push(`listener ${target.name}: ${target.docs} docs${resets}`);
  }
  for (const call of client.rest) notes.push(`browser ${call.rpc}: ${call.docs}`);
  for (const [fn, counts] of Object.entries(server.byFunction)) {
    if (counts.reads === 0 && counts.writes === 0) continue;
    const collections = countBy(counts.paths.map((p) => p.replace(/\/[^/ ]+( \(missing\))?$/, '/*$1')));
    const paths = Object.entries(collections)
      .map(([collection, n]) => `${collection} x${n}`)
      .join(', ');
    const written = counts.writes ? `, ${counts.writes} written` : '';
    notes.push(`function ${fn}: ${counts.reads} read${written} (${paths})`);
  }
  return notes;
}

/** Prints the table "Firestore reads per screen". */
export function printReadsTable(rows, { verbose = false } = {}) {
  console.log('\nFirestore reads per screen (documents read = in the browser + by the functions it called):');
  console.log(
    `  ${'screen'.padEnd(40)} ${'documents read'.padStart(14)} ${'browser'.padStart(8)} ${'functions'.padStart(9)} ${'writes'.padStart(6)} ${'listeners'.padStart(9)}`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.screen.padEnd(40)} ${String(row.docsRead).padStart(14)} ${String(row.clientDocs).padStart(8)} ${String(row.serverDocs).padStart(9)} ${String(row.writes).padStart(6)} ${String(row.listeners).padStart(9)}`,
    );
    if (verbose) for (const note of row.notes) console.log(`      ${note}`);
  }
  const submission = rows.at(-1)?.server.byFunction.submitTicket;
  if (submission) {
    console.log(
      `  submitTicket alone (one call, server): ${submission.reads} documents read, ${submission.writes} written`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_FLAGS, CHROMIUM_PATH } = await import('./chromium.mjs');
  if (
    !existsSync(path.join(FUNCTIONS_LIB, 'index.js')) ||
    !existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))
  ) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  const stack = await startStackWithReadsProbe({
    seed: true,
    logFile: path.join(ROOT, '.tmp', 'bench-emulators.log'),
    log: () => undefined,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  let result;
  try {
    result = await measureReadsPerScreen({
      browser,
      app: `http://127.0.0.1:${PORTS.hosting}`,
      log: console.log,
    });
    printReadsTable(result.rows, { verbose: process.argv.includes('--verbose') });
  } finally {
    await browser.close();
    await stack.stop();
  }
  if (result.failures.length > 0) {
    console.error(`\nBudgets missed:\n  ${result.failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nAll read budgets met.');
  // The seed's Admin SDK app keeps its connections open.
  process.exit(0);
}
