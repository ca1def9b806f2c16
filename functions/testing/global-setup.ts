// Functions tests run against the real Auth emulator and the official Firestore emulator (firebase-tools),
// started once for the whole run on ports of their own (so `npm test` runs beside `npm start`). The handlers
// run in this process through firebase-functions-test.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, emulatorEnv, startStack, testPortShift } from '../../scripts/emulators.mjs';

/** The functions layer's suite: every default port + 20000. */
const PORT_OFFSET = 20_000 + testPortShift();

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    emulatorEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack({
    only: ['auth', 'firestore'],
    withStorage: false,
    portOffset: PORT_OFFSET,
    logFile: path.join(ROOT, '.tmp', 'functions-test-emulators.log'),
    log: () => undefined,
  });
  project.provide('emulatorEnv', emulatorEnv(stack.ports));
  return () => stack.stop();
}
