// Starting and stopping the local Emulator Suite: shared by `npm start`, the bench and the test setups,
// so that all of them run the same stack (the official Firestore emulator with the rules) the same way.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findStackOnline } from './find-stack.mjs';
import { ensureLocalSecrets, startLocalBoard, syncLocalBoard } from './fake-monday/local-board.mjs';
import { withSecurityHeaders } from './hosting-headers.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-ticket-app';
/** The functions' region (functions/src/domain/constants.ts FUNCTIONS_REGION). */
const FUNCTIONS_REGION = 'europe-central2';
export const PORTS = {
  auth: 9099,
  functions: 5001,
  firestore: 8080,
  storage: 9199,
  hosting: 5000,
  hub: 4400,
  ui: 4000,
  logging: 4500,
  firestoreWebSocket: 9150,
  /** The local monday.com board (scripts/fake-monday), when a stack runs one. */
  mondayBoard: 4010,
};

/**
 * The ports of a suite moved by `offset`: the functions and rules test layers run their own suites on moved
 * ports, so `npm test` can run beside `npm start`. The web app and the e2e tests use the defaults.
 */
export function portsFor(offset = 0) {
  return Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, port + offset]));
}

/**
 * TEST_PORT_SHIFT (a multiple of 100 below 30000, default 0) moves the test layers' suites further, so that
 * two checkouts on one machine can run the same layer side by side. Two suites side by side need shifts
 * 2000 apart (2000, 4000, ...): the suite's own ports lie 100 apart in places (hub 4400, logging 4500).
 */
export function testPortShift(value = process.env.TEST_PORT_SHIFT) {
  const shift = Number(value ?? 0);
  if (!Number.isInteger(shift) || shift < 0 || shift >= 30000 || shift % 100 !== 0) {
    throw new Error(`TEST_PORT_SHIFT must be a multiple of 100 below 30000, not ${value}`);
  }
  return shift;
}

const FIREBASE_BIN = path.join(ROOT, 'node_modules', '.bin', 'firebase');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function isPortOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Fails with a message a person can act on when a port the stack needs is taken. */
export async function assertPortsFree(ports) {
  const busy = [];
  for (const port of ports) if (await isPortOpen(port)) busy.push(port);
  if (busy.length > 0) {
    throw new Error(
      `port(s) ${busy.join(', ')} already in use: stop the other local stack (npm start, npm test, npm run bench) first`,
    );
  }
}

/** Polls until `check()` resolves true, or fails after `timeoutMs` with `what` in the message. */
export async function waitFor(check, what, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Resolves when `url` answers with status 200. */
export function waitForHttp(url, timeoutMs) {
  return waitFor(async () => (await fetch(url)).status === 200, url, timeoutMs);
}

/** The Emulator UI is downloaded on first use; without internet it can only run once cached. */
export function isEmulatorUiCached() {
  const dir = path.join(os.homedir(), '.cache', 'firebase', 'emulators');
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith('ui-'));
}

/**
 * firebase.json with the suite's ports, the Emulator UI on or off and the local security headers (the CSP lets
 * the app reach the emulators), next to it so its relative paths still hold. The CLI has no flag for either, and starting the UI offline fails while it tries to download it.
 */
function configFor({ ui, ports }) {
  const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  for (const [name, port] of Object.entries(ports)) {
    if (name in config.emulators) config.emulators[name] = { ...config.emulators[name], port };
  }
  config.emulators.firestore.websocketPort = ports.firestoreWebSocket;
  config.emulators.ui = { ...config.emulators.ui, enabled: ui };
  const local = withSecurityHeaders(config, { projectId: PROJECT_ID, isLocal: true });
  const file = path.join(ROOT, `firebase.local-${ports.hub}.json`);
  writeFileSync(file, `${JSON.stringify(local, null, 2)}\n`);
  return file;
}

/**
 * Starts `firebase emulators:start --only <only>` in its own process group.
 * `logFile`: write its output there instead of this terminal. `ui`: start the Emulator UI too.
 * `ports`: the suite's ports (PORTS or portsFor(offset)).
 */
export function startFirebaseEmulators({
  only,
  env = {},
  logFile,
  importDir,
  ui = false,
  ports = PORTS,
  extraArgs = [],
}) {
  const args = ['emulators:start', '--only', only.join(','), '--project', PROJECT_ID, ...extraArgs];
  args.push('--config', configFor({ ui, ports }));
  if (importDir) args.push('--import', importDir);
  let output = 'inherit';
  let stream;
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    stream = createWriteStream(logFile);
    output = 'pipe';
  }
  const child = spawn(FIREBASE_BIN, args, {
    cwd: ROOT,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', ...env },
    stdio: ['ignore', output, output],
    detached: true,
  });
  if (stream) {
    child.stdout.pipe(stream);
    child.stderr.pipe(stream);
  }
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  return {
    child,
    exit,
    isRunning: () => !exited,
    /** SIGINT lets the CLI shut its emulators down; SIGKILL the group if it takes too long. */
    async stop() {
      if (exited) return;
      // firebase-tools starts the Java emulators in process groups of their own: note them now, so that
      // they go too when the CLI itself has to be killed.
      const children = descendantsOf(child.pid);
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        return;
      }
      let timer;
      const timedOut = await Promise.race([
        exit.then(() => false),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve(true), 15_000);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) killQuietly(-child.pid);
      for (const pid of children) killQuietly(pid);
      stream?.end();
    },
  };
}

