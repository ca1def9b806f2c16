// What happens around a ticket once a worker has filed it, in Chromium against the local suite: the
// form says how soon such tickets are usually answered and the ticket page by which day its answer is
// expected; a second open ticket of the same kind is held back with a warning until the worker sends
// it anyway; and a 👎 on a resolved ticket puts it back in progress on the page its assignee has open,
// without a reload, and tells them. The workers are accounts of this test's own; staff are the
// seed's foreman and manager. The UI runs in English.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_LEVELS, answerDueDay, targetWorkingDays } from '../functions/src/domain/index.js';
import { callFunction, idTokenOf, signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import {
  type FiledTicket,
  type TestWorker,
  admin,
  createTestWorker,
  deleteTestWorker,
  fieldValue,
  fileTicket,
  isMarked,
  itemTexts,
  markPage,
  section,
  workHoursTicket,
} from './live-fixtures.js';
import { fillWorkHours, openHistoryAs, ticketsWith } from './outbox-actions.js';

/** What reaches another person must do so within this, without a reload. */
const LIVE_MS = 10_000;
/** The seed's foreman (foreman@example.com), who is given the ticket that gets the 👎. */
const FOREMAN_UID = 'u-foreman';
const CATEGORY = 'workhours';
const SUBCATEGORY = 'missingHours';

let browser: Browser;
const workers: TestWorker[] = [];
const contexts: BrowserContext[] = [];
/** The first work-hours ticket of the form's worker, filed by the first test, warned about by the second. */
let first: (FiledTicket & { worker: TestWorker; page: Page }) | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  const { db } = await admin();
  for (const worker of workers) {
    const tickets = await db.collection('tickets').where('createdBy', '==', worker.uid).get();
    for (const ticket of tickets.docs) {
      const notifications = await db.collection('notifications').where('ticketId', '==', ticket.id).get();
      await Promise.all(notifications.docs.map((doc) => doc.ref.delete()));
    }
    const limits = await db.collection('rateLimits').listDocuments();
    await Promise.all(limits.filter((ref) => ref.id.startsWith(`${worker.uid}_`)).map((ref) => ref.delete()));
  }
  // Their tickets go with them (with updates and activity).
  await Promise.all(workers.map((worker) => deleteTestWorker(worker)));
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function newWorker(name: string): Promise<TestWorker> {
  const worker = await createTestWorker(name);
  workers.push(worker);
  return worker;
}

/** The history of `worker`, signed in, in English, on a desktop (closed after the tests). */
async function historyOf(worker: TestWorker): Promise<Page> {
  const { context, page } = await openHistoryAs(browser, worker);
  contexts.push(context);
  return page;
}

/** "Fri 27 Nov": a `YYYY-MM-DD` day as the English ticket page writes a short day. */
function shortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const noon = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, 12));
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
    .format(noon)
    .replace(',', '');
}

/** "Ticket T-2026-0042 submitted": waits for the form's success screen and returns the number. */
async function submittedNumber(page: Page): Promise<string> {
  const done = page.getByRole('heading', { name: /^Ticket T-[\d-]+ submitted$/ });
  await done.waitFor({ timeout: 20_000 });
  const number = /T-[\d-]+/.exec((await done.textContent()) ?? '')?.[0];
  if (!number) throw new Error('no ticket number on the success screen');
  return number;
}

