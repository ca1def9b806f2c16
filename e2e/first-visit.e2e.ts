// The service worker on a phone's first visit: the version installed by that visit takes control of
// the page at once (clients.claim), so when the signal goes the worker still moves between screens
// whose code was never loaded online: it comes from the precache, not from the network.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './app-actions.js';
import { APP_URL, launchBrowser, moveInApp, newContext, untilControlled } from './browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the first visit, and screens whose code the phone does not have', () => {
  it('is controlled by the worker it installed and opens screens never loaded online, offline', async () => {
    const context = await newContext(browser, 'desktop', { serviceWorker: true });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    try {
      const page = await context.newPage();
      await signIn(page, 'worker@example.com');
      // The first visit: no reload, yet the page comes under the worker once it has installed.
      await untilControlled(page);
      const loadedOnline = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      expect(loadedOnline.some((file) => /new-ticket-pages-.*\.js$/.test(file))).toBe(false);

      await context.setOffline(true);
      // Inside the app (no reload): the new-ticket screen's code was never loaded; it comes from
      // the precache, so its categories show, not an error page.
      await page.goto(`${APP_URL}/profile`);
      await page.locator('.app-sider').waitFor({ timeout: 20_000 });
      await moveInApp(page, '/new-ticket');
      await page.getByRole('heading', { name: 'New ticket' }).waitFor({ timeout: 20_000 });
      await page.getByText('What is your request about?').waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('without the worker, says a screen whose code is not on the phone is missing, and opens it when back online', async () => {
    const context = await newContext(browser, 'desktop');
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    try {
      const page = await context.newPage();
      await signIn(page, 'worker@example.com');
      // The signed-in shell and the profile are loaded; the bug report screen's code is not.
      await page.locator('.app-sider').waitFor({ timeout: 20_000 });
      await context.setOffline(true);
      await moveInApp(page, '/report-bug');
      const missing = page
        .getByRole('alert')
        .filter({ hasText: 'This part of the app is not on this phone yet' });
      await missing.waitFor({ timeout: 20_000 });
      expect(await page.getByText('Something went wrong.').count()).toBe(0);

      await context.setOffline(false);
      await page.getByRole('heading', { name: 'Report a bug' }).waitFor({ timeout: 20_000 });
      expect(await missing.count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
