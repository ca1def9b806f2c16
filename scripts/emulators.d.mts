import type { ChildProcess } from 'node:child_process';
import type { FoundStack } from './find-stack.mjs';
import type { FakeBoard } from './fake-monday/server.d.mts';

export const ROOT: string;
export const PROJECT_ID: string;
export const PORTS: {
  auth: number;
  functions: number;
  firestore: number;
  storage: number;
  hosting: number;
  hub: number;
  ui: number;
  logging: number;
  firestoreWebSocket: number;
  mondayBoard: number;
};
export type Ports = typeof PORTS;
export function portsFor(offset?: number): Ports;
export function testPortShift(value?: string): number;
export function isPortOpen(port: number, host?: string): Promise<boolean>;
export function assertPortsFree(ports: number[]): Promise<void>;
export function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs?: number,
): Promise<void>;
export function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
export type RunningEmulators = {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning: () => boolean;
  stop: () => Promise<void>;
};
export function startFirebaseEmulators(options: {
  only: string[];
  env?: Record<string, string>;
  logFile?: string;
  importDir?: string;
  ui?: boolean;
  ports?: Ports;
  extraArgs?: string[];
}): RunningEmulators;
export function isEmulatorUiCached(): boolean;
export function emulatorEnv(ports?: Ports): Record<string, string>;
export function requireStack(log?: (message: string) => void): Promise<FoundStack>;
export function startStack(options?: {
  only?: string[];
  withStorage?: boolean;
  logFile?: string;
  seed?: boolean;
  ui?: boolean;
  importDir?: string;
  extraArgs?: string[];
  portOffset?: number;
  /** Run the local monday.com board (scripts/fake-monday) and keep the workers on it. */
  board?: boolean;
  log?: (message: string) => void;
}): Promise<{
  stop: () => Promise<void>;
  emulators: RunningEmulators;
  env: Record<string, string>;
  ports: Ports;
  stack: FoundStack;
  hasStorage: boolean;
  board: FakeBoard | null;
}>;
