// A browser the fault tests can kill: Chromium on a profile kept on disk (as a phone's browser keeps
// its storage), found by its profile among the running processes and killed with SIGKILL, so that
// nothing of the page gets a chance to finish (no unload, no closing of IndexedDB).
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { waitFor } from '../scripts/emulators.mjs';

/** A fresh, empty profile folder (the caller deletes it). */
export const newProfileDir = () => mkdtempSync(path.join(os.tmpdir(), 'faults-profile-'));

/** Debian's Chromium on the profile in `dir`, phone-sized, with service workers blocked as in e2e. */
export function openProfile(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
}

/** The pids of the Chromium browser processes on profile `dir` (not their renderers or helpers). */
function browserPidsOn(dir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.includes(`--user-data-dir=${dir}`) && !args.some((arg) => arg.startsWith('--type='))) {
      pids.push(Number(name));
    }
  }
  return pids;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Kills the browser on profile `dir` with SIGKILL; resolves when no process of it is left. */
export async function killBrowserOn(dir: string): Promise<void> {
  const pids = browserPidsOn(dir);
  if (pids.length !== 1) throw new Error(`expected one Chromium on ${dir}, found ${pids.length}`);
  process.kill(pids[0]!, 'SIGKILL');
  await waitFor(() => !isAlive(pids[0]!), 'Chromium to die', 10_000);
  // Its renderers and helpers end when the browser process is gone.
  await waitFor(
    () =>
      readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .every((name) => {
          try {
            return !readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(`--user-data-dir=${dir}`);
          } catch {
            return true;
          }
        }),
    'the processes of the killed Chromium to end',
    10_000,
  );
}
