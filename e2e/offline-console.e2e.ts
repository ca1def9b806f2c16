// Offline with the service worker, as a phone on site meets it: the worker opens the history online,
// the signal goes, and they move between screens. Nothing the app does then may fill the console with
// errors: the app's requests stop (the connectivity signal turns Firestore's network off, so its
// transport neither retries nor runs its network check, whose image the CSP would refuse), and the
// screens' code comes from the precache.
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './app-actions.js';
import { APP_URL, launchBrowser, moveInApp, newContext, untilControlled } from './browser.js';
import { historyRows } from './live-fixtures.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** How long the console is watched after the last screen change: Firestore retried within 2 s. */
const WATCH_MS = 8_000;

describe('offline, moving between screens', () => {
  it('logs no console errors', async () => {
    const context = await newContext(browser, 'phone', { serviceWorker: true });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    try {
      const page = await context.newPage();
      await signIn(page, 'worker@example.com');
      await untilControlled(page);
      await page.goto(`${APP_URL}/ticket-history`);
      await historyRows(page).first().waitFor({ timeout: 20_000 });

      await context.setOffline(true);
      await page.getByText('Offline — showing saved data').waitFor({ timeout: 15_000 });
      // From here on, offline: requests that were on their way when the signal went (and Firestore
      // closing its channel) fail as the connection drops, and are not what this watches.
      const askedOffline = new Set<string>();
      context.on('request', (request) => askedOffline.add(request.url()));
      const errors: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        const isEarlier = !askedOffline.has(message.location().url) && /^Failed to load/.test(message.text());
        if (message.type() === 'error' && !isEarlier)
          errors.push(`${message.text()} ${message.location().url}`);
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await moveInApp(page, '/notifications');
      await page.getByRole('heading', { name: 'Notifications' }).waitFor({ timeout: 20_000 });
      await moveInApp(page, '/new-ticket');
      await page.getByText('What is your request about?').waitFor({ timeout: 20_000 });
      await moveInApp(page, '/ticket-history');
      await historyRows(page).first().waitFor({ timeout: 20_000 });
      // Absence is watched for a while: long enough for Firestore's first reconnection attempts.
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
