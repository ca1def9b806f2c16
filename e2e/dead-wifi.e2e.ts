// A site's Wi-Fi with no way out, in Chromium against the local suite: the phone says it is online
// (navigator.onLine stays true), but no request gets an answer (every request the page makes is
// held, as on a Wi-Fi that never routes it). The app's connectivity signal finds the origin silent:
// the form says the ticket will be kept before Submit, Submit queues it at once (not after the call's
// 70-second timeout), the history says it shows saved data, and when the Wi-Fi gets its way out
// again the ticket is sent by itself, once. As in outbox.e2e.ts, screens are loaded online first
// (the suite blocks the service worker).
import { randomUUID } from 'node:crypto';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idTokenOf } from './app-actions.js';
import { APP_URL, launchBrowser } from './browser.js';
import {
  type TestWorker,
  createTestWorker,
  deleteTestWorker,
  fileTicket,
  historyRow,
} from './live-fixtures.js';
import { WAITING, fillWorkHours, openHistoryAs, outboxEntry, ticketsWith } from './outbox-actions.js';

let browser: Browser;
let worker: TestWorker | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  if (worker) await deleteTestWorker(worker);
  await browser?.close();
});

describe('a Wi-Fi with no way out', () => {
  it('counts as offline: the ticket is queued at once and sent once when the way out returns', async () => {
    worker = await createTestWorker('Dead Wi-Fi Worker');
    // A ticket from before, so the history has rows saved on the phone: a correction, so the new
    // missing-hours ticket is no duplicate of it (that warning is follow-through.e2e.ts's).
    const earlier = await fileTicket(await idTokenOf(worker.email), {
      category: 'workhours',
      subcategory: 'correction',
      description: 'Earlier ticket',
      startDate: '2026-11-02',
      endDate: '2026-11-02',
      hours: 8,
    });
    const { context, page } = await openHistoryAs(browser, worker);
    await historyRow(page, earlier.number).waitFor({ timeout: 20_000 });
    const description = `Missing hours, dead Wi-Fi e2e ${randomUUID().slice(0, 8)}`;
    await fillWorkHours(page, description);
    const note = page.getByText('Offline: your ticket will be kept on this phone and sent later.');
    expect(await note.count()).toBe(0);

    // The Wi-Fi loses its way out: every request hangs, and the browser still says online.
    const held: Route[] = [];
    await context.route('**/*', (route) => {
      held.push(route);
    });
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    // Found within a probe period and its time limit (10 s + 5 s), with nothing else happening.
    await note.waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Submit ticket' }).click();
    // At once: the queued panel, not a call waiting out its timeout.
    await page.getByRole('heading', { name: WAITING }).waitFor({ timeout: 5_000 });
    await page.getByRole('link', { name: 'Ticket history' }).last().click();
    await page.waitForURL(`${APP_URL}/ticket-history`);
    await page.getByText('Offline — showing saved data').waitFor({ timeout: 10_000 });
    await historyRow(page, earlier.number).waitFor();
    expect(await outboxEntry(page, description).textContent()).toContain(WAITING);
    expect(await ticketsWith(worker.uid, description)).toHaveLength(0);

    // The way out returns: the held requests fail as a dead connection does, new ones go through.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all(held.splice(0).map((route) => route.abort('connectionreset').catch(() => undefined)));
    await page.getByText(/^Ticket T-\d{4}-\d{4,6} was sent\.$/).waitFor({ timeout: 30_000 });
    await page.getByText('Offline — showing saved data').waitFor({ state: 'hidden', timeout: 15_000 });
    await expect.poll(() => outboxEntry(page, description).count()).toBe(0);
    expect(await ticketsWith(worker.uid, description)).toHaveLength(1);
    await context.close();
  });
});