describe('following a ticket through', () => {
  it('says how soon it is usually answered, then by which day the answer is expected', async () => {
    const worker = await newWorker('Fiona Follow');
    const { db } = await admin();
    // The server counts with the stored service levels; the seed stores none, so the defaults apply.
    expect((await db.doc('config/serviceLevels').get()).exists).toBe(false);
    const page = await historyOf(worker);
    const description = `Missing hours of the Monday shift, follow-through e2e ${randomUUID().slice(0, 8)}`;
    await fillWorkHours(page, description);

    const form = page.getByRole('form', { name: 'New ticket form' });
    const days = targetWorkingDays(DEFAULT_SERVICE_LEVELS, CATEGORY, SUBCATEGORY);
    await form
      .getByText(`Usually answered within ${days} working day${days === 1 ? '' : 's'}`, { exact: true })
      .waitFor();
    await form.getByRole('button', { name: 'Submit ticket' }).click();
    const number = await submittedNumber(page);

    const [stored, ...more] = await ticketsWith(worker.uid, description);
    if (!stored) throw new Error('the ticket was not stored');
    expect(more).toHaveLength(0);
    expect(stored.get('number')).toBe(number);
    const createdAt = (stored.get('createdAt') as { toDate(): Date }).toDate();
    const dueDay = stored.get('answerDueDay') as string;
    expect(dueDay).toBe(answerDueDay(createdAt, CATEGORY, SUBCATEGORY, DEFAULT_SERVICE_LEVELS));

    await page.getByRole('link', { name: 'View ticket' }).click();
    await page.waitForURL(`${APP_URL}/ticket/${stored.id}`);
    await page.getByRole('heading', { name: `Ticket ${number}` }).waitFor({ timeout: 15_000 });
    const overview = section(page, 'Overview');
    expect(await fieldValue(overview, 'Status')).toBe('New');
    expect(await fieldValue(overview, 'Answer')).toBe(`Answer expected by ${shortDay(dueDay)}`);
    first = { ticketId: stored.id, number, worker, page };
  });

  it('warns before a second open ticket of the same kind, and sends it only when told to', async () => {
    // The worker and the page of the test before; run alone, a worker with one such ticket of their own.
    let start = first;
    if (!start) {
      const worker = await newWorker('Fiona Follow');
      const filed = await fileTicket(
        await idTokenOf(worker.email, worker.password),
        workHoursTicket('The first work-hours ticket, follow-through e2e'),
      );
      start = { ...filed, worker, page: await historyOf(worker) };
    }
    const { worker, page, ticketId, number } = start;
    const description = `The same hours again, duplicate e2e ${randomUUID().slice(0, 8)}`;
    await fillWorkHours(page, description);
    const form = page.getByRole('form', { name: 'New ticket form' });
    await form.getByRole('button', { name: 'Submit ticket' }).click();

    const warning = form.getByRole('alert').filter({ hasText: 'You already have an open ticket' });
    await warning.waitFor({ timeout: 15_000 });
    expect(await warning.innerText()).toContain('You already have an open ticket of this kind (New):');
    expect(await warning.innerText()).toContain('Send this one anyway?');
    const link = warning.getByRole('link', { name: `open ${number}`, exact: true });
    expect(await link.getAttribute('href')).toBe(`/ticket/${ticketId}`);
    // Held back: nothing reached the server, and the worker still has only the first ticket.
    expect(await ticketsWith(worker.uid, description)).toHaveLength(0);
    const { db } = await admin();
    const countOf = async () =>
      (await db.collection('tickets').where('createdBy', '==', worker.uid).get()).size;
    expect(await countOf()).toBe(1);

    await warning.getByRole('button', { name: 'Send anyway' }).click();
    const second = await submittedNumber(page);
    expect(second).not.toBe(number);
    const sent = await ticketsWith(worker.uid, description);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('number')).toBe(second);
    expect(await countOf()).toBe(2);
  });

  it('puts a resolved ticket back in progress on the assignee’s open page when its owner answers 👎', async () => {
    const worker = await newWorker('Rafał Rating');
    const filed = await fileTicket(
      await idTokenOf(worker.email, worker.password),
      workHoursTicket(`Overtime of the weekend is missing, rating e2e ${randomUUID().slice(0, 8)}`),
    );
    // A manager gives it to the foreman and resolves it.
    const manager = await idTokenOf('manager@example.com');
    await callFunction('assignTicket', manager, { ticketId: filed.ticketId, assigneeUid: FOREMAN_UID });
    for (const status of ['inProgress', 'resolved']) {
      await callFunction('changeTicketStatus', manager, { ticketId: filed.ticketId, status });
    }

    // The foreman has the ticket open (staff view, live).
    const desk = await newContext(browser);
    await desk.addInitScript(() => localStorage.setItem('language', 'en'));
    const foreman = await desk.newPage();
    await signIn(foreman, 'foreman@example.com');
    await foreman.goto(`${APP_URL}/ticket/${filed.ticketId}`);
    await foreman.getByRole('heading', { name: `Ticket ${filed.number}` }).waitFor({ timeout: 15_000 });
    await section(foreman, 'Process ticket').waitFor();
    const overview = section(foreman, 'Overview');
    await expect.poll(() => fieldValue(overview, 'Status')).toBe('Resolved');
    expect(await fieldValue(overview, 'Assigned to')).toBe('Marek Wiśniewski');
    // Staff are not asked whether it solved anything.
    expect(await section(foreman, 'Did this solve it?').count()).toBe(0);
    await markPage(foreman);

    // The worker answers "No" with what is still wrong.
    const phone = await newContext(browser, 'phone');
    await phone.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await phone.newPage();
    await signIn(page, worker.email);
    await page.goto(`${APP_URL}/ticket/${filed.ticketId}`);
    const prompt = section(page, 'Did this solve it?');
    await prompt.waitFor({ timeout: 15_000 });
    const no = prompt.getByRole('button', { name: 'No, it did not solve it', exact: true });
    await no.click();
    await expect.poll(() => no.getAttribute('aria-pressed')).toBe('true');
    const comment = 'Only 6 of the 10 weekend hours were added.';
    await prompt.getByRole('textbox', { name: 'What is still wrong? (optional)' }).fill(comment);
    await prompt.getByRole('button', { name: 'Send answer' }).click();
    await page
      .getByText('Sent back to the office: your ticket is in progress again.')
      .waitFor({ timeout: LIVE_MS });

    // The foreman's page shows it within seconds, without a reload.
    await expect.poll(() => fieldValue(overview, 'Status'), { timeout: LIVE_MS }).toBe('In progress');
    await expect
      .poll(() => itemTexts(section(foreman, 'Updates')), { timeout: LIVE_MS })
      .toContainEqual(expect.stringContaining(`${comment} Rafał Rating, `));
    expect(await isMarked(foreman)).toBe(true);

    // The worker's page: answered, and no longer asked.
    await expect
      .poll(() => fieldValue(section(page, 'Overview'), 'Your answer'), { timeout: LIVE_MS })
      .toBe(`👎 It did not solve it: ${comment}`);
    expect(await prompt.count()).toBe(0);

    // The foreman is told.
    const { db } = await admin();
    const told = await db
      .collection('notifications')
      .where('ticketId', '==', filed.ticketId)
      .where('recipient', '==', FOREMAN_UID)
      .get();
    const ratedDown = told.docs.filter((doc) => doc.get('kind') === 'ratedDown');
    expect(ratedDown).toHaveLength(1);
    expect(ratedDown[0]?.get('values')).toEqual({ number: filed.number, by: 'Rafał Rating' });
    const stored = await db.doc(`tickets/${filed.ticketId}`).get();
    expect(stored.get('status')).toBe('inProgress');
    expect(stored.get('rating')).toMatchObject({ value: 'down', comment, status: 'resolved' });

    await phone.close();
    await desk.close();
  });
});
