// Counts the Firestore reads and writes of the Cloud Functions while `npm run bench` measures the reads
// per screen (scripts/bench-reads.mjs). bench-reads.mjs starts the Emulator Suite with
// NODE_OPTIONS=--import=<this file> and BENCH_FIRESTORE_LOG=<file>: firebase-tools hands its environment
// to every functions runtime it spawns, and in each runtime this file turns on the Firestore server
// SDK's own debug log (`setLogFunction`, a public API of @google-cloud/firestore), which prints every
// RPC it sends and every response it gets. From those lines it writes one JSON line per request and per
// document read to BENCH_FIRESTORE_LOG. Nothing happens in any other process (the firebase CLI, its
// discovery runs): only a functions runtime has FUNCTION_TARGET.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const LOG_FILE = process.env.BENCH_FIRESTORE_LOG;
const FUNCTION_NAME = process.env.FUNCTION_TARGET;

/** What an RPC is, from the request the SDK logs (the log line does not name the method). */
export function rpcOf(request) {
  if (!request || typeof request !== 'object') return 'unknown';
  if (Array.isArray(request.documents)) return 'batchGetDocuments';
  if (request.structuredAggregationQuery) return 'runAggregationQuery';
  if (request.structuredQuery) return 'runQuery';
  if (Array.isArray(request.writes)) return 'commit';
  if (request.addTarget || request.removeTarget) return 'listen';
  if (request.options && !request.transaction) return 'beginTransaction';
  if (request.transaction) return 'rollback';
  return 'unknown';
}

const LINE =
  /^Firestore \(.*?\) \S+ (\S+) \[Firestore\.(request|requestStream)\]: (Sending request|Received response): (.*)$/s;

/**
 * The events of one SDK log line: `{kind: 'rpc', rpc, tag, writes}` for a request sent,
 * `{kind: 'read', rpc, tag, path, found}` for each document a response carries (a missing document
 * of a lookup is billed as a read too), `{kind: 'result', rpc, tag}` for an aggregation's answer.
 * `rpcByTag` remembers which RPC each request tag belongs to.
 */
export function eventsOfLogLine(message, rpcByTag) {
  const match = LINE.exec(message);
  if (!match) return [];
  const [, tag, , what, json] = match;
  let body;
  try {
    body = JSON.parse(json);
  } catch {
    return [];
  }
  if (what === 'Sending request') {
    const rpc = rpcOf(body);
    if (!rpcByTag.has(tag) || rpcByTag.get(tag) === 'unknown') rpcByTag.set(tag, rpc);
    return [{ kind: 'rpc', rpc, tag, writes: rpc === 'commit' ? body.writes.length : 0 }];
  }
  const rpc = rpcByTag.get(tag) ?? 'unknown';
  if (body?.found?.name) return [{ kind: 'read', rpc, tag, path: body.found.name, found: true }];
  if (typeof body?.missing === 'string')
    return [{ kind: 'read', rpc, tag, path: body.missing, found: false }];
  if (body?.document?.name) return [{ kind: 'read', rpc, tag, path: body.document.name, found: true }];
  if (body?.result?.aggregateFields) return [{ kind: 'result', rpc, tag }];
  return [];
}

/** `projects/p/databases/(default)/documents/tickets/t-1` -> `tickets/t-1`. */
export const shortPath = (name) => name.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');

function start() {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const { setLogFunction } = require('@google-cloud/firestore');
  const rpcByTag = new Map();
  setLogFunction((message) => {
    for (const event of eventsOfLogLine(message, rpcByTag)) {
      const entry = { at: Date.now(), fn: FUNCTION_NAME, pid: process.pid, ...event };
      if (entry.path) entry.path = shortPath(entry.path);
      appendFileSync(LOG_FILE, `${JSON.stringify(entry)}\n`);
    }
  });
}

if (LOG_FILE && FUNCTION_NAME) {
  try {
    start();
  } catch (error) {
    appendFileSync(
      LOG_FILE,
      `${JSON.stringify({ kind: 'probe-failed', fn: FUNCTION_NAME, error: String(error) })}\n`,
    );
  }
}
