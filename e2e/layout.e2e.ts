// Texts that must fit on a 360 px phone and on a 1280 px desktop, in the three languages: measured in
// the browser with the input's own font, against the room the input gives its text.
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

/** The placeholder of `selector`, how wide it draws and how wide the input's text area is, in px. */
function placeholderFit(page: Page, selector: string) {
  return page.locator(selector).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: input.placeholder, width: context.measureText(input.placeholder).width, room };
  });
}

describe('styles', () => {
  // The global sheet goes in from script (main.tsx) and each screen's with its chunk: a build that lost
  // one still works, unstyled, which nothing else here would notice.
  it('reach /login and the signed-in shell on a phone: a full-width 44 px button, a hidden sidebar', async () => {
    const context = await newContext(browser, 'phone');
    try {
      const page = await context.newPage();
      await page.goto(`${APP_URL}/login`);
      const submit = page.locator('form button[type="submit"]');
      await submit.waitFor({ timeout: 20_000 });
      const [button, form] = await Promise.all([
        submit.boundingBox(),
        page.locator('form').first().boundingBox(),
      ]);
      expect(button?.height).toBeGreaterThanOrEqual(44);
      expect(button?.width).toBeCloseTo(form?.width ?? 0, 0);
      await signIn(page, 'worker@example.com');
      const menu = page.getByRole('button', { name: /^(Otwórz menu|Open menu)/ });
      await menu.waitFor({ timeout: 20_000 });
      // The sidebar's own sheet keeps it off a phone's screen until the menu opens it.
      await expect.poll(() => page.getByRole('link', { name: 'Historia zgłoszeń' }).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('texts that must fit', () => {
  for (const size of ['phone', 'desktop'] as const) {
    it(`shows the whole history search hint at ${size === 'phone' ? 360 : 1280} px in pl, en and ru`, async () => {
      const context = await newContext(browser, size);
      try {
        const page = await context.newPage();
        await signIn(page, 'worker@example.com');
        for (const language of ['pl', 'en', 'ru']) {
          await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
          await page.goto(`${APP_URL}/ticket-history`);
          const search = 'form.history-search input[type="search"]';
          await page.locator(search).waitFor({ timeout: 20_000 });
          const fit = await placeholderFit(page, search);
          expect(fit.text.length, language).toBeGreaterThan(0);
          expect(fit.width, `${language} "${fit.text}" in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
        }
      } finally {
        await context.close();
      }
    }, 90_000);
  }

  it('keeps notices off the phone header: the menu button and the page title stay uncovered', async () => {
    const context = await newContext(browser, 'phone');
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    try {
      const page = await context.newPage();
      await signIn(page, 'worker@example.com');
      const menu = page.getByRole('button', { name: /^Open menu/ });
      await menu.waitFor({ timeout: 20_000 });
      // A ticket sent with no signal: kept on the phone, which a notice says. The context closes
      // still offline, so nothing reaches the server.
      await page.goto(`${APP_URL}/new-ticket/workhours/missingHours`);
      const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
      await page.locator('#ticket-startDate').fill(today);
      await page.locator('#ticket-endDate').fill(today);
      await page.locator('#ticket-description').fill('A ticket that stays on this test phone');
      await menu.waitFor({ timeout: 20_000 });
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Submit ticket' }).click();
      const notice = page.locator('.app-notices .app-notice').first();
      await notice.waitFor({ timeout: 15_000 });
      const [noticeBox, menuBox, headerBox] = await Promise.all([
        notice.boundingBox(),
        menu.boundingBox(),
        page.locator('.app-header').boundingBox(),
      ]);
      if (!noticeBox || !menuBox || !headerBox) throw new Error('not laid out');
      expect(noticeBox.y).toBeGreaterThanOrEqual(menuBox.y + menuBox.height);
      expect(noticeBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    } finally {
      await context.close();
    }
  }, 90_000);
});
