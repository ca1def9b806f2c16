// A shared phone: after a sign-out the next user of the same browser finds nothing of the
// last one: no cached profile in the tab, no remembered page, no Firestore offline cache of their tickets.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What this origin keeps on the device: sessionStorage keys and the Firestore IndexedDB caches. */
function leftovers(page: Page) {
  return page.evaluate(async () => ({
    session: Object.keys(sessionStorage).filter(
      (key) => key.startsWith('profile-') || key === 'intendedPath',
    ),
    firestore: (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .filter((name) => name.startsWith('firestore/')),
  }));
}

describe('a shared phone', () => {
  it('keeps nothing of the worker after "Log out": profile cache, page, Firestore cache', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await signIn(page, 'worker@example.com');
    await page.goto(`${APP_URL}/ticket/t-0001`);
    await page.getByText('T-0001').first().waitFor({ timeout: 20_000 });
    const before = await leftovers(page);
    // The profile (PESEL, bank account) is kept in the tab's memory only, never in sessionStorage.
    expect(before.session).not.toContain('profile-u-worker');
    expect(before.firestore.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await page.getByRole('button', { name: 'Wyloguj' }).click();
    await page.waitForURL(`${APP_URL}/login`);
    await expect.poll(() => leftovers(page), { timeout: 10_000 }).toEqual({ session: [], firestore: [] });

    // The next user of the phone lands on their own profile, not on the worker's ticket.
    await signIn(page, 'worker2@example.com');
    expect(new URL(page.url()).pathname).toBe('/profile');
    await context.close();
  });
});
