// The rules layer runs on its own suite (the official Firestore emulator; Storage too for the storage.rules
// project of `npm run test:emulators`), on ports of its own so it runs beside `npm start`.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startStack, testPortShift } from '../scripts/emulators.mjs';

/** The rules layer's suite: every default port + 21000. */
const PORT_OFFSET = 21_000 + testPortShift();

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    rulesPorts: { firestore: number; storage: number };
  }
}

export default async function setup(project: TestProject) {
  const withStorage = project.name === 'storage-rules';
  const stack = await startStack({
    only: ['firestore'],
    withStorage,
    portOffset: PORT_OFFSET,
    logFile: path.join(ROOT, '.tmp', `${project.name}-emulators.log`),
    log: () => undefined,
  });
  if (withStorage && !stack.hasStorage) {
    await stack.stop();
    throw new Error(`the Storage emulator cannot run here: ${stack.stack.storage.source}`);
  }
  project.provide('rulesPorts', { firestore: stack.ports.firestore, storage: stack.ports.storage });
  return () => stack.stop();
}
