// The live Firestore screens in Chromium against the full Emulator Suite (the official Firestore
// emulator with firestore.rules): ticket history, ticket details, changes by staff appearing live,
// a ticket of someone else, and the staff queue opening a ticket. The UI runs in English. Every
// test fails if the browser console names a read the rules refused (e2e/console-guard.ts).
// What the tests create (tickets, one worker account) is deleted in afterAll; the seed tickets
// are only read, so the other e2e files see the seed as it was.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { callFunction, idTokenOf } from './app-actions.js';
import { APP_URL } from './browser.js';
import {
  type TestWorker,
  admin,
  createTestWorker,
  deleteFiledTickets,
  deleteTestWorker,
  fieldValue,
  fileTicket,
  historyRow,
  historyRows,
  isMarked,
  itemTexts,
  listedNumbers,
  longDay,
  markPage,
  section,
  useLiveBrowser,
  workHoursTicket,
} from './live-fixtures.js';

const { signedIn } = useLiveBrowser();
const HISTORY = `${APP_URL}/ticket-history`;
/** Live changes must show within this, without a reload. */
const LIVE_MS = 10_000;
const NO_MATCH = 'No tickets match the search and filters.';

let freshWorker: TestWorker | null = null;

afterAll(async () => {
  await deleteFiledTickets();
  if (freshWorker) await deleteTestWorker(freshWorker);
});

/** The ticket numbers of the history list once it shows `expected`, in that order. */
const expectListed = (page: Page, expected: string[]) =>
  expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toEqual(expected);

