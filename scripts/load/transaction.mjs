// The transaction mode: N concurrent writers, each a distinct directory worker, file tickets through
// the ticket writer (functions/lib) straight against a Firestore emulator, once numbered by the old
// global counter (`counters/tickets`, the baseline) and once by drawn numbers, then every ticket is
// checked in Firestore. Transaction attempts are counted by wrapping `db.runTransaction` (its
// function runs once per attempt; the writer runs one transaction per ticket) and the numbering's
// `claim` (once per attempt that got past the ticket's own read).
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { Firestore } from 'firebase-admin/firestore';
import { authorityOf } from './options.mjs';
import { describeError, loadSubmission } from './lib.mjs';
import { duplicatesOf, latencySummary } from './stats.mjs';

export const TRANSACTION_PROJECT = 'demo-load-transaction';
export const NUMBERINGS = ['counter', 'drawn'];
/** A step that has not finished by then stops starting tickets (and says so). */
const STEP_DEADLINE_MS = 90_000;

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const pad = (value, width = 3) => String(value).padStart(width, '0');

/** Deletes every document of the project in the emulator (its REST endpoint for tests). */
async function clearProject(address, project) {
  const url = `http://${authorityOf(address)}/emulator/v1/projects/${project}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing the emulator's ${project} failed: HTTP ${response.status}`);
}

function firestoreAt(address, project) {
  // The Admin SDK prefers FIRESTORE_EMULATOR_HOST over `host`: keep both on the same emulator.
  process.env.FIRESTORE_EMULATOR_HOST = authorityOf(address);
  return new Firestore({ projectId: project, host: authorityOf(address), ssl: false });
}

/** The directory workers and the callers (as loadCaller would build them) of `n` writers. */
async function seedWriters(db, n) {
  const batch = db.batch();
  const callers = [];
  for (let index = 1; index <= n; index++) {
    const workerId = `load-w-${pad(index)}`;
    const email = `load-writer-${pad(index)}@load.example.com`;
    const name = `Load Writer ${pad(index)}`;
    batch.set(db.doc(`workers/${workerId}`), { name, email, emailLower: email, siteName: 'Load site' });
    batch.set(db.doc(`users/load-u-${pad(index)}`), {
      email,
      name,
      role: 'user',
      workerId,
      assignedPermissions: [],
      revokedPermissions: [],
      disabled: false,
    });
    callers.push({
      uid: `load-u-${pad(index)}`,
      email,
      name,
      role: 'user',
      workerId,
      assignedPermissions: [],
      revokedPermissions: [],
    });
  }
  await batch.commit();
  return callers;
}

/** Checks in Firestore what the step reported; returns the problems found (none: all well). */
async function verifyStep(db, lib, numbering, records) {
  const problems = [];
  const created = records.filter((record) => record.result && !record.result.isDuplicate);
  const duplicates = records.filter((record) => record.result?.isDuplicate);
  if (duplicates.length > 0) problems.push(`${duplicates.length} fresh requests answered as duplicates`);
  const tickets = await db.collection('tickets').get();
  const byId = new Map(tickets.docs.map((doc) => [doc.id, String(doc.get('number'))]));
  if (tickets.size !== created.length)
    problems.push(`${tickets.size} tickets in Firestore for ${created.length} created`);
  const missing = created.filter((record) => byId.get(record.result.ticketId) !== record.result.number);
  if (missing.length > 0) problems.push(`${missing.length} tickets missing or with another number`);
  const numbers = [...byId.values()];
  const repeated = duplicatesOf(numbers);
  if (repeated.length > 0) problems.push(`numbers given twice: ${repeated.slice(0, 5).join(', ')}`);
  const activity = (await db.collectionGroup('activity').count().get()).data().count;
  if (activity !== tickets.size) problems.push(`${activity} activity entries for ${tickets.size} tickets`);
  if (numbering === 'drawn') {
    const claims = await db.collection('ticketNumbers').get();
    const claimOf = new Map(claims.docs.map((doc) => [doc.id, doc.get('ticketId')]));
    if (claims.size !== tickets.size)
      problems.push(`${claims.size} number claims for ${tickets.size} tickets`);
    const unclaimed = [...byId].filter(([id, number]) => claimOf.get(number) !== id);
    if (unclaimed.length > 0)
      problems.push(`${unclaimed.length} tickets whose number is not claimed by them`);
  } else {
    const last = (await db.doc(lib.TICKET_COUNTER_PATH).get()).get('last') ?? 0;
    if (last !== tickets.size) problems.push(`the counter says ${last} for ${tickets.size} tickets`);
    const expected = new Set(
      Array.from({ length: tickets.size }, (_, index) => lib.formatTicketNumber(index + 1)),
    );
    if (numbers.some((number) => !expected.has(number))) problems.push('the sequential numbers have gaps');
  }
  return { problems, tickets: tickets.size };
}

