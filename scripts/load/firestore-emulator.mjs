// The transaction mode's own Firestore emulator: the official one that `npm start` runs (found by
// find-stack.mjs), started alone on a free loopback port, so the measurement needs no lock on the
// shared stack and leaves nothing in it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, waitFor } from '../emulators.mjs';
import { findFirestoreEmulator, findJava } from '../find-stack.mjs';

const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/** A TCP port nothing listens on now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the emulator on 127.0.0.1:<free port> and resolves when it answers:
 * {host, port, source, stop}. Throws the stack's one-line problem when Java or the emulator is missing.
 */
export async function startOwnFirestore({ logFile = path.join(ROOT, '.tmp', 'load-firestore.log') } = {}) {
  const java = findJava();
  if (java.missing) throw new Error(`no Java 21+ for the Firestore emulator (found: ${java.missing})`);
  const emulator = findFirestoreEmulator();
  if (emulator.missing) throw new Error(`no Firestore emulator (${emulator.missing}): see README "Run it"`);
  const port = await freePort();
  const launch = emulator.binaryPath
    ? ['-jar', emulator.binaryPath]
    : emulator.kind === 'gcloud'
      ? ['-cp', emulator.jar, MAIN_CLASS]
      : ['-jar', emulator.jar];
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const child = spawn(
    java.bin,
    ['-Duser.language=en', ...launch, '--host', '127.0.0.1', '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  void exit.then(() => {
    exited = true;
  });
  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }, 5000);
    await exit;
    clearTimeout(timer);
    log.end();
  };
  try {
    await Promise.race([
      waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/`)).ok,
        `the Firestore emulator on ${port}`,
        60_000,
      ),
      exit.then((code) => {
        throw new Error(`the Firestore emulator exited early (code ${code}); see ${logFile}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host: '127.0.0.1', port, source: `${emulator.source}, Java ${java.major}`, stop };
}
