// The outbox steps of the browser faults: queue a ticket offline as e2e/outbox.e2e.ts does, see the
// page send it, and read the number of the "was sent" notice.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from '../e2e/app-actions.js';
import { fillWorkHours, outboxEntry, storedOutbox, submitOffline } from '../e2e/outbox-actions.js';

export const SENT = /^Ticket (T-[\d-]+) was sent\.$/;

/**
 * Signs in on the app at `origin`, opens the history (so its screen is loaded while online) and
 * queues a ticket offline: one sealed entry on the device.
 */
export async function queueOffline(
  context: BrowserContext,
  page: Page,
  origin: string,
  email: string,
  description: string,
) {
  await signIn(page, email, origin);
  await page.goto(`${origin}/ticket-history`);
  await page.getByRole('heading', { name: 'Ticket history' }).waitFor({ timeout: 20_000 });
  await fillWorkHours(page, description);
  await submitOffline(context, page, origin);
  await outboxEntry(page, description).waitFor({ timeout: 10_000 });
  expect(await storedOutbox(page, description)).toEqual({ count: 1, isSealed: true, showsText: false });
}

/** Resolves when the page has sent a submitTicket request. */
export const submitTicketSent = (page: Page) =>
  page.waitForRequest((request) => request.url().endsWith('/submitTicket'), { timeout: 30_000 });

/** The next submitTicket answer the page gets: its result (the ticket, and whether it existed). */
export async function submitTicketAnswer(page: Page) {
  const response = await page.waitForResponse(
    (answer) => answer.url().endsWith('/submitTicket') && answer.status() === 200,
    { timeout: 60_000 },
  );
  const body = (await response.json()) as {
    result: { ticketId: string; number: string; isDuplicate: boolean };
  };
  return body.result;
}

/** The number in the "Ticket … was sent." notice, once it shows. */
export async function sentNumber(page: Page, timeout: number): Promise<string> {
  const notice = page.getByText(SENT);
  await notice.waitFor({ timeout });
  return SENT.exec((await notice.textContent()) ?? '')?.[1] ?? '';
}
