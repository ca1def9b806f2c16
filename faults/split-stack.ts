// The Emulator Suite of the fault tests, split in two firebase-tools processes so that the Functions
// emulator can be stopped and started alone: firebase-tools runs every emulator of one
// `emulators:start` in one process, so one process runs Auth and the official Firestore emulator
// (found by scripts/find-stack.mjs, as for every other layer) and a second one runs the functions,
// pointed at them through FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST (the functions
// emulator hands its own environment to the functions it runs). The functions reach Firestore
// through a TCP link the tests can hold (tcp-link.ts). With `withBoard`, the workers live on the
// local monday.com board (scripts/fake-monday), which the functions reach through a plug the tests
// can pull (plug.ts).
//
// What the split leaves out, and no fault test needs: Firestore triggers and the Auth blocking
// function (the sign-up gate) reach only functions that run in the Firestore's or Auth's process,
// and the board sends no webhooks (they would only queue events that no trigger takes).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeBoard } from '../scripts/fake-monday/server.d.mts';
import { generatedWorkers, itemsFromWorkers } from '../scripts/fake-monday/server.mjs';
import { ensureLocalSecrets, startLocalBoard, syncLocalBoard } from '../scripts/fake-monday/local-board.mjs';
import {
  PROJECT_ID,
  ROOT,
  type Ports,
  type RunningEmulators,
  assertPortsFree,
  emulatorEnv,
  isPortOpen,
  portsFor,
  requireStack,
  startFirebaseEmulators,
  waitFor,
} from '../scripts/emulators.mjs';
import { FUNCTIONS_REGION } from '../functions/src/domain/index.js';
import { type Plug, startPlug } from './plug.js';
import { type TcpLink, startTcpLink } from './tcp-link.js';

export type SplitStack = {
  /** The suite's ports (the functions on `ports.functions`). */
  ports: Ports;
  /** Where the Admin SDK finds Auth and Firestore (straight, not through the link). */
  env: Record<string, string>;
  /** `${functionsOrigin}/<project>/<region>/<name>`: a function's URL on the emulator. */
  functionsOrigin: string;
  functionUrl(name: string): string;
  /** The held-able link from the functions to Firestore. */
  firestoreLink: TcpLink;
  /**
   * Kills the Functions emulator (SIGKILL to its process group: the CLI and the functions' workers);
   * resolves when its port and its connections through the Firestore link are closed.
   */
  killFunctions(): Promise<void>;
  /** Starts the Functions emulator again; resolves when it has loaded the functions. */
  startFunctions(): Promise<void>;
  isFunctionsRunning(): boolean;
  /** How many executions of this function the running Functions emulator has begun (its log says). */
  executions(name: string): number;
  /** The local board (null without `withBoard`) and the plug in the functions' line to it. */
  board: FakeBoard | null;
  boardPlug: Plug | null;
  stop(): Promise<void>;
};

type Options = {
  /** Moves every port (portsFor); 0 is the default ports the built web app uses. */
  portOffset: number;
  /** Run the local monday.com board and sync it into the read model first. */
  withBoard?: boolean;
  /** Workers on the board beside the seed's (more than 500 make a sync read two pages). */
  extraWorkers?: number;
  /** Names the log files in .tmp/. */
  label: string;
};

const LOG_DIR = path.join(ROOT, '.tmp');

