export const MIN_JAVA: number;
export function javaMajorOf(javaBin: string): number | null;
export type FoundJava = { bin: string; home: string; major: number; source: string } | { missing: string };
export function findJava(env?: NodeJS.ProcessEnv): FoundJava;
export type FoundFirestore =
  | { kind: 'override'; binaryPath: string; source: string }
  | { kind: 'firebase-cache' | 'gcloud'; jar: string; source: string }
  | { kind: 'download'; source: string }
  | { missing: string };
export function gcloudRoots(env?: NodeJS.ProcessEnv): string[];
export function findFirestoreEmulator(env?: NodeJS.ProcessEnv, sdkRoots?: string[]): FoundFirestore;
export function findStorageEmulator(env?: NodeJS.ProcessEnv): { canRun: boolean; source: string };
export function writeWrapperJar(targetJar: string, dir: string): string;
export type FindStackOptions = {
  env?: NodeJS.ProcessEnv;
  tmpDir?: string;
  sdkRoots?: string[];
  downloadable?: Set<string>;
};
export type FoundStack = {
  isReady: boolean;
  java: FoundJava;
  firestore: FoundFirestore;
  storage: { canRun: boolean; source: string };
  env: Record<string, string>;
  summary: string;
  problem: string | null;
};
export function findStack(options?: FindStackOptions): FoundStack;
export function findStackOnline(options?: FindStackOptions): Promise<FoundStack>;
