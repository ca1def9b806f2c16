// Functions tests run against the real Auth emulator (firebase-tools) and the in-process
// Firestore server, both started once for the whole run.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  PORTS,
  ROOT,
  assertPortsFree,
  emulatorEnv,
  isPortOpen,
  startFirebaseEmulators,
  startFirestoreServer,
  waitFor,
} from '../../scripts/emulators.mjs';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    emulatorEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  await assertPortsFree([PORTS.auth, PORTS.firestore, PORTS.hub]);
  const firestore = await startFirestoreServer(PORTS.firestore);
  const logFile = path.join(ROOT, '.tmp', 'functions-test-emulators.log');
  const auth = startFirebaseEmulators({ only: ['auth'], logFile });
  try {
    await Promise.race([
      waitFor(() => isPortOpen(PORTS.auth), 'the Auth emulator', 90_000),
      auth.exit.then(() => {
        throw new Error(`the Auth emulator exited early; see ${logFile}`);
      }),
    ]);
  } catch (error) {
    await firestore.stop();
    throw error;
  }
  const env = emulatorEnv(firestore.host);
  Object.assign(process.env, env);
  project.provide('emulatorEnv', env);
  return async () => {
    await auth.stop();
    await firestore.stop();
  };
}