export async function startSplitStack({
  portOffset,
  withBoard = false,
  extraWorkers = 0,
  label,
}: Options): Promise<SplitStack> {
  const ports = portsFor(portOffset);
  // The functions' process has a hub and a logging port of its own.
  const functionsPorts = { ...ports, hub: ports.hub + 1, logging: ports.logging + 1 };
  const found = await requireStack(() => undefined);
  ensureLocalSecrets(ROOT);
  await assertPortsFree([
    ports.auth,
    ports.firestore,
    ports.functions,
    ports.hub,
    ports.logging,
    ports.firestoreWebSocket,
    functionsPorts.hub,
    functionsPorts.logging,
    ...(withBoard ? [ports.mondayBoard] : []),
  ]);
  mkdirSync(LOG_DIR, { recursive: true });
  const env = emulatorEnv(ports);
  const functionsOrigin = `http://127.0.0.1:${ports.functions}`;
  const functionUrl = (name: string) => `${functionsOrigin}/${PROJECT_ID}/${FUNCTIONS_REGION}/${name}`;

  const stopList: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stopList.splice(0).reverse()) await stop().catch(() => undefined);
  };

  try {
    let board: FakeBoard | null = null;
    let boardPlug: Plug | null = null;
    let boardEnv: Record<string, string> = {};
    if (withBoard) {
      // The board on a port of its own, without webhooks; the functions reach it through the plug
      // on the board's port.
      const local = await startLocalBoard({ port: 0, webhookUrl: undefined });
      const running = local.board;
      board = running;
      stopList.push(() => running.stop());
      for (const item of itemsFromWorkers(generatedWorkers(extraWorkers))) {
        running.items.set(item.id, { ...item, state: 'active' });
      }
      const plug = await startPlug(running.url, ports.mondayBoard);
      boardPlug = plug;
      stopList.push(() => plug.close());
      boardEnv = { ...local.env, MONDAY_LOCAL_BOARD_URL: plug.url };
    }

    const firestoreLink = await startTcpLink({ host: '127.0.0.1', port: ports.firestore });
    stopList.push(() => firestoreLink.close());

    const startData = async () => {
      const data = startFirebaseEmulators({
        only: ['auth', 'firestore'],
        env: { ...env, ...found.env },
        logFile: path.join(LOG_DIR, `faults-${label}-auth-firestore.log`),
        ports,
      });
      stopList.push(() => data.stop());
      await Promise.race([
        waitFor(
          async () =>
            (await isPortOpen(ports.auth)) && (await fetch(`http://127.0.0.1:${ports.firestore}/`)).ok,
          'the Auth and Firestore emulators',
          120_000,
        ),
        data.exit.then(({ code }) => {
          throw new Error(`the Auth and Firestore emulators exited early (code ${code}); see .tmp/`);
        }),
      ]);
      Object.assign(process.env, env);
      const { loadSeed } = await import('../emulator-data/load.mjs');
      await loadSeed({ projectId: PROJECT_ID, log: () => undefined });
      if (withBoard) await syncLocalBoard({ root: ROOT, env: boardEnv, projectId: PROJECT_ID });
    };

    let functions: RunningEmulators | null = null;
    let functionsLog = '';
    let starts = 0;
    /** Up when the emulator has loaded the functions (a function's first call then starts its worker). */
    const areFunctionsLoaded = async () => {
      const { backends } = (await (await fetch(`${functionsOrigin}/backends`)).json()) as {
        backends: { functionTriggers?: { entryPoint?: string }[] }[];
      };
      return backends.some((backend) =>
        (backend.functionTriggers ?? []).some((trigger) => trigger.entryPoint === 'submitTicket'),
      );
    };
    const startFunctions = async () => {
      if (functions?.isRunning()) throw new Error('the Functions emulator is already running');
      starts += 1;
      functionsLog = path.join(LOG_DIR, `faults-${label}-functions-${starts}.log`);
      const running = startFirebaseEmulators({
        only: ['functions'],
        env: {
          ...found.env,
          GCLOUD_PROJECT: PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
          FIRESTORE_EMULATOR_HOST: firestoreLink.host,
          ...boardEnv,
        },
        logFile: functionsLog,
        ports: functionsPorts,
      });
      functions = running;
      await Promise.race([
        waitFor(areFunctionsLoaded, 'the Functions emulator', 120_000),
        running.exit.then(({ code }) => {
          throw new Error(`the Functions emulator exited early (code ${code}); see ${functionsLog}`);
        }),
      ]);
    };
    const killFunctions = async () => {
      const running = functions;
      if (!running?.isRunning() || running.child.pid === undefined) return;
      process.kill(-running.child.pid, 'SIGKILL');
      await running.exit;
      await waitFor(async () => !(await isPortOpen(ports.functions)), 'the Functions port to close', 10_000);
      // Only the functions use the link: their connections (and what it held of them) are gone.
      await waitFor(() => firestoreLink.connections() === 0, 'the functions’ Firestore connections to close');
    };
    // At the end the functions are killed like in the tests: nothing of theirs needs to finish.
    stopList.push(killFunctions);
    // The functions load while Auth and Firestore start and the seed and the board's first sync
    // are written (the functions reach Firestore only when called).
    await Promise.all([startData(), startFunctions()]);

    return {
      ports,
      env,
      functionsOrigin,
      functionUrl,
      firestoreLink,
      killFunctions,
      startFunctions,
      isFunctionsRunning: () => functions?.isRunning() ?? false,
      executions: (name) =>
        existsSync(functionsLog)
          ? readFileSync(functionsLog, 'utf8').split(`Beginning execution of "${FUNCTIONS_REGION}-${name}"`)
              .length - 1
          : 0,
      board,
      boardPlug,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
