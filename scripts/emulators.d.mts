import type { ChildProcess } from 'node:child_process';

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
};
export function isPortOpen(port: number, host?: string): Promise<boolean>;
export function assertPortsFree(ports: number[]): Promise<void>;
export function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs?: number,
): Promise<void>;
export function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
export function startFirestoreServer(port?: number): Promise<{ host: string; stop: () => Promise<void> }>;
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
  extraArgs?: string[];
}): RunningEmulators;
export function isEmulatorUiCached(): boolean;
export function emulatorEnv(firestoreHost?: string): Record<string, string>;
export function startLiteStack(options?: {
  logFile?: string;
  seed?: boolean;
  ui?: boolean;
  log?: (message: string) => void;
}): Promise<{ stop: () => Promise<void>; emulators: RunningEmulators; env: Record<string, string> }>;
