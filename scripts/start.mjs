// `npm start`: build, then one Emulator Suite through firebase-tools (Auth, Functions, the official Firestore
// emulator with the rules, Hosting; Storage where it can run), the seed, and the Vite dev server.
// `npm start -- --import=<dir>` starts from an `emulators:export` folder instead of the seed.
import { spawn } from 'node:child_process';
import { PORTS, ROOT, isEmulatorUiCached, requireStack, startStack } from './emulators.mjs';

function run(command, args) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

// Say what is missing before the build, not two minutes later.
try {
  await requireStack(() => undefined);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if ((await run('npm', ['run', 'build'])) !== 0) process.exit(1);

const importDir = process.argv.find((arg) => arg.startsWith('--import='))?.slice('--import='.length);
let stack;
let vite;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the local stack...');
  vite?.kill('SIGINT');
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const hasUi = isEmulatorUiCached();
try {
  // The workers live on a local monday.com board (scripts/fake-monday), as in a company that keeps them there.
  stack = await startStack({ seed: !importDir, importDir, ui: hasUi, board: true });
} catch (error) {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
stack.emulators.exit.then(({ code }) => {
  if (stopping) return;
  console.error(`the Firebase emulators exited (code ${code}); stopping`);
  void shutdown(1);
});
vite = spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
console.log(`
  Local stack running: Auth, Functions, Firestore (official emulator, rules on), Hosting${stack.hasStorage ? ', Storage' : ''}.
  App (built):              http://127.0.0.1:${PORTS.hosting}
  Dev server (hot reload):  http://127.0.0.1:5173
  monday.com board (local): ${stack.board ? `${stack.board.url} (workers synced into Firestore workers)` : 'none'}
  Emulator UI:              ${hasUi ? `http://127.0.0.1:${PORTS.ui}` : 'not downloaded (it needs internet once)'}
  ${stack.hasStorage ? 'Attachments upload to the Storage emulator.' : 'No Storage emulator here: attachment fields say uploads are unavailable; tickets without files work.'}
  Sign in as worker@example.com / Demo-pass-1 (other seed accounts: see README). Ctrl-C stops everything.
`);
