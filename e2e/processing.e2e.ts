// Staff processing a ticket in Chromium against the local suite: the worker files a ticket
// (through the submitTicket callable, as the app does), the foreman finds it in the ticket queue and
// starts work on it with an update; the Admin SDK shows what was stored (live-screens.e2e.ts shows
// the worker's pages following such changes). The UI runs in English.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, idTokenOf, signIn } from './app-actions.js';
import { adminDb } from './admin-sdk.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function englishContext(): Promise<BrowserContext> {
  const context = await newContext(browser, 'desktop');
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  return context;
}

describe('processing a ticket', () => {
  it('lets the foreman take a new ticket from the queue and start work with an update', async () => {
    const description = `Overtime from the night shift is missing, e2e ${randomUUID().slice(0, 8)}`;
    const workerToken = await idTokenOf('worker@example.com');
    const filed = await callFunction<{ ticketId: string; number: string }>('submitTicket', workerToken, {
      requestId: randomUUID(),
      category: 'salary',
      subcategory: 'missingPayment',
      description,
      period: '2026-10-H2',
      attachments: [],
    });

    const context = await englishContext();
    const page = await context.newPage();
    await signIn(page, 'foreman@example.com');
    await page.goto(`${APP_URL}/ticket-queue?assignee=unassigned&category=salary`);
    const row = page.getByRole('listitem').filter({ hasText: filed.number });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('New');

    await row.getByRole('button', { name: `Start work on ${filed.number}` }).click();
    const panel = page.getByRole('form', { name: `Start work on ${filed.number}` });
    const update = 'We are checking the night shift hours with the site manager; answer by Friday.';
    await panel.getByLabel('Update for the worker').fill(update);
    await panel.getByRole('button', { name: 'Start work' }).click();
    await page.getByText(`Work started on ${filed.number}. The worker can see your update.`).waitFor({
      timeout: 20_000,
    });

    // The queue, filtered to the foreman's own tickets, shows it taken.
    await page.goto(`${APP_URL}/ticket-queue?assignee=mine&category=salary`);
    const mine = page.getByRole('listitem').filter({ hasText: filed.number });
    await mine.waitFor({ timeout: 20_000 });
    expect(await mine.textContent()).toContain('In progress');

    // What the worker's ticket page reads: the status, the assignee, the update and the log.
    const db = await adminDb();
    const ticketRef = db.collection('tickets').doc(filed.ticketId);
    const ticket = (await ticketRef.get()).data();
    expect(ticket).toMatchObject({
      status: 'inProgress',
      assignedTo: { uid: 'u-foreman' },
      assigneeUid: 'u-foreman',
      createdBy: 'u-worker',
    });
    const updates = (await ticketRef.collection('updates').get()).docs.map((doc) => doc.data());
    expect(updates).toEqual([
      expect.objectContaining({ text: update, by: expect.objectContaining({ uid: 'u-foreman' }) }),
    ]);
    const changes = (await ticketRef.collection('activity').get()).docs
      .map((doc) => doc.data().change as { type: string; field?: string; from?: unknown; to?: unknown })
      .filter((change) => change.type === 'field');
    expect(changes).toEqual(
      expect.arrayContaining([
        { type: 'field', field: 'status', from: 'new', to: 'inProgress' },
        expect.objectContaining({ type: 'field', field: 'update', from: null }),
        expect.objectContaining({ type: 'field', field: 'assignedTo', from: null }),
      ]),
    );
    expect(changes).toHaveLength(3);

    // On to the end, through the same callables the ticket page calls: the foreman resolves it
    // and the worker archives their resolved ticket; every step is logged.
    const foremanToken = await idTokenOf('foreman@example.com');
    await callFunction('changeTicketStatus', foremanToken, { ticketId: filed.ticketId, status: 'resolved' });
    await callFunction('changeTicketStatus', workerToken, { ticketId: filed.ticketId, status: 'archived' });
    expect((await ticketRef.get()).data()).toMatchObject({
      status: 'archived',
      archived: true,
      archivedFrom: 'resolved',
    });
    const statusSteps = (await ticketRef.collection('activity').get()).docs
      .map((doc) => doc.data() as { at: { toMillis(): number }; change: { field?: string; to?: unknown } })
      .filter((entry) => entry.change.field === 'status')
      .sort((a, b) => a.at.toMillis() - b.at.toMillis())
      .map((entry) => entry.change.to);
    expect(statusSteps).toEqual(['inProgress', 'resolved', 'archived']);
    await context.close();
  });

  it('keeps the queue from a worker: the route sends them to their profile and the callable refuses', async () => {
    const context = await englishContext();
    const page = await context.newPage();
    await signIn(page, 'worker@example.com');
    await page.goto(`${APP_URL}/ticket-queue`);
    await page.waitForURL(`${APP_URL}/profile`, { timeout: 20_000 });
    await expect(callFunction('listTicketQueue', await idTokenOf('worker@example.com'), {})).rejects.toThrow(
      /permission-denied|PERMISSION_DENIED/i,
    );
    await context.close();
  });
});
