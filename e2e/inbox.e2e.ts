// The inbox in Chromium against the local suite: a worker whose UI runs in
// Russian keeps /notifications open; the foreman changes the status of the worker's ticket and adds
// an update (through the callables the staff screens call); both show in the worker's inbox within
// seconds, in Russian, with the unread count on the menu entry; opening one and "mark all read"
// bring the count down to nothing. The worker is an account of this test's own, deleted afterwards.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, idTokenOf, signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import {
  type TestWorker,
  admin,
  createTestWorker,
  deleteFiledTickets,
  deleteTestWorker,
  fileTicket,
  workHoursTicket,
} from './live-fixtures.js';

/** A change by staff must reach the inbox within this, without a reload. */
const LIVE_MS = 10_000;

let browser: Browser;
let worker: TestWorker | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await deleteFiledTickets();
  if (worker) {
    const { db } = await admin();
    const own = await db.collection('notifications').where('recipient', '==', worker.uid).get();
    await Promise.all(own.docs.map((doc) => doc.ref.delete()));
    await deleteTestWorker(worker);
  }
  await browser?.close();
});

/** The inbox entries' texts, top to bottom ([] while it loads or is empty). */
const entryTexts = (page: Page) =>
  page
    .locator('.inbox-list .inbox-entry')
    .evaluateAll((entries) => entries.map((entry) => entry.textContent?.trim() ?? ''));

/** The unread count on the sidebar's Notifications entry ('' when there is none). */
const badge = async (page: Page) => {
  const found = page.getByTestId('unread-badge');
  return (await found.count()) === 0 ? '' : ((await found.textContent()) ?? '');
};

describe('the inbox', () => {
  it('shows a staff status change live in the worker’s language, and the count drops when read', async () => {
    worker = await createTestWorker('Олег Тестов');
    const filed = await fileTicket(
      await idTokenOf(worker.email, worker.password),
      workHoursTicket(`Missing hours, inbox e2e ${randomUUID().slice(0, 8)}`),
    );

    const context = await newContext(browser, 'desktop');
    await context.addInitScript(() => localStorage.setItem('language', 'ru'));
    try {
      const page = await context.newPage();
      await signIn(page, worker.email);
      await page.goto(`${APP_URL}/notifications`);
      await page.getByRole('heading', { name: 'Уведомления' }).waitFor();
      await page.getByText('Уведомлений пока нет.').waitFor();
      expect(await badge(page)).toBe('');

      const foreman = await idTokenOf('foreman@example.com');
      await callFunction('changeTicketStatus', foreman, { ticketId: filed.ticketId, status: 'inProgress' });
      await expect
        .poll(() => entryTexts(page), { timeout: LIVE_MS })
        .toEqual([expect.stringContaining(`Заявка ${filed.number}: новый статус — В работе`)]);
      await expect.poll(() => badge(page), { timeout: LIVE_MS }).toBe('1');

      await callFunction('addTicketUpdate', foreman, {
        requestId: randomUUID(),
        ticketId: filed.ticketId,
        text: 'Часы найдены, придут со следующей зарплатой.',
      });
      await expect
        .poll(() => entryTexts(page), { timeout: LIVE_MS })
        .toEqual([
          expect.stringContaining(`Marek Wiśniewski добавил(а) сообщение к заявке ${filed.number}`),
          expect.stringContaining(`Заявка ${filed.number}: новый статус — В работе`),
        ]);
      await expect.poll(() => badge(page), { timeout: LIVE_MS }).toBe('2');
      expect(await page.locator('.inbox-entry[data-read="false"]').count()).toBe(2);

      // Opening an entry marks it read and opens its ticket.
      await page.locator('.inbox-entry').first().click();
      await page.waitForURL(`${APP_URL}/ticket/${filed.ticketId}`);
      await expect.poll(() => badge(page), { timeout: LIVE_MS }).toBe('1');

      // "Mark all read" marks the rest.
      await page.goto(`${APP_URL}/notifications`);
      await page.getByRole('button', { name: 'Отметить все как прочитанные' }).click();
      await expect.poll(() => badge(page), { timeout: LIVE_MS }).toBe('');
      await expect
        .poll(() => page.locator('.inbox-entry[data-read="false"]').count(), { timeout: LIVE_MS })
        .toBe(0);
      expect(await page.locator('.inbox-entry[data-read="true"]').count()).toBe(2);

      // On a screen that reads no Firestore (the profile, freshly loaded), the count still comes: asked
      // from the server every UNREAD_POLL_MS (15 s) while the tab is visible.
      const counts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes(':runAggregationQuery')) counts.push(request.url());
      });
      await page.goto(`${APP_URL}/profile`);
      await page
        .getByRole('link', { name: /Уведомления/ })
        .first()
        .waitFor();
      expect(await badge(page)).toBe('');
      await callFunction('changeTicketStatus', foreman, { ticketId: filed.ticketId, status: 'resolved' });
      await expect.poll(() => badge(page), { timeout: 25_000 }).toBe('1');
      expect(counts.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
