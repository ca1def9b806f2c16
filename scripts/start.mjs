// `npm start`: the full local stack when Java 21+ is here, otherwise the lite stack.
import { spawn, spawnSync } from 'node:child_process';
import {
  PORTS,
  ROOT,
  assertPortsFree,
  emulatorEnv,
  startFirebaseEmulators,
  waitForHttp,
} from './emulators.mjs';

const REQUIRED_JAVA = 21;

/** The installed Java major version, or null when there is no `java`. */
function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function run(command, args) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

const java = javaMajorVersion();
if (java === null || java < REQUIRED_JAVA) {
  const found = java === null ? 'no java on PATH' : `found Java ${java}`;
  console.log(
    `Full stack needs Java ${REQUIRED_JAVA}+ for the Firestore and Storage emulators (${found}); running npm run start:lite instead.`,
  );
  process.exit(await run('npm', ['run', 'start:lite']));
}

if ((await run('npm', ['run', 'build'])) !== 0) process.exit(1);
await assertPortsFree(Object.values(PORTS));
const env = emulatorEnv();
Object.assign(process.env, env);
const emulators = startFirebaseEmulators({
  only: ['auth', 'functions', 'firestore', 'storage', 'hosting'],
  env,
});
let vite;
async function shutdown(code) {
  vite?.kill('SIGINT');
  await emulators.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
emulators.exit.then(({ code }) => void shutdown(code ?? 1));

await waitForHttp(`http://127.0.0.1:${PORTS.hosting}/api/config/auth-rules`, 180_000);
const { loadSeed } = await import('../emulator-data/load.mjs');
await loadSeed();
vite = spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
console.log(`
  Full stack running. App (built): http://127.0.0.1:${PORTS.hosting}   Dev server (hot reload): http://127.0.0.1:5173
  Emulator UI: http://127.0.0.1:${PORTS.ui}   Sign in as worker@example.com / Demo-pass-1. Ctrl-C stops everything.
`);