/** One step: `n` writers with `numbering`, `perWriter` tickets each. */
async function runStep({ address, lib, numbering, n, perWriter, label }) {
  await clearProject(address, TRANSACTION_PROJECT);
  const db = firestoreAt(address, TRANSACTION_PROJECT);
  try {
    const callers = await seedWriters(db, n);
    const context = new AsyncLocalStorage();
    const totals = { attempts: 0, claims: 0 };
    const runTransaction = db.runTransaction.bind(db);
    db.runTransaction = (update, options) =>
      runTransaction((tx) => {
        totals.attempts += 1;
        const record = context.getStore();
        if (record) record.attempts += 1;
        return update(tx);
      }, options);
    const base = numbering === 'counter' ? lib.counterTicketNumbers(db) : lib.drawnTicketNumbers(db);
    const counted = {
      claim(tx, ticketId, at) {
        totals.claims += 1;
        return base.claim(tx, ticketId, at);
      },
    };
    const writer = lib.createTicketWriter({ db, now: Date.now, logger: quietLogger, numbering: counted });
    // The connection is open before the clock starts.
    await db.doc(`workers/${callers[0].workerId}`).get();

    const records = [];
    let skipped = 0;
    const deadline = Date.now() + STEP_DEADLINE_MS;
    const started = performance.now();
    await Promise.all(
      callers.map(async (caller, writerIndex) => {
        for (let ticket = 0; ticket < perWriter; ticket++) {
          if (Date.now() > deadline) {
            skipped += 1;
            continue;
          }
          const requestId = `${label}-${numbering}-${n}-${pad(writerIndex + 1)}-${ticket}`;
          const submission = lib.ticketSubmissionSchema.parse(loadSubmission(requestId, requestId));
          const record = { attempts: 0, result: null, error: null, latency: 0 };
          const begun = performance.now();
          try {
            record.result = await context.run(record, () => writer.submit(caller, submission));
          } catch (error) {
            record.error = describeError(error);
          }
          record.latency = performance.now() - begun;
          records.push(record);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const { problems, tickets } = await verifyStep(db, lib, numbering, records);
    const ok = records.filter((record) => record.result);
    const failures = records.filter((record) => record.error);
    return {
      numbering,
      n,
      requested: n * perWriter,
      created: ok.length,
      tickets,
      skipped,
      seconds,
      ticketsPerSecond: ok.length / seconds,
      // Every submission's time to its answer, a refusal's too: the worker waits either way.
      latency: latencySummary(records.map((record) => record.latency)),
      failures: failures.map((record) => record.error),
      attempts: totals.attempts,
      retries: records.reduce((sum, record) => sum + Math.max(0, record.attempts - 1), 0),
      retriedTickets: records.filter((record) => record.attempts > 1).length,
      maxAttempts: Math.max(0, ...records.map((record) => record.attempts)),
      claims: totals.claims,
      problems:
        skipped > 0 ? [...problems, `${skipped} tickets not started before the step's deadline`] : problems,
    };
  } finally {
    await db.terminate();
  }
}

/**
 * Runs every N with both numberings (counter first, then drawn, N by N) against the emulator at
 * `address`. Resolves to the steps' results; a short warm-up round runs first and is not reported.
 */
export async function runTransactionMode({ address, lib, ns, perWriter, log }) {
  const label = `tx${Date.now().toString(36)}`;
  // The emulator's first transactions are slow (a JVM warming up): not measured.
  for (const numbering of NUMBERINGS) {
    await runStep({
      address,
      lib,
      numbering,
      n: numbering === 'counter' ? 2 : 10,
      perWriter: 2,
      label: `${label}warm`,
    });
  }
  const steps = [];
  for (const n of ns) {
    for (const numbering of NUMBERINGS) {
      const step = await runStep({ address, lib, numbering, n, perWriter, label });
      log(
        `  transaction ${numbering.padEnd(7)} N=${String(n).padEnd(3)} ${step.created}/${step.requested} in ${step.seconds.toFixed(1)} s, ` +
          `p95 ${Math.round(step.latency.p95 ?? 0)} ms, ${step.retries} retried attempts, ${step.failures.length} failed` +
          (step.problems.length > 0 ? `; PROBLEMS: ${step.problems.join('; ')}` : ''),
      );
      steps.push(step);
    }
  }
  await clearProject(address, TRANSACTION_PROJECT);
  return steps;
}
