// `npm run load`: the load test of ticket submission (docs/load.md).
//  - transaction: N concurrent writers through the ticket writer's transaction (functions/lib)
//    against a Firestore emulator of its own, numbered by the old global counter (the baseline)
//    and by drawn numbers in the same run; latency, tickets/s, failures, transaction attempts,
//    and every ticket checked in Firestore.
//  - callables: N worker accounts of the running `npm start` stack submit at once through the
//    submitTicket callable over HTTP (autocannon), plus bursts of one request sent many times.
// Only loopback addresses, bounded counts and time. Exits non-zero when a correctness check fails
// (a missing or doubled ticket or number, a failed submission of drawn numbers or through the
// callable; the counter baseline's aborted transactions are its measured behaviour) or a mode asked
// for cannot run; the timing targets are printed only.
import { loadFunctionsLib } from './load/lib.mjs';
import { startOwnFirestore } from './load/firestore-emulator.mjs';
import { USAGE, authorityOf, parseOptions } from './load/options.mjs';
import { countsText, formatTable, ms } from './load/stats.mjs';
import { NUMBERINGS, TRANSACTION_PROJECT, runTransactionMode } from './load/transaction.mjs';
import { runCallablesMode, stackProblem } from './load/callables.mjs';

// The Google client libraries otherwise ask the cloud metadata server (not a loopback address)
// where they run; the emulators need no credentials.
process.env.METADATA_SERVER_DETECTION = 'none';

/** The whole run stops after this long, whatever it is doing. */
const RUN_DEADLINE_MS = 10 * 60 * 1000;
const P95_RATIO_TARGET = 5;
const CALLABLE_P95_TARGET_MS = 3000;

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const log = (line) => console.log(line);
const problems = [];
const cleanups = [];
const watchdog = setTimeout(async () => {
  console.error(`load: stopped after ${RUN_DEADLINE_MS / 60000} minutes`);
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  process.exit(1);
}, RUN_DEADLINE_MS);

