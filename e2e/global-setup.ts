// End-to-end tests run against the same Emulator Suite as `npm start` (Auth, Functions, the official Firestore
// emulator with the rules, Hosting; Storage where it can run), on the default ports the built app connects to,
// with the seed loaded. scripts/test.mjs builds first. The suite's output goes to .tmp/e2e-emulators.log.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startStack } from '../scripts/emulators.mjs';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    hasStorage: boolean;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack({
    seed: true,
    logFile: path.join(ROOT, '.tmp', 'e2e-emulators.log'),
    log: () => undefined,
  });
  project.provide('hasStorage', stack.hasStorage);
  return () => stack.stop();
}