describe('ticket history (worker@example.com)', () => {
  it('finds tickets by number (T-17, 23) and by words of the description, among the worker’s own only', async () => {
    const { page } = await signedIn('worker@example.com');
    await page.goto(HISTORY);
    await page.getByRole('heading', { name: 'Ticket history' }).waitFor();
    await expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toContain('T-0017');

    const search = async (text: string) => {
      await page.getByRole('searchbox', { name: 'Search tickets' }).fill(text);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === text);
    };

    await search('T-17');
    await expectListed(page, ['T-0017']);
    await search('23');
    await expectListed(page, ['T-0023']);
    await search('shower');
    await expectListed(page, ['T-0017']);
    // Newest first.
    await search('Hammarby');
    await expectListed(page, ['T-0001', 'T-0019']);
    // Two words: both must match, the shorter as a prefix of a word.
    await search('winter jack');
    await expectListed(page, ['T-0001']);
    // T-0012 exists, but it is worker2's.
    await search('T-12');
    await page.getByText(NO_MATCH).waitFor();
    expect(await historyRows(page).count()).toBe(0);

    // Emptying the box clears the search.
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill('');
    await page.waitForURL(HISTORY);
    await expect
      .poll(() => listedNumbers(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['T-0001', 'T-0017', 'T-0023']));
  });

  it('keeps the status and category filters in the address through a reload, back and forward', async () => {
    const { page } = await signedIn('worker@example.com');
    await page.goto(HISTORY);
    await expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toContain('T-0001');
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    const category = page.getByRole('combobox', { name: 'Category', exact: true });

    await status.selectOption('inProgress');
    await page.waitForURL(`${HISTORY}?status=inProgress`);
    // T-0006 and T-0017 are in the unfiltered list too: wait until every row shown is in progress.
    await expect
      .poll(
        async () => {
          const rows = await historyRows(page).allInnerTexts();
          return rows.length > 0 && rows.every((row) => row.includes('In progress'));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await listedNumbers(page)).toEqual(expect.arrayContaining(['T-0006', 'T-0017']));
    expect(await listedNumbers(page)).not.toContain('T-0001');

    await category.selectOption('absences');
    await page.waitForURL(`${HISTORY}?status=inProgress&category=absences`);
    await expectListed(page, ['T-0006']);

    await page.reload();
    await expectListed(page, ['T-0006']);
    expect(await status.inputValue()).toBe('inProgress');
    expect(await category.inputValue()).toBe('absences');
    expect(await historyRow(page, 'T-0006').innerText()).toContain('Absences › Vacation');

    await page.goBack();
    await page.waitForURL(`${HISTORY}?status=inProgress`);
    await expect
      .poll(() => listedNumbers(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['T-0006', 'T-0017']));
    expect(await category.inputValue()).toBe('');

    await page.goBack();
    await page.waitForURL(HISTORY);
    await expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toContain('T-0001');
    expect(await status.inputValue()).toBe('');

    await page.goForward();
    await page.goForward();
    await page.waitForURL(`${HISTORY}?status=inProgress&category=absences`);
    await expectListed(page, ['T-0006']);
    expect(await status.inputValue()).toBe('inProgress');
    expect(await category.inputValue()).toBe('absences');
  });

  it('shows archived tickets only with "Show archived"', async () => {
    const { page } = await signedIn('worker@example.com');
    await page.goto(HISTORY);
    await expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toContain('T-0001');
    expect(await listedNumbers(page)).not.toContain('T-0021');

    await page.goto(`${HISTORY}?q=payslip`);
    await page.getByText(NO_MATCH).waitFor({ timeout: 15_000 });

    const showArchived = page.getByRole('switch', { name: 'Show archived' });
    expect(await showArchived.getAttribute('aria-checked')).toBe('false');
    await showArchived.click();
    await page.waitForURL(`${HISTORY}?q=payslip&archived=1`);
    await expectListed(page, ['T-0021']);
    expect(await historyRow(page, 'T-0021').innerText()).toContain('Archived');

    // Without the search, the archived ticket is listed among the others; a reload keeps the switch.
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill('');
    await page.waitForURL(`${HISTORY}?archived=1`);
    await expect
      .poll(() => listedNumbers(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['T-0001', 'T-0021']));
    await page.reload();
    await expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toContain('T-0021');
    expect(await showArchived.getAttribute('aria-checked')).toBe('true');

    // The status filter offers "Archived" now.
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('archived');
    await page.waitForURL(`${HISTORY}?status=archived&archived=1`);
    await expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toContain('T-0021');
    expect(await listedNumbers(page)).not.toContain('T-0001');

    // Switched off, archived tickets are hidden again and the archived status filter is dropped.
    await showArchived.click();
    await page.waitForURL(HISTORY);
    await expect.poll(() => listedNumbers(page), { timeout: 15_000 }).toContain('T-0001');
    expect(await listedNumbers(page)).not.toContain('T-0021');
  });

  it('shows 20 tickets, then the rest after "Load more" (a fresh worker with 25 tickets)', async () => {
    freshWorker = await createTestWorker('Lena Load-More');
    const token = await idTokenOf(freshWorker.email, freshWorker.password);
    const numbers: string[] = [];
    const { db } = await admin();
    // One after the other, as a worker files them: each is newer than the one before. 25 is more than one
    // account may file in an hour (RATE_LIMITS.submitTicket): the counter is reset halfway, as an hour would.
    for (let day = 1; day <= 25; day += 1) {
      if (day === 13) await db.doc(`rateLimits/${freshWorker.uid}_submitTicket`).delete();
      const filed = await fileTicket(
        token,
        workHoursTicket(`Hours of day ${day} are missing, load-more e2e`),
      );
      numbers.push(filed.number);
    }
    const newestFirst = [...numbers].reverse();

    const { page } = await signedIn(freshWorker.email);
    await page.goto(HISTORY);
    await expectListed(page, newestFirst.slice(0, 20));
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.click();
    await expectListed(page, newestFirst);
    expect(await loadMore.count()).toBe(0);

    // Its 25 new tickets would crowd the staff queue of the tests that follow.
    await deleteTestWorker(freshWorker);
    freshWorker = null;
  });
});