function killQuietly(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Every process below `pid` (Linux /proc; none elsewhere). */
function descendantsOf(pid) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const parentOf = new Map();
  for (const name of entries) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const [candidate, parent] of parentOf) {
      if (parent === current) {
        found.push(candidate);
        queue.push(candidate);
      }
    }
  }
  return found;
}

/** Environment that points the Admin SDK (and the functions emulator) at the local stack. */
export function emulatorEnv(ports = PORTS) {
  return {
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
  };
}

/**
 * What the suite needs (Java 21+, the Firestore emulator, Storage or not), found by find-stack.mjs;
 * throws its one-line problem when something is missing.
 */
export async function requireStack(log = console.log) {
  const stack = await findStackOnline({ tmpDir: path.join(ROOT, '.tmp', 'emulators') });
  log(`Local stack: ${stack.summary}`);
  if (!stack.isReady) throw new Error(stack.problem);
  return stack;
}

/** Emulators whose port must answer before the stack counts as up. */
const WAITED_FOR = ['auth', 'firestore', 'functions', 'storage'];

/**
 * Starts one Emulator Suite with `only` (Storage added when it can run and `withStorage`), waits until it
 * answers, and loads the seed when `seed`. With hosting and functions, "up" means /api answers.
 * `portOffset` moves every port (see portsFor). Resolves to {stop, emulators, env, ports, stack, hasStorage}.
 */
export async function startStack({
  only = ['auth', 'functions', 'firestore', 'hosting'],
  withStorage = true,
  logFile,
  seed = false,
  ui = false,
  importDir,
  extraArgs,
  portOffset = 0,
  board = false,
  log = console.log,
} = {}) {
  const ports = portsFor(portOffset);
  const stack = await requireStack(log);
  ensureLocalSecrets(ROOT);
  const emulatorsToRun = [...only];
  const hasStorage = withStorage && stack.storage.canRun;
  if (hasStorage && !emulatorsToRun.includes('storage')) emulatorsToRun.push('storage');
  await assertPortsFree([
    ports.hub,
    ...emulatorsToRun.map((name) => ports[name]),
    ...(board ? [ports.mondayBoard] : []),
  ]);
  // With `board`, the workers live on a local monday.com board: the functions read its read model
  // and write edits to it (docs/operations.md: "Worker data from a monday.com board").
  const localBoard = board
    ? await startLocalBoard({
        port: ports.mondayBoard,
        webhookUrl: `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${FUNCTIONS_REGION}/mondayWebhook`,
      })
    : null;
  const env = { ...emulatorEnv(ports), ...stack.env, ...localBoard?.env };
  const emulators = startFirebaseEmulators({
    only: emulatorsToRun,
    env,
    logFile,
    ui,
    importDir,
    ports,
    extraArgs,
  });
  const hasApi = emulatorsToRun.includes('hosting') && emulatorsToRun.includes('functions');
  const isUp = async () => {
    for (const name of emulatorsToRun) {
      if (WAITED_FOR.includes(name) && !(await isPortOpen(ports[name]))) return false;
    }
    if (hasApi)
      return (await fetch(`http://127.0.0.1:${ports.hosting}/api/config/auth-rules`)).status === 200;
    return true;
  };
  const stopAll = async () => {
    await emulators.stop();
    await localBoard?.board.stop();
  };
  try {
    await Promise.race([
      waitFor(isUp, `the emulators (${emulatorsToRun.join(', ')})`, 180_000),
      emulators.exit.then(({ code }) => {
        throw new Error(
          `the Firebase emulators exited early (code ${code})${logFile ? `; see ${logFile}` : ''}`,
        );
      }),
    ]);
    Object.assign(process.env, emulatorEnv(ports));
    if (seed) {
      const { loadSeed } = await import('../emulator-data/load.mjs');
      await loadSeed({ projectId: PROJECT_ID, log });
    }
    if (localBoard) {
      const report = await syncLocalBoard({ root: ROOT, env: localBoard.env, projectId: PROJECT_ID });
      log(
        `Local monday.com board at ${localBoard.board.url}: ${report.items} workers synced into the read model.`,
      );
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { stop: stopAll, emulators, env, ports, stack, hasStorage, board: localBoard?.board ?? null };
}
