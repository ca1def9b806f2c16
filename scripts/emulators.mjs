// Starting and stopping the local stack's pieces: shared by `npm run start:lite`, `npm start`
// and the test setups, so that all of them run the same stack the same way.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-ticket-app';
export const PORTS = {
  auth: 9099,
  functions: 5001,
  firestore: 8080,
  storage: 9199,
  hosting: 5000,
  hub: 4400,
  ui: 4000,
  logging: 4500,
};
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
      `port(s) ${busy.join(', ')} already in use: stop the other local stack (npm start / start:lite) first`,
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

/** Starts the Node Firestore server (Admin SDK side only) in this process. */
export async function startFirestoreServer(port = PORTS.firestore) {
  // Its ES build has extension-less imports that Node rejects; the CommonJS build loads fine.
  const { FirestoreServer } = createRequire(import.meta.url)('@firestore-emulator/server');
  const server = new FirestoreServer();
  await server.start(port);
  return {
    host: `127.0.0.1:${port}`,
    stop: async () => server.stop(),
  };
}

/** The Emulator UI is downloaded on first use; without internet it can only run once cached. */
export function isEmulatorUiCached() {
  const dir = path.join(os.homedir(), '.cache', 'firebase', 'emulators');
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith('ui-'));
}

/**
 * firebase.json with the Emulator UI switched off, next to it so its relative paths still hold.
 * The CLI has no flag for this, and starting the UI offline fails while it tries to download it.
 */
function configWithoutUi() {
  const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  config.emulators.ui = { ...config.emulators.ui, enabled: false };
  const file = path.join(ROOT, 'firebase.noui.json');
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/**
 * Starts `firebase emulators:start --only <only>` in its own process group.
 * `logFile`: write its output there instead of this terminal. `ui`: start the Emulator UI too.
 */
export function startFirebaseEmulators({ only, env = {}, logFile, importDir, ui = false, extraArgs = [] }) {
  const args = ['emulators:start', '--only', only.join(','), '--project', PROJECT_ID, ...extraArgs];
  if (!ui) args.push('--config', configWithoutUi());
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
      if (timedOut) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      stream?.end();
    },
  };
}

/** Environment that points the Admin SDK (and the functions emulator) at the local stack. */
export function emulatorEnv(firestoreHost = `127.0.0.1:${PORTS.firestore}`) {
  return {
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
  };
}

/**
 * The Java-free stack: Node Firestore server, then Auth, Functions and Hosting emulators,
 * then the seed. Expects functions/lib and web/dist to be built.
 */
export async function startLiteStack({ logFile, seed = true, ui = false, log = console.log } = {}) {
  await assertPortsFree([PORTS.firestore, PORTS.auth, PORTS.functions, PORTS.hosting, PORTS.hub]);
  const firestore = await startFirestoreServer(PORTS.firestore);
  const env = emulatorEnv(firestore.host);
  Object.assign(process.env, env);
  const emulators = startFirebaseEmulators({ only: ['auth', 'functions', 'hosting'], env, logFile, ui });
  const stop = async () => {
    await emulators.stop();
    await firestore.stop();
  };
  try {
    await Promise.race([
      waitForHttp(`http://127.0.0.1:${PORTS.hosting}/api/config/auth-rules`, 120_000),
      emulators.exit.then(({ code }) => {
        throw new Error(
          `the Firebase emulators exited early (code ${code})${logFile ? `; see ${logFile}` : ''}`,
        );
      }),
    ]);
    if (seed) {
      const { loadSeed } = await import('../emulator-data/load.mjs');
      await loadSeed({ projectId: PROJECT_ID, log });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, emulators, env };
}
