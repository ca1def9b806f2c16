// The callables mode: against the running local stack (`npm start`), N worker accounts submit
// tickets at once through the submitTicket callable over HTTP, with autocannon: one connection per
// worker (its ID token on every request of the connection), `perWorker` tickets each, one after
// the other. Then bursts: `burstSize` connections of one worker send the same request (one
// requestId) at once, which must make one ticket. Every ticket is then checked in Firestore.
//
// The Functions emulator runs one Node process per concurrent request of a function and starts
// them on demand; a start that takes longer than its discovery timeout (30 s) fails, and its
// request is never answered. Many at once on two cores do take that long, and each process holds
// about 120 MB, so the emulator is given at most `--in-flight` requests at once (default 10):
// with N above it, the workers' tickets wait for a free connection ("with wait" in the figures).
// Before each step the pool of submitTicket is brought up to the requests in flight (and HEADROOM
// more) a few processes at a time (WARM_STEP), with repeats of one already filed request
// (answered as duplicates: they count against no limit and write no ticket); when the pool stops
// growing, the requests in flight are lowered to what it holds. The warm-up is not measured
// (plain fetch, not autocannon).
import autocannon from 'autocannon';
import { Firestore, Timestamp } from 'firebase-admin/firestore';
import { isPortOpen } from '../emulators.mjs';
import { prepareAccounts } from './accounts.mjs';
import { isDrawnNumber, loadSubmission } from './lib.mjs';
import { authorityOf } from './options.mjs';
import { callableOutcome, stackClient } from './stack-client.mjs';
import { duplicatesOf, latencySummary, percentile } from './stats.mjs';

/**
 * autocannon's per-request timeout, in seconds: above the emulator's 30 s process start plus a
 * slow answer, so a request that was answered is never cut; one the emulator never answers (its
 * process failed to start) counts as "no answer" after this long.
 */
const REQUEST_TIMEOUT_S = 60;
/** A step still running then is stopped (and says so). */
const STEP_DEADLINE_MS = 150_000;
/** New emulator processes started at once while warming up. */
const WARM_STEP = 4;
/**
 * Processes kept warm beyond the requests in flight: a process takes a moment after its answer to
 * be free again, and a request that finds none free makes the emulator start one.
 */
const HEADROOM = 2;
/** A warm-up call not answered by then means a process failed to start. */
const WARM_CALL_TIMEOUT_MS = 45_000;
/** The whole warm-up of one run stops after this long. */
const WARM_BUDGET_MS = 180_000;

/**
 * Why the callables mode cannot run now, as one line, or null when the stack answers: nothing on
 * the functions, Auth or Firestore port, or no submitTicket there.
 */
export async function stackProblem(options) {
  for (const [name, address] of [
    ['functions', options.functions],
    ['auth', options.auth],
    ['firestore', options.stackFirestore],
  ]) {
    if (!(await isPortOpen(address.port, address.host))) {
      return `the local stack is not running (no ${name} emulator on ${authorityOf(address)}): start it with \`npm start\` in another terminal, then run \`npm run load -- --mode=callables\``;
    }
  }
  const client = stackClient(options);
  if (!(await client.servesCallable('submitTicket'))) {
    return `the functions emulator on ${authorityOf(options.functions)} serves no submitTicket for ${options.project} in ${options.region}`;
  }
  return null;
}

/** Runs autocannon and resolves to its result; `onLatency` gets every response's time in ms. */
function cannon(options, onLatency, deadlineMs) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => onLatency(responseTime));
    const timer = setTimeout(() => instance.stop(), deadlineMs);
  });
}

/**
 * Brings the emulator's pool of submitTicket processes from `from` up to `target` (see the module
 * comment): waves of `from + WARM_STEP`, `+ 2 * WARM_STEP`, ... concurrent repeats of `request`.
 * Resolves to {level, problem}: the concurrency the pool answered, and why it stopped short.
 */
async function warmPool({ client, account, request, from, target, deadline }) {
  let level = from;
  while (level < target) {
    if (Date.now() > deadline) return { level, problem: 'the warm-up ran out of time' };
    const size = Math.min(target, level + WARM_STEP);
    const answers = await Promise.all(
      Array.from({ length: size }, () =>
        client
          .call('submitTicket', account.idToken, request, WARM_CALL_TIMEOUT_MS)
          .catch((error) => ({ result: null, error: error instanceof Error ? error.name : String(error) })),
      ),
    );
    const failed = answers.filter((answer) => !answer.result?.isDuplicate);
    if (failed.length > 0) {
      return {
        level,
        problem: `${failed.length} of ${size} warm-up calls failed (${failed[0].error ?? 'not a duplicate'})`,
      };
    }
    level = size;
  }
  return { level, problem: null };
}

