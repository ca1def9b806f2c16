// Firestore offline in Chromium against the local suite: a worker opens the history and
// one of their tickets online; then the connection goes (Playwright's setOffline) and, moving inside the app
// without a reload, the history and the ticket still show, read from the device's cache, under "Offline —
// showing saved data". A status change made by the foreman meanwhile shows once the connection returns, and
// the message goes away. The worker is an account of this test's own, deleted afterwards.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, idTokenOf, signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import {
  type TestWorker,
  createTestWorker,
  deleteFiledTickets,
  deleteTestWorker,
  fieldValue,
  fileTicket,
  historyRow,
  isMarked,
  markPage,
  section,
  workHoursTicket,
} from './live-fixtures.js';

const OFFLINE = 'Offline — showing saved data';
/** Going offline and back must reach the screen within this. */
const SWITCH_MS = 15_000;

let browser: Browser;
let worker: TestWorker | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await deleteFiledTickets();
  if (worker) await deleteTestWorker(worker);
  await browser?.close();
});

/** The offline message as a status the screen reader announces (none when the screen is live). */
const offlineStatus = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE });

describe('reading offline', () => {
  it('shows the history and an opened ticket from the device while offline, and says so', async () => {
    worker = await createTestWorker('Offline Worker');
    const description = `Missing hours, offline e2e ${randomUUID().slice(0, 8)}`;
    const filed = await fileTicket(
      await idTokenOf(worker.email, worker.password),
      workHoursTicket(description),
    );

    const context = await newContext(browser, 'desktop');
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    try {
      const page = await context.newPage();
      await signIn(page, worker.email);

      // Online: the history, then the ticket, opened from the list.
      await page.goto(`${APP_URL}/ticket-history`);
      await historyRow(page, filed.number).waitFor({ timeout: 20_000 });
      expect(await offlineStatus(page).count()).toBe(0);
      await markPage(page);
      await historyRow(page, filed.number).getByRole('link').click();
      await page.getByRole('heading', { name: `Ticket ${filed.number}` }).waitFor({ timeout: 20_000 });
      const overview = section(page, 'Overview');
      expect(await fieldValue(overview, 'Status')).toBe('New');
      expect(await offlineStatus(page).count()).toBe(0);

      // The connection goes: the open ticket stays and says it is saved data.
      await context.setOffline(true);
      await offlineStatus(page).waitFor({ timeout: SWITCH_MS });
      expect(await offlineStatus(page).textContent()).toContain(
        'Changes will show when the connection returns.',
      );

      // Back to the history inside the app: the ticket is listed from the device.
      await page.getByRole('link', { name: 'Back to ticket history' }).click();
      await page.waitForURL(`${APP_URL}/ticket-history`);
      await historyRow(page, filed.number).waitFor({ timeout: SWITCH_MS });
      expect(await historyRow(page, filed.number).textContent()).toContain(description);
      await offlineStatus(page).waitFor({ timeout: SWITCH_MS });

      // And the ticket again, with its fields, updates and activity, not "not found" nor a spinner.
      await historyRow(page, filed.number).getByRole('link').click();
      await page.getByRole('heading', { name: `Ticket ${filed.number}` }).waitFor({ timeout: SWITCH_MS });
      expect(await section(page, 'Description').textContent()).toContain(description);
      await section(page, 'Activity log').getByRole('listitem').first().waitFor({ timeout: SWITCH_MS });
      await offlineStatus(page).waitFor({ timeout: SWITCH_MS });
      expect(await isMarked(page)).toBe(true);

      // The office changes the status meanwhile; it shows once the connection returns, and the message goes.
      const foreman = await idTokenOf('foreman@example.com');
      await callFunction('changeTicketStatus', foreman, { ticketId: filed.ticketId, status: 'inProgress' });
      expect(await fieldValue(section(page, 'Overview'), 'Status')).toBe('New');
      await context.setOffline(false);
      await expect.poll(() => offlineStatus(page).count(), { timeout: SWITCH_MS }).toBe(0);
      await expect
        .poll(() => fieldValue(section(page, 'Overview'), 'Status'), { timeout: 30_000 })
        .toBe('In progress');
      expect(await isMarked(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
