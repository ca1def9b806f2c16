import { selectablePresalaryPeriods } from '../functions/src/domain/index.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from './app-actions.js';
import { adminDb } from './admin-sdk.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The presalary summary's text with non-breaking spaces made plain. */
async function summaryText(page: Page) {
  const text = await page.getByRole('status', { name: 'Podsumowanie zaliczki' }).textContent();
  return (text ?? '').replace(/\s+/g, ' ');
}

describe('filing a ticket', () => {
  it('lets the worker file a presalary with the fee shown live, once, with the right fields', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await signIn(page, 'worker@example.com');
    await page.goto(`${APP_URL}/new-ticket`);
    await page.getByRole('link', { name: 'Zaliczka', exact: true }).click();
    await page.getByRole('link', { name: 'Zaliczka na poczet wynagrodzenia' }).click();
    await page.waitForURL(`${APP_URL}/new-ticket/presalary/advance`);

    const amount = page.locator('#ticket-amount');
    await amount.fill('100');
    await expect.poll(() => summaryText(page)).toContain('Opłata (5%)5,00 €');
    await amount.fill('250');
    await expect.poll(() => summaryText(page)).toContain('Opłata (5%)12,50 €');
    expect(await summaryText(page)).toContain('262,50 €');

    await page.locator('#ticket-reason').fill('Deposit for a room');
    // The next salary period: the seed already holds a request for the current one.
    // Option 0 is the empty choice, 1 the current period, 2 the next.
    await page.locator('#ticket-period').selectOption({ index: 2 });
    await page.getByText(/Akceptuję warunki/).click();
    await page.locator('#ticket-description').fill('Advance for the new room deposit, e2e');
    // Without the Storage emulator the attachments field says so (in Polish here) and offers no file;
    // the ticket still goes through without files.
    const choose = page.getByRole('button', { name: 'Wybierz pliki' });
    if (inject('hasStorage')) {
      await expect.poll(() => choose.isEnabled()).toBe(true);
    } else {
      await page.getByText(/^Przesyłanie plików nie jest dostępne na tym serwerze/).waitFor();
      expect(await choose.isDisabled()).toBe(true);
    }
    const submit = page.getByRole('button', { name: 'Wyślij zgłoszenie' });
    // A double tap still files one ticket.
    await submit.dblclick();

    const notice = page.getByText(/^Zgłoszenie T-\d{4}-\d{4,6} zostało wysłane\.$/);
    await notice.waitFor({ timeout: 20_000 });
    const number = /T-\d{4}-\d{4,6}/.exec((await notice.textContent()) ?? '')?.[0];

    const db = await adminDb();
    const today = new Date().toISOString().slice(0, 10);
    const period = selectablePresalaryPeriods(today)[1];
    const stored = await db
      .collection('tickets')
      .where('createdBy', '==', 'u-worker')
      .where('category', '==', 'presalary')
      .get();
    const mine = stored.docs.filter(
      (doc) => doc.get('description') === 'Advance for the new room deposit, e2e',
    );
    expect(mine).toHaveLength(1);
    const ticket = mine[0]?.data();
    expect(ticket).toMatchObject({
      number,
      category: 'presalary',
      subcategory: 'advance',
      status: 'new',
      archived: false,
      createdBy: 'u-worker',
      submitter: { uid: 'u-worker', email: 'worker@example.com' },
      assignedTo: null,
      details: {
        amount: 250,
        currency: 'EUR',
        fee: 12.5,
        total: 262.5,
        period,
        reason: 'Deposit for a room',
      },
    });
    const activity = await mine[0]?.ref.collection('activity').get();
    expect(activity?.docs.map((entry) => entry.get('change'))).toEqual([{ type: 'created' }]);
    await context.close();
  });

  it('does not offer presalary to worker2, whose permission is revoked, not even by URL', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await signIn(page, 'worker2@example.com');
    await page.goto(`${APP_URL}/new-ticket`);
    const tiles = page.getByRole('navigation', { name: 'Kategorie zgłoszeń' }).getByRole('link');
    await tiles.first().waitFor();
    const names = await tiles.allTextContents();
    expect(names).toContain('Nieobecności');
    expect(names).not.toContain('Zaliczka');
    await page.goto(`${APP_URL}/new-ticket/presalary/advance`);
    await page.getByText('Niedostępne dla Ciebie').waitFor();
    expect(await page.locator('#ticket-amount').count()).toBe(0);
    await context.close();
  });
});
