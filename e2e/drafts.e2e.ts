// New-ticket drafts: what a worker types survives a reload, is gone once the ticket is
// sent, and is never shown to the next account on the same phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext, untilControlled } from './browser.js';
import { type TestWorker, createTestWorker, deleteTestWorker } from './live-fixtures.js';

const FORM_URL = `${APP_URL}/new-ticket/workhours/missingHours`;
const RESTORED = 'Przywrócono szkic';
const KEPT = /zostaje na tym urządzeniu jako szkic/;

let browser: Browser;
const workers: TestWorker[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  workers.push(await createTestWorker('Draft Worker'), await createTestWorker('Next Worker'));
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(workers.map((worker) => deleteTestWorker(worker)));
});

async function openForm(page: Page) {
  await page.goto(FORM_URL);
  await page.locator('#ticket-description').waitFor({ timeout: 20_000 });
}

/** The names of this origin's IndexedDB databases. */
function databases(page: Page) {
  return page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
}

describe('new-ticket drafts', () => {
  it('survive a reload, end with the ticket, and stay with their account', async () => {
    const [worker, next] = workers;
    if (!worker || !next) throw new Error('test workers missing');
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await signIn(page, worker.email);
    await openForm(page);
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));

    const text = `Missing hours on the north site, draft ${worker.uid}`;
    await page.locator('#ticket-startDate').fill(today);
    await page.locator('#ticket-description').fill(text);
    // Written after a pause in typing; the form then says the draft is kept.
    await page.getByText(KEPT).waitFor({ timeout: 10_000 });

    await page.reload();
    await page.getByText(RESTORED).waitFor({ timeout: 20_000 });
    expect(await page.locator('#ticket-description').inputValue()).toBe(text);
    expect(await page.locator('#ticket-startDate').inputValue()).toBe(today);

    await page.locator('#ticket-endDate').fill(today);
    // The hours are optional and left empty: the ticket goes through (the Functions SDK used to send the
    // untouched field as null, which the server refused as "not a number").
    await page.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await page.getByText(/^Zgłoszenie T-\d{4}-\d{4,6} zostało wysłane\.$/).waitFor({ timeout: 20_000 });

    // Sent: the form opens empty again.
    await openForm(page);
    expect(await page.locator('#ticket-description').inputValue()).toBe('');
    expect(await page.getByText(RESTORED).count()).toBe(0);

    // A new draft, then "Log out": the next account on this phone finds nothing of it.
    await page.locator('#ticket-description').fill('Another draft, never sent');
    await page.getByText(KEPT).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await page.getByRole('button', { name: 'Wyloguj' }).click();
    await page.waitForURL(`${APP_URL}/login`);
    await expect.poll(() => databases(page), { timeout: 10_000 }).not.toContain('ticket-drafts');

    await signIn(page, next.email);
    await openForm(page);
    expect(await page.locator('#ticket-description').inputValue()).toBe('');
    expect(await page.getByText(RESTORED).count()).toBe(0);
    expect(await page.getByText(KEPT).count()).toBe(0);
    await context.close();
  });

  // The last words before a reload: written at once as the page goes (a rescue write), however long
  // the account's device key takes to come, or if it never comes. With the service worker on, as on
  // a phone: the reload is answered from its precache, at once.
  for (const keyWay of ['answered', 'slow (5 s)', 'failing'] as const) {
    it(`keep words typed 0, 100 and 300 ms before a reload (device key ${keyWay})`, async () => {
      const [worker] = workers;
      if (!worker) throw new Error('test worker missing');
      const context = await newContext(browser, 'phone', { serviceWorker: true });
      if (keyWay !== 'answered') {
        await context.route('**/getDeviceKey', async (route) => {
          if (keyWay === 'failing') return route.abort('connectionreset');
          await new Promise((resolve) => setTimeout(resolve, 5_000));
          return route.continue().catch(() => undefined);
        });
      }
      const page = await context.newPage();
      await signIn(page, worker.email);
      await untilControlled(page);
      for (const delay of [0, 100, 300]) {
        await openForm(page);
        // The form keeps its one-time pad ready a moment after it opens.
        await expect
          .poll(() =>
            page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('draft-pad:'))),
          )
          .toBe(true);
        const text = `Typed ${delay} ms before a reload, key ${keyWay} ${worker.uid}`;
        await page.locator('#ticket-description').fill(text);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        await page.reload();
        await page.getByText(RESTORED).waitFor({ timeout: 20_000 });
        expect(await page.locator('#ticket-description').inputValue()).toBe(text);
      }
      await context.close();
    }, 120_000);
  }
});
