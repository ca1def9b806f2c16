// End-to-end tests run against the same Emulator Suite as `npm start` (Auth, Functions, the official Firestore
// emulator with the rules, Hosting; Storage where it can run), on the default ports the built app connects to,
// with the seed loaded and the workers on the local monday.com board. scripts/test.mjs builds first. The suite's output goes to .tmp/e2e-emulators.log.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startStack } from '../scripts/emulators.mjs';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    hasStorage: boolean;
    /** The local monday.com board's GraphQL URL (the workers live there, as with `npm start`). */
    mondayBoardUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack({
    seed: true,
    board: true,
    logFile: path.join(ROOT, '.tmp', 'e2e-emulators.log'),
    log: () => undefined,
  });
  project.provide('hasStorage', stack.hasStorage);
  project.provide('mondayBoardUrl', stack.board?.url ?? '');
  return () => stack.stop();
}