let lib;
try {
  lib = await loadFunctionsLib();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const started = Date.now();
let transactionSteps = null;
let callables = null;
let callablesSkipped = null;

if (options.modes.includes('transaction')) {
  let address = options.firestore;
  let emulator = null;
  if (address) {
    const answers = await fetch(`http://${authorityOf(address)}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (!answers) {
      console.error(`transaction: no Firestore emulator answers on ${authorityOf(address)}`);
      process.exit(1);
    }
    log(
      `transaction: the running Firestore emulator on ${authorityOf(address)} (project ${TRANSACTION_PROJECT}, emptied before each step)`,
    );
  } else {
    emulator = await startOwnFirestore();
    cleanups.push(emulator.stop);
    address = { host: emulator.host, port: emulator.port };
    log(`transaction: a Firestore emulator of its own on ${authorityOf(address)} (${emulator.source})`);
  }
  try {
    transactionSteps = await runTransactionMode({
      address,
      lib,
      ns: options.ns,
      perWriter: options.perWriter,
      log,
    });
  } finally {
    await emulator?.stop();
  }
}

if (options.modes.includes('callables')) {
  callablesSkipped = await stackProblem(options);
  if (callablesSkipped) {
    log(`callables: skipped, ${callablesSkipped}`);
    if (options.modes.length === 1) problems.push('callables mode asked for, but the stack is not running');
  } else {
    log(
      `callables: the running stack (functions ${authorityOf(options.functions)}, auth ${authorityOf(options.auth)}, firestore ${authorityOf(options.stackFirestore)}, project ${options.project})`,
    );
    try {
      callables = await runCallablesMode({ options, lib, log });
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log(`callables: stopped: ${message}`);
      problems.push(`callables mode stopped: ${message}`);
    }
  }
}

// --- the figures -------------------------------------------------------------------------------
const failureLines = [];
if (transactionSteps) {
  log(`\nTransaction mode: ${options.perWriter} tickets per writer, latency per ticket (refusals included)`);
  const rows = transactionSteps.map((step) => {
    if (step.problems.length > 0)
      problems.push(`transaction ${step.numbering} N=${step.n}: ${step.problems.join('; ')}`);
    if (step.numbering === 'drawn' && step.failures.length > 0)
      problems.push(`transaction drawn N=${step.n}: ${step.failures.length} tickets failed`);
    if (step.failures.length > 0)
      failureLines.push(`  transaction ${step.numbering} N=${step.n}: ${countsText(step.failures)}`);
    return [
      step.numbering,
      step.n,
      `${step.created}/${step.requested}`,
      ms(step.latency.p50),
      ms(step.latency.p95),
      ms(step.latency.max),
      step.ticketsPerSecond.toFixed(1),
      step.failures.length,
      step.attempts,
      `${step.retries} (${step.retriedTickets} tickets)`,
      step.problems.length === 0 ? 'ok' : 'FAILED',
    ];
  });
  log(
    formatTable(
      [
        ['numbering', 'left'],
        ['N', 'right'],
        ['tickets', 'right'],
        ['p50 ms', 'right'],
        ['p95 ms', 'right'],
        ['max ms', 'right'],
        ['tickets/s', 'right'],
        ['failed', 'right'],
        ['attempts', 'right'],
        ['retried attempts', 'right'],
        ['Firestore check', 'left'],
      ],
      rows,
    ),
  );
  for (const n of options.ns) {
    const [counter, drawn] = NUMBERINGS.map((numbering) =>
      transactionSteps.find((step) => step.n === n && step.numbering === numbering),
    );
    const ratio = counter.latency.p95 / Math.max(1, drawn.latency.p95);
    const isTargetN = n === Math.max(...options.ns);
    log(
      `  p95 at N=${n}: counter ${ms(counter.latency.p95)} ms / drawn ${ms(drawn.latency.p95)} ms = ${ratio.toFixed(1)}× better` +
        (isTargetN
          ? ` (target ≥ ${P95_RATIO_TARGET}×: ${ratio >= P95_RATIO_TARGET ? 'met' : 'NOT met'})`
          : ''),
    );
  }
}

if (callables) {
  log(
    `\nCallables mode: ${options.perWorker} tickets per worker, latency per request (autocannon); "with wait": from the worker being ready to its answer`,
  );
  const rows = callables.steps.map((step) => {
    if (step.failures.length > 0) {
      problems.push(`callables N=${step.n}: ${step.failures.length} submissions failed`);
      failureLines.push(`  callables N=${step.n}: ${countsText(step.failures)}`);
    }
    return [
      `N=${step.n}`,
      step.inFlight,
      `${step.created}/${step.requested}`,
      ms(step.latency.p50),
      ms(step.latency.p95),
      ms(step.latency.max),
      ms(step.waitP95),
      step.ticketsPerSecond.toFixed(1),
      step.failures.length,
    ];
  });
  callables.bursts.forEach((burst, index) => {
    if (burst.problems.length > 0) problems.push(`burst ${index + 1}: ${burst.problems.join('; ')}`);
    if (burst.failures.length > 0) {
      problems.push(`burst ${index + 1}: ${burst.failures.length} requests failed`);
      failureLines.push(`  burst ${index + 1}: ${countsText(burst.failures)}`);
    }
    rows.push([
      `burst ${index + 1} (${burst.size}× one requestId)`,
      burst.connections,
      `${burst.tickets} ticket`,
      ms(burst.latency.p50),
      ms(burst.latency.p95),
      ms(burst.latency.max),
      '-',
      '-',
      burst.failures.length,
    ]);
  });
  log(
    formatTable(
      [
        ['step', 'left'],
        ['in flight', 'right'],
        ['tickets', 'right'],
        ['p50 ms', 'right'],
        ['p95 ms', 'right'],
        ['max ms', 'right'],
        ['p95 with wait', 'right'],
        ['tickets/s', 'right'],
        ['failed', 'right'],
      ],
      rows,
    ),
  );
  problems.push(...callables.problems.map((problem) => `callables Firestore check: ${problem}`));
  log(
    `  Firestore check: ${callables.problems.length === 0 ? 'every ticket once, numbers unique' : 'FAILED'}; numbering the stack runs: ${callables.numbering}` +
      (callables.numbering === 'counter'
        ? ' (built before drawn numbers: rebuild and restart the stack)'
        : ''),
  );
  const ten = callables.steps.find((step) => step.n === 10);
  log(
    ten
      ? `  p95 at N=10: ${ms(ten.latency.p95)} ms (target < ${CALLABLE_P95_TARGET_MS} ms: ${ten.latency.p95 < CALLABLE_P95_TARGET_MS ? 'pass' : 'FAIL'})`
      : '  p95 at N=10: not measured (no N=10 in --n)',
  );
}

if (failureLines.length > 0) log(`\nFailures by message:\n${failureLines.join('\n')}`);
log(
  `\nload: ${((Date.now() - started) / 1000).toFixed(0)} s on ${(await import('node:os')).cpus().length} cores`,
);
clearTimeout(watchdog);
if (problems.length > 0) {
  console.error(`\nload: failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
log('load: correctness checks passed');
process.exit(0);