describe('ticket details', () => {
  it('shows T-0001 to its submitter: fields, ordered items with their confirmation, updates and activity log', async () => {
    const { db } = await admin();
    const stored = (await db.collection('tickets').doc('t-0001').get()).data();
    const createdAt = (stored?.createdAt as { toDate(): Date } | undefined)?.toDate();
    if (!createdAt) throw new Error('seed ticket t-0001 is missing');

    const { page } = await signedIn('worker@example.com');
    await page.goto(`${APP_URL}/ticket/t-0001`);
    await page.getByRole('heading', { name: 'Ticket T-0001' }).waitFor({ timeout: 15_000 });

    const overview = section(page, 'Overview');
    expect(await fieldValue(overview, 'Number')).toBe('T-0001');
    expect(await fieldValue(overview, 'Status')).toBe('Sent');
    expect(await fieldValue(overview, 'Category')).toBe('Workwear');
    expect(await fieldValue(overview, 'Subcategory')).toBe('New workwear');
    expect(await fieldValue(overview, 'Created')).toContain(longDay(createdAt));
    expect(await fieldValue(overview, 'Submitted by')).toContain('Piotr Kowalczyk');
    expect(await fieldValue(overview, 'Submitted by')).toContain('worker@example.com');
    expect(await fieldValue(overview, 'Assigned to')).toBe('Marek Wiśniewski');

    expect(await section(page, 'Description').innerText()).toContain(
      'my work trousers are torn at both knees',
    );
    expect(await itemTexts(section(page, 'Ordered items'))).toEqual([
      'Winter jacket, size L × 1 Confirmed',
      'Winter work trousers, size C52 × 1 Confirmed',
      'Beanie × 2 Confirmed',
    ]);

    const updates = await itemTexts(section(page, 'Updates'));
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatch(
      /^Ordered from the workwear supplier, .* Marek Wiśniewski, \d{1,2} \w+ \d{4}, \d\d:\d\d$/,
    );
    expect(updates[1]).toMatch(/^Sent to the site office with the Friday delivery\. .* Marek Wiśniewski, /);

    const activity = await itemTexts(section(page, 'Activity log'));
    expect(activity.map((entry) => entry.replace(/, \d{1,2} \w+ \d{4}, \d\d:\d\d$/, ''))).toEqual([
      'Ticket created Piotr Kowalczyk',
      'Assigned to changed from “—” to “Marek Wiśniewski” Marek Wiśniewski',
      'Status changed from “New” to “In progress” Marek Wiśniewski',
      'Status changed from “In progress” to “Sent” Marek Wiśniewski',
    ]);
    expect(activity[0]).toContain(longDay(createdAt));

    // A worker gets no processing panel.
    expect(await section(page, 'Process ticket').count()).toBe(0);
  });

  it('shows the request details of a presalary (T-0002) to its submitter', async () => {
    const { page } = await signedIn('worker@example.com');
    await page.goto(`${APP_URL}/ticket/t-0002`);
    await page.getByRole('heading', { name: 'Ticket T-0002' }).waitFor({ timeout: 15_000 });
    const details = section(page, 'Request details');
    expect(await fieldValue(details, 'Amount')).toBe('€300.00');
    expect(await fieldValue(details, 'Currency')).toBe('EUR');
    expect(await fieldValue(details, 'Fee')).toBe('€15.00');
    expect(await fieldValue(details, 'Total to be deducted')).toBe('€315.00');
    expect(await fieldValue(details, 'Salary period')).toBe('1–15 November 2026');
    expect(await fieldValue(details, 'Reason')).toBe('Deposit for a new room');
    expect(await fieldValue(section(page, 'Overview'), 'Status')).toBe('Paid');
    expect(await itemTexts(section(page, 'Updates'))).toEqual([
      expect.stringMatching(/^Transferred 300 EUR today\. .* Agnieszka Nowak, /),
    ]);
  });

  it('shows worker2 which items of T-0025 are confirmed and which are not yet', async () => {
    const { page } = await signedIn('worker2@example.com');
    await page.goto(`${APP_URL}/ticket/t-0025`);
    await page.getByRole('heading', { name: 'Ticket T-0025' }).waitFor({ timeout: 15_000 });
    expect(await itemTexts(section(page, 'Ordered items'))).toEqual([
      'Safety shoes S3, size 45 × 1 Confirmed',
      'Work gloves, size 11 × 5 Not confirmed yet',
    ]);
    expect(await fieldValue(section(page, 'Overview'), 'Status')).toBe('In progress');
  });
});

