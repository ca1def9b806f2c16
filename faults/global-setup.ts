// The fault tests (`npm run test:faults`) stop parts of the running stack and check that nothing is
// lost. Each test file starts its own split suite (split-stack.ts) and stops it after; this setup
// checks first, once, what they all need, and stops at once with the reason when something is
// missing (never skipping a test): a Java 21+ and the official Firestore emulator (find-stack.mjs),
// the compiled functions the Functions emulator loads and the built web app the browser tests
// open (`npm run build`), Chromium, and for the project "faults-storage" the Storage emulator.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';
import type { TestProject } from 'vitest/node';
import { ROOT, requireStack } from '../scripts/emulators.mjs';

export default async function setup(project: TestProject) {
  const stack = await requireStack(() => undefined);
  const missing: string[] = [];
  // The mid-upload test (project "faults-storage") needs the Storage emulator as well.
  if (project.name === 'faults-storage' && !stack.storage.canRun) {
    missing.push(`the Storage emulator (${stack.storage.source})`);
  }
  const built = path.join(ROOT, 'functions', 'lib', 'index.js');
  if (!existsSync(built)) missing.push('functions/lib (npm run build)');
  if (!existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) missing.push('web/dist (npm run build)');
  if (!existsSync(CHROMIUM_PATH)) missing.push(`Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  const script = project.name === 'faults-storage' ? 'test:faults:storage' : 'test:faults';
  if (missing.length > 0) throw new Error(`npm run ${script} needs ${missing.join(' and ')}`);
}