const parseBody = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

/**
 * One N: every account files `perWorker` tickets in a row, all accounts at once, with at most
 * `inFlight` requests at the emulator. When all fit (N <= inFlight), each autocannon connection is
 * one worker and carries its token on all its requests; otherwise `inFlight` connections take the
 * next ticket of a worker that has none in flight, and a ticket's wait for a connection counts in
 * `waits` (from when the worker was ready: the run's start, or its previous answer).
 */
async function runConcurrentStep({ url, accounts, perWorker, inFlight, label }) {
  const outcomes = [];
  const latencies = [];
  const waits = [];
  const started = performance.now();
  const readyAt = new Map(accounts.map((account) => [account.uid, started]));
  const requestOf = (request, account, ticket) => {
    const requestId = `${label}-${String(account.index).padStart(3, '0')}-${ticket}`;
    return {
      requestId,
      request: {
        ...request,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          authorization: `Bearer ${account.idToken}`,
        },
        body: JSON.stringify({ data: loadSubmission(requestId, requestId) }),
      },
    };
  };
  const record = (status, body, account, requestId) => {
    const now = performance.now();
    waits.push(now - readyAt.get(account.uid));
    readyAt.set(account.uid, now);
    outcomes.push({ uid: account.uid, requestId, ...callableOutcome(status, parseBody(body)) });
  };

  let requests;
  if (accounts.length <= inFlight) {
    let nextAccount = 0;
    requests = Array.from({ length: perWorker }, (_, ticket) => ({
      method: 'POST',
      // The first request of a connection is set up when autocannon makes the connection: it
      // takes the next account, which the connection keeps for its later requests.
      setupRequest(request, context) {
        context.account ??= accounts[nextAccount++];
        const next = requestOf(request, context.account, ticket);
        context.requestId = next.requestId;
        return next.request;
      },
      onResponse: (status, body, context) => record(status, body, context.account, context.requestId),
    }));
  } else {
    // Ticket by ticket: every worker's first, then every worker's second, ...
    const jobs = [];
    for (let ticket = 0; ticket < perWorker; ticket++) {
      for (const account of accounts) jobs.push({ account, ticket });
    }
    const busy = new Set();
    requests = [
      {
        method: 'POST',
        setupRequest(request, context) {
          let position = jobs.findIndex((job) => !busy.has(job.account.uid));
          if (position < 0) position = 0;
          const [job] = jobs.splice(position, 1);
          busy.add(job.account.uid);
          const next = requestOf(request, job.account, job.ticket);
          context.job = { account: job.account, requestId: next.requestId };
          return next.request;
        },
        onResponse(status, body, context) {
          busy.delete(context.job.account.uid);
          record(status, body, context.job.account, context.job.requestId);
        },
      },
    ];
  }
  const result = await cannon(
    {
      url,
      method: 'POST',
      connections: Math.min(accounts.length, inFlight),
      amount: accounts.length * perWorker,
      pipelining: 1,
      timeout: REQUEST_TIMEOUT_S,
      requests,
    },
    (latency) => latencies.push(latency),
    STEP_DEADLINE_MS,
  );
  const seconds = (performance.now() - started) / 1000;
  return { outcomes, latencies, waits, seconds, errors: result.errors, timeouts: result.timeouts };
}

