// The browser killed in the middle of an outbox upload. It needs the Storage emulator, whose rules
// runtime is a download: it runs in the Vitest project "faults-storage" (`npm run
// test:faults:storage`), only where Storage can run, never skipped (the setup stops when Storage
// cannot start). Only the browser is killed here, so the suite is `npm start`'s, in one process,
// on ports moved by 6000 + TEST_PORT_SHIFT (the browser follows them: follow-ports.ts), serving the
// built web app (web/dist) from its Hosting emulator. docs/faults.md.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startStack, testPortShift } from '../scripts/emulators.mjs';
import { signIn } from '../e2e/app-actions.js';
import { fillWorkHours, outboxEntry, storedOutbox, submitOffline } from '../e2e/outbox-actions.js';
import { expectExactlyOnce, numberingBefore } from './exactly-once.js';
import { type Worker, adminOf, createWorker, deleteWorker, ticketsOf } from './fixtures.js';
import { followPorts } from './follow-ports.js';
import { sentNumber } from './outbox-steps.js';
import { killBrowserOn, newProfileDir, openProfile } from './profile.js';

/** A 1×1 PNG: a real image, as the upload check wants. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BUCKET = 'demo-ticket-app.appspot.com';

let stack: Awaited<ReturnType<typeof startStack>>;
let appUrl: string;
const workers: Worker[] = [];
const profiles: string[] = [];

beforeAll(async () => {
  stack = await startStack({
    seed: true,
    portOffset: 6000 + testPortShift(),
    logFile: path.join(ROOT, '.tmp', 'faults-storage-emulators.log'),
    log: () => undefined,
  });
  if (!stack.hasStorage) throw new Error('the Storage emulator did not start');
  appUrl = `http://127.0.0.1:${stack.ports.hosting}`;
});

afterAll(async () => {
  if (stack) await Promise.all(workers.map((worker) => deleteWorker(stack, worker)));
  await stack?.stop();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

/** Whether the Storage emulator holds an object (asked as the emulator's owner). */
async function storageHas(objectPath: string): Promise<boolean> {
  const response = await fetch(
    `http://127.0.0.1:${stack.ports.storage}/v0/b/${BUCKET}/o/${encodeURIComponent(objectPath)}`,
    { headers: { authorization: 'Bearer owner' } },
  );
  await response.text();
  return response.status === 200;
}

describe('the browser killed mid-upload', () => {
  it('Chromium killed (SIGKILL) after its outbox’s upload reached Storage, before the app heard back: reopened on the same profile, the file is uploaded again and attached, and the ticket exists once with the file once', async () => {
    const { db } = await adminOf(stack);
    const worker = await createWorker(stack, 'Fault Upload Worker');
    workers.push(worker);
    const dir = newProfileDir();
    profiles.push(dir);
    const description = `Outbox upload, browser killed ${worker.uid.slice(-8)}`;

    const first = await openProfile(dir);
    await followPorts(first, stack.ports);
    await first.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await first.newPage();
    await signIn(page, worker.email, appUrl);
    await page.goto(`${appUrl}/ticket-history`);
    await page.getByRole('heading', { name: 'Ticket history' }).waitFor({ timeout: 20_000 });
    await fillWorkHours(page, description);
    await page.getByTestId('file-input').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByText('receipt.png').first().waitFor();
    await submitOffline(first, page, appUrl);
    await outboxEntry(page, description).waitFor({ timeout: 10_000 });
    const counter = await numberingBefore(db);

    // The last request of the upload (the one that finalizes it) is sent on to Storage; its
    // answer never reaches the page: the browser is killed first.
    let landed = false;
    await first.route('**/v0/b/**', async (route: Route) => {
      const command = route.request().headers()['x-goog-upload-command'] ?? '';
      if (!command.includes('finalize')) return route.fallback();
      const url = route
        .request()
        .url()
        .replace(/:\d+\//, `:${stack.ports.storage}/`);
      await route.fetch({ url });
      landed = true;
    });
    await first.setOffline(false);
    await expect.poll(() => landed, { timeout: 30_000 }).toBe(true);
    await killBrowserOn(dir);
    await first.close().catch(() => undefined);

    // The ticket was created before its files; none is attached yet.
    const created = await ticketsOf(stack, worker.uid, description);
    expect(created).toHaveLength(1);
    expect(created[0]?.get('attachments') ?? []).toEqual([]);

    const second = await openProfile(dir);
    await followPorts(second, stack.ports);
    await second.addInitScript(() => localStorage.setItem('language', 'en'));
    const again = second.pages()[0] ?? (await second.newPage());
    await again.goto(`${appUrl}/ticket-history`);
    const number = await sentNumber(again, 60_000);
    await expect.poll(() => outboxEntry(again, description).count(), { timeout: 10_000 }).toBe(0);
    expect(await storedOutbox(again, description)).toMatchObject({ count: 0 });

    const once = await expectExactlyOnce(db, worker.uid, description, counter);
    expect(once.number).toBe(number);
    const attachments = (once.data.attachments ?? []) as { name: string; path: string }[];
    expect(attachments.map((file) => file.name)).toEqual(['receipt.png']);
    expect(await storageHas(attachments[0]!.path)).toBe(true);
    await second.close();
  });
});
