// End-to-end tests run against the lite stack (`npm run start:lite` without the build step:
// scripts/test.mjs builds first). The stack's output goes to .tmp/e2e-emulators.log.
import path from 'node:path';
import { ROOT, startLiteStack } from '../scripts/emulators.mjs';

export default async function setup() {
  const stack = await startLiteStack({
    logFile: path.join(ROOT, '.tmp', 'e2e-emulators.log'),
    log: () => undefined,
  });
  return () => stack.stop();
}
