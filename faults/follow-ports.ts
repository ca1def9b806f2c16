// The built web app (web/dist) connects to the emulators on their default ports (Auth 9099,
// Firestore 8080, Functions 5001, Storage 9199). The fault tests run their suites on moved ports so
// that they run beside other stacks, and tell the browser where the emulators are: each request to
// a default emulator port is sent, unchanged but for the port, to the suite's port. The browser
// itself sends it (Playwright's route.continue with a new URL), so streams such as Firestore's
// listen channel stay streams.
import type { BrowserContext } from 'playwright-core';
import { PORTS, type Ports } from '../scripts/emulators.mjs';

const EMULATORS = ['auth', 'firestore', 'functions', 'storage'] as const;

/** Sends the context's requests for the default emulator ports to the suite's `ports`. */
export async function followPorts(context: BrowserContext, ports: Ports): Promise<void> {
  for (const name of EMULATORS) {
    const from = PORTS[name];
    const to = ports[name];
    if (from === to) continue;
    await context.route(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${from}/`), (route) =>
      route.continue({ url: route.request().url().replace(`:${from}/`, `:${to}/`) }),
    );
  }
}