/** One burst: `size` requests of one account with one requestId, on `connections` at once. */
async function runBurst({ url, account, size, connections, requestId }) {
  const outcomes = [];
  const latencies = [];
  const result = await cannon(
    {
      url,
      method: 'POST',
      connections,
      amount: size,
      pipelining: 1,
      timeout: REQUEST_TIMEOUT_S,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.idToken}` },
      body: JSON.stringify({ data: loadSubmission(requestId, `${requestId} (burst)`) }),
      requests: [
        {
          onResponse(status, body) {
            let json = null;
            try {
              json = JSON.parse(body);
            } catch {
              // counted as a failure below
            }
            outcomes.push({ uid: account.uid, requestId, ...callableOutcome(status, json) });
          },
        },
      ],
    },
    (latency) => latencies.push(latency),
    STEP_DEADLINE_MS,
  );
  return { outcomes, latencies, errors: result.errors, timeouts: result.timeouts };
}

/**
 * Checks in Firestore that every ticket answered exists once, as that account's, with the number
 * it was answered with, that no number is given twice in the whole `tickets` collection, that
 * each drawn number is claimed by its ticket, and that the accounts made no other ticket since
 * `since`. Returns the problems (none: all well) and which numbering the stack ran.
 */
async function verifyTickets(db, outcomes, since) {
  const problems = [];
  const answered = new Map();
  for (const outcome of outcomes) {
    if (!outcome.result) continue;
    const { ticketId, number } = outcome.result;
    const earlier = answered.get(ticketId);
    if (earlier && earlier.number !== number) problems.push(`ticket ${ticketId} answered with two numbers`);
    answered.set(ticketId, { uid: outcome.uid, number });
  }
  const ids = [...answered.keys()];
  for (let start = 0; start < ids.length; start += 300) {
    const snapshots = await db.getAll(...ids.slice(start, start + 300).map((id) => db.doc(`tickets/${id}`)));
    for (const snapshot of snapshots) {
      const expected = answered.get(snapshot.id);
      if (!snapshot.exists) problems.push(`ticket ${snapshot.id} answered but not in Firestore`);
      else if (
        snapshot.get('createdBy') !== expected.uid ||
        String(snapshot.get('number')) !== expected.number
      )
        problems.push(`ticket ${snapshot.id} differs from its answer`);
    }
  }
  const uids = [...new Set(outcomes.map((outcome) => outcome.uid))];
  for (const uid of uids) {
    const own = await db.collection('tickets').where('createdBy', '==', uid).get();
    const recent = own.docs.filter(
      (doc) => doc.get('createdAt') instanceof Timestamp && doc.get('createdAt').toMillis() >= since,
    );
    const unexpected = recent.filter((doc) => !answered.has(doc.id));
    if (unexpected.length > 0) problems.push(`${unexpected.length} tickets of ${uid} that no answer named`);
  }
  const all = await db.collection('tickets').select('number').get();
  const repeated = duplicatesOf(all.docs.map((doc) => String(doc.get('number'))));
  if (repeated.length > 0)
    problems.push(`numbers given twice in tickets: ${repeated.slice(0, 5).join(', ')}`);
  const numbers = [...answered].map(([id, { number }]) => [id, number]);
  const drawn = numbers.filter(([, number]) => isDrawnNumber(number));
  for (let start = 0; start < drawn.length; start += 300) {
    const part = drawn.slice(start, start + 300);
    const claims = await db.getAll(...part.map(([, number]) => db.doc(`ticketNumbers/${number}`)));
    claims.forEach((claim, position) => {
      if (claim.get('ticketId') !== part[position][0])
        problems.push(`number ${claim.id} not claimed by its ticket`);
    });
  }
  const numbering =
    numbers.length === 0
      ? 'none'
      : drawn.length === numbers.length
        ? 'drawn'
        : drawn.length === 0
          ? 'counter'
          : 'mixed';
  return { problems, numbering, tickets: answered.size };
}

/** What became of requests that got no answer, from autocannon's counts. */
const connectionTrouble = ({ errors, timeouts }) =>
  `no answer (autocannon: ${errors} connection errors, ${timeouts} timeouts)`;

/** Failures as "status message ×count"-ready texts, plus answers that never came. */
const failuresOf = (outcomes) => outcomes.filter((outcome) => outcome.error).map((outcome) => outcome.error);

/**
 * Runs the callables mode: accounts first (made where missing), then each N, then the bursts,
 * then the checks. Resolves to {steps, bursts, accounts, numbering, problems}.
 */
export async function runCallablesMode({ options, lib, log }) {
  const client = stackClient(options);
  process.env.FIRESTORE_EMULATOR_HOST = authorityOf(options.stackFirestore);
  const db = new Firestore({
    projectId: options.project,
    host: authorityOf(options.stackFirestore),
    ssl: false,
  });
  try {
    const since = Date.now();
    const limits = lib.RATE_LIMITS;
    // The steps, then the warm-up's one ticket, then the bursts (one ticket each).
    const plan = [
      ...options.ns.map((n) => ({ count: n, perAccount: options.perWorker })),
      { count: 1, perAccount: 1 },
      ...(options.bursts > 0 ? [{ count: options.bursts, perAccount: 1 }] : []),
    ];
    const setupStarted = Date.now();
    const accounts = await prepareAccounts({ db, client, steps: plan, limits, log });
    const most = Math.max(0, ...accountLoads(accounts.steps, plan).values());
    log(
      `  accounts: ${accounts.reused} reused, ${accounts.made.workers} made (and ${accounts.made.managers} managers) in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s; ` +
        `each files at most ${most} tickets in this run and stays under submitTicket's ${limits.submitTicket.limit} an hour (its earlier tickets in the hour counted)`,
    );

    const url = client.callableUrl('submitTicket');
    const label = `cl${Date.now().toString(36)}`;
    const steps = [];
    const allOutcomes = [];

    const [warmAccount] = accounts.steps[options.ns.length];
    const warmRequest = loadSubmission(`${label}-warm`, `${label} warm-up`);
    const first = await client.call(
      'submitTicket',
      warmAccount.idToken,
      warmRequest,
      REQUEST_TIMEOUT_S * 1000,
    );
    allOutcomes.push({ uid: warmAccount.uid, requestId: warmRequest.requestId, ...first });
    if (first.error) throw new Error(`the warm-up ticket failed: ${first.error}`);
    let warm = 1;
    // At most this many requests at the emulator: --in-flight, lowered to what the warm-up reached.
    let inFlight = options.inFlight;
    const warmDeadline = Date.now() + WARM_BUDGET_MS;
    const warmUp = async (wanted) => {
      const target = Math.min(wanted, inFlight) + HEADROOM;
      if (warm >= target) return;
      const began = Date.now();
      const pool = await warmPool({
        client,
        account: warmAccount,
        request: warmRequest,
        from: warm,
        target,
        deadline: warmDeadline,
      });
      warm = pool.level;
      if (pool.problem) inFlight = Math.max(1, pool.level - HEADROOM);
      log(
        `  warm-up: submitTicket answers ${pool.level} calls at once (${((Date.now() - began) / 1000).toFixed(1)} s)` +
          (pool.problem
            ? `; stopped short of ${target}: ${pool.problem}; at most ${inFlight} in flight from now on`
            : ''),
      );
    };

    for (const [position, n] of options.ns.entries()) {
      await warmUp(n);
      const stepInFlight = Math.min(n, inFlight);
      const step = await runConcurrentStep({
        url,
        accounts: accounts.steps[position],
        perWorker: options.perWorker,
        inFlight: stepInFlight,
        label: `${label}-n${n}`,
      });
      const ok = step.outcomes.filter((outcome) => outcome.result);
      const requested = n * options.perWorker;
      const failures = failuresOf(step.outcomes);
      const unanswered = requested - step.outcomes.length;
      if (unanswered > 0) failures.push(...Array(unanswered).fill(connectionTrouble(step)));
      steps.push({
        n,
        inFlight: stepInFlight,
        requested,
        created: ok.filter((outcome) => !outcome.result.isDuplicate).length,
        seconds: step.seconds,
        ticketsPerSecond: ok.length / step.seconds,
        latency: latencySummary(step.latencies),
        waitP95: percentile(step.waits, 95),
        failures,
      });
      allOutcomes.push(...step.outcomes);
      const last = steps.at(-1);
      log(
        `  callables N=${String(n).padEnd(3)} (${stepInFlight} in flight) ${last.created}/${requested} in ${step.seconds.toFixed(1)} s, p95 ${Math.round(last.latency.p95 ?? 0)} ms, ${failures.length} failed`,
      );
    }

    const bursts = [];
    const burstAccounts = options.bursts > 0 ? accounts.steps.at(-1) : [];
    if (burstAccounts.length > 0) await warmUp(options.burstSize);
    // A burst larger than the emulator holds is sent on as many connections as it holds.
    const burstConnections = Math.min(options.burstSize, inFlight);
    for (const [position, account] of burstAccounts.entries()) {
      const requestId = `${label}-burst-${position}`;
      const burst = await runBurst({
        url,
        account,
        size: options.burstSize,
        connections: burstConnections,
        requestId,
      });
      const ok = burst.outcomes.filter((outcome) => outcome.result);
      const ticketIds = new Set(ok.map((outcome) => outcome.result.ticketId));
      const firsts = ok.filter((outcome) => !outcome.result.isDuplicate).length;
      const problems = [];
      const failures = failuresOf(burst.outcomes);
      const unanswered = options.burstSize - burst.outcomes.length;
      if (unanswered > 0) failures.push(...Array(unanswered).fill(connectionTrouble(burst)));
      if (ticketIds.size !== 1) problems.push(`${ticketIds.size} different tickets answered`);
      if (firsts !== 1) problems.push(`${firsts} answers not marked duplicate (1 expected)`);
      bursts.push({
        size: options.burstSize,
        connections: burstConnections,
        answered: ok.length,
        tickets: ticketIds.size,
        firsts,
        latency: latencySummary(burst.latencies),
        failures,
        problems,
      });
      allOutcomes.push(...burst.outcomes);
      log(
        `  burst ${position + 1}: ${options.burstSize} with one requestId on ${burstConnections} connections -> ${ok.length} answers, ${ticketIds.size} ticket(s), ${firsts} first answer(s)`,
      );
    }
    const verified = await verifyTickets(db, allOutcomes, since);
    return { steps, bursts, accounts, numbering: verified.numbering, problems: verified.problems };
  } finally {
    await db.terminate();
  }
}

/** Submissions planned per account (uid) over all steps. */
function accountLoads(stepAccounts, plan) {
  const loads = new Map();
  stepAccounts.forEach((accounts, position) => {
    for (const account of accounts)
      loads.set(account.uid, (loads.get(account.uid) ?? 0) + plan[position].perAccount);
  });
  return loads;
}