describe('live changes by staff', () => {
  it('shows a status change, an assignment and an update on the history and the details page without a reload', async () => {
    const workerToken = await idTokenOf('worker@example.com');
    const filed = await fileTicket(
      workerToken,
      workHoursTicket(`The night shift hours are missing, live e2e ${randomUUID().slice(0, 8)}`),
    );

    const history = await signedIn('worker@example.com');
    await history.page.goto(HISTORY);
    await expect
      .poll(() => historyRow(history.page, filed.number).innerText(), { timeout: 15_000 })
      .toContain('New');

    const details = await signedIn('worker@example.com');
    await details.page.goto(`${APP_URL}/ticket/${filed.ticketId}`);
    await details.page.getByRole('heading', { name: `Ticket ${filed.number}` }).waitFor({ timeout: 15_000 });
    const overview = section(details.page, 'Overview');
    expect(await fieldValue(overview, 'Status')).toBe('New');
    expect(await fieldValue(overview, 'Assigned to')).toBe('Not assigned');
    expect(await section(details.page, 'Updates').innerText()).toContain('No updates yet.');
    await markPage(history.page);
    await markPage(details.page);

    const foremanToken = await idTokenOf('foreman@example.com');
    await callFunction('changeTicketStatus', foremanToken, {
      ticketId: filed.ticketId,
      status: 'inProgress',
    });
    await expect
      .poll(() => historyRow(history.page, filed.number).innerText(), { timeout: LIVE_MS })
      .toContain('In progress');
    await expect.poll(() => fieldValue(overview, 'Status'), { timeout: LIVE_MS }).toBe('In progress');
    await expect
      .poll(() => itemTexts(section(details.page, 'Activity log')), { timeout: LIVE_MS })
      .toContainEqual(
        expect.stringMatching(/^Status changed from “New” to “In progress” Marek Wiśniewski, /),
      );

    await callFunction('assignTicket', foremanToken, { ticketId: filed.ticketId, assigneeUid: 'u-foreman' });
    await expect
      .poll(() => historyRow(history.page, filed.number).innerText(), { timeout: LIVE_MS })
      .toContain('Handled by Marek Wiśniewski');
    await expect
      .poll(() => fieldValue(overview, 'Assigned to'), { timeout: LIVE_MS })
      .toBe('Marek Wiśniewski');

    const text = 'We found the night shift in the time report; the hours come with the next salary.';
    await callFunction('addTicketUpdate', foremanToken, {
      requestId: randomUUID(),
      ticketId: filed.ticketId,
      text,
    });
    await expect
      .poll(() => itemTexts(section(details.page, 'Updates')), { timeout: LIVE_MS })
      .toEqual([expect.stringMatching(new RegExp(`^${text.replace(/[.;]/g, '\\$&')} Marek Wiśniewski, `))]);

    expect(await isMarked(history.page)).toBe(true);
    expect(await isMarked(details.page)).toBe(true);
  });
});

describe('someone else’s ticket', () => {
  it('shows worker2 "Ticket not found" for a ticket of worker@example.com and for an id that does not exist', async () => {
    const { page } = await signedIn('worker2@example.com');
    for (const ticketId of ['t-0001', 'no-such-ticket-e2e']) {
      await page.goto(`${APP_URL}/ticket/${ticketId}`);
      await page.getByRole('heading', { name: 'Ticket not found' }).waitFor({ timeout: 15_000 });
      await page.getByText('It does not exist or you do not have access to it.').waitFor();
      expect(await page.getByText(/winter jacket/i).count()).toBe(0);
    }
  });
});

describe('the ticket queue (foreman@example.com)', () => {
  it('shows the open tickets, a new one included, and opens it to its live details', async () => {
    const description = `Saturday formwork hours are missing, queue e2e ${randomUUID().slice(0, 8)}`;
    const filed = await fileTicket(await idTokenOf('worker@example.com'), workHoursTicket(description));

    const { page } = await signedIn('foreman@example.com');
    await page.goto(`${APP_URL}/ticket-queue`);
    const rows = page.getByRole('list', { name: 'Tickets in the queue' }).getByRole('listitem');
    await rows.first().waitFor({ timeout: 20_000 });
    // Open tickets only (new and in progress), oldest first: the seed's oldest open one leads.
    const statuses = await rows.locator('.queue-row-status').allInnerTexts();
    expect(new Set(statuses)).toEqual(new Set(['New', 'In progress']));
    expect(await rows.first().innerText()).toContain('T-0025');

    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('workhours');
    await page.waitForURL(`${APP_URL}/ticket-queue?category=workhours`);
    const row = rows.filter({ hasText: filed.number });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('New');
    expect(await rows.filter({ hasText: 'T-0024' }).count()).toBe(1);
    // T-0023 is a work-hours ticket too, but it is closed (noted).
    expect(await rows.filter({ hasText: 'T-0023' }).count()).toBe(0);

    await row.getByRole('link', { name: filed.number }).click();
    await page.waitForURL(`${APP_URL}/ticket/${filed.ticketId}`);
    await page.getByRole('heading', { name: `Ticket ${filed.number}` }).waitFor({ timeout: 15_000 });
    const overview = section(page, 'Overview');
    expect(await fieldValue(overview, 'Submitted by')).toContain('Piotr Kowalczyk');
    expect(await fieldValue(overview, 'Status')).toBe('New');
    expect(await section(page, 'Description').innerText()).toContain(description);
    expect(await itemTexts(section(page, 'Activity log'))).toEqual([
      expect.stringMatching(/^Ticket created Piotr Kowalczyk, /),
    ]);
    await section(page, 'Process ticket').waitFor();
    await page.getByRole('link', { name: 'Back to the queue' }).waitFor();
  });
});
