// `npm run start:lite`: the Java-free local stack in the foreground. Ctrl-C stops all of it.
import { PORTS, startLiteStack } from './emulators.mjs';

const FULL_STACK_SCREENS =
  'ticket history and ticket details (live Firestore reads in the browser) and attachment uploads (Storage)';

let stack;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the local stack...');
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startLiteStack();
} catch (error) {
  console.error(`start:lite failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log(`
  Lite stack running (Auth, Functions, Hosting emulators + in-process Firestore for functions).
  App:          http://127.0.0.1:${PORTS.hosting}
  Emulator UI:  http://127.0.0.1:${PORTS.ui}
  Sign in as worker@example.com / Demo-pass-1 (other seed accounts: see README).
  Not available without the full stack: ${FULL_STACK_SCREENS}.
  Press Ctrl-C to stop.
`);

stack.emulators.exit.then(({ code }) => {
  if (stopping) return;
  console.error(`the Firebase emulators exited (code ${code}); stopping`);
  void shutdown(1);
});
