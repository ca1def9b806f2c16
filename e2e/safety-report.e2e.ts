// A danger reported in Chromium against the local suite, as the people involved meet it: a worker
// of the seed's Hammarby site reports a loose scaffold from a 360 px phone; the site's foreman
// (foreman@example.com, same site) sees it in his inbox within seconds, in his own language; a
// manager acknowledges it (through the callable the handlers' screen calls); the worker's report page,
// left open, says who saw it without a reload. The worker is an account of this test's own.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, idTokenOf, signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import { type TestWorker, admin, createTestWorker, deleteTestWorker } from './live-fixtures.js';

/** What reaches another person must do so within this, without a reload. */
const LIVE_MS = 10_000;
const SITE = 'Brf Sjöbris, Hammarby Sjöstad (block C)';

let browser: Browser;
let worker: TestWorker | null = null;
const reportIds: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  const { db } = await admin();
  for (const id of reportIds) {
    const notifications = await db.collection('notifications').where('safetyReportId', '==', id).get();
    await Promise.all(notifications.docs.map((doc) => doc.ref.delete()));
    await db.recursiveDelete(db.doc(`safetyReports/${id}`));
    if (worker) await db.doc(`users/${worker.uid}/safetyReports/${id}`).delete();
  }
  if (worker) await deleteTestWorker(worker);
  await browser?.close();
});

describe('reporting a danger', () => {
  it('reaches the site’s foreman within seconds, and the reporter sees it acknowledged live', async () => {
    worker = await createTestWorker('Jan Testowy');
    const { db } = await admin();
    await db.doc(`workers/${worker.workerId}`).update({ siteName: SITE });

    const phone = await newContext(browser, 'phone');
    await phone.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await phone.newPage();
    await signIn(page, worker.email);
    await page.goto(`${APP_URL}/report-danger`);
    const form = page.getByRole('form', { name: 'Danger report form' });
    await form.waitFor();
    // The site comes from the worker's directory record.
    await expect.poll(() => form.getByRole('textbox', { name: /^Site/ }).inputValue()).toBe(SITE);
    // A tap on a chip lands on its radio, which covers the chip's face.
    for (const choice of ['Scaffold', 'Hazard', 'Serious']) {
      const radio = form.getByRole('radio', { name: choice });
      await radio.click();
      await expect.poll(() => radio.isChecked()).toBe(true);
    }
    const description = `Loose planks on level 3, e2e ${randomUUID().slice(0, 8)}`;
    await form.getByRole('textbox', { name: /^Description/ }).fill(description);
    await form.getByRole('button', { name: 'Send report' }).click();

    const sent = page.getByText(/^Reported at \d{1,2}:\d{2}.*, sent to \d+ people$/);
    await sent.waitFor({ timeout: LIVE_MS });
    const reported = await db.collection('safetyReports').where('description', '==', description).get();
    expect(reported.size).toBe(1);
    const report = reported.docs[0];
    if (!report) throw new Error('no report');
    reportIds.push(report.id);
    expect(report.get('readers')).toContain('u-foreman');
    expect(await sent.textContent()).toContain(`sent to ${report.get('notifiedCount')} people`);

    // The foreman's inbox, open in Polish, shows it without a reload.
    const desk = await newContext(browser);
    const foreman = await desk.newPage();
    await signIn(foreman, 'foreman@example.com');
    await foreman.goto(`${APP_URL}/notifications`);
    const entry = foreman.getByText(`Zgłoszenie zagrożenia na budowie ${SITE}: Rusztowanie (Poważne)`);
    await entry.waitFor({ timeout: LIVE_MS });
    // Tapping it opens the report, which he may read as one of the people told of it.
    await entry.click();
    await foreman.getByText(description).waitFor();
    expect(new URL(foreman.url()).pathname).toBe(`/safety/${report.id}`);

    // The worker follows the report; a manager acknowledges it.
    await page.getByRole('link', { name: 'Follow this report' }).click();
    await page.getByText('Waiting for someone to see it.').waitFor();
    await callFunction('safetyReportStep', await idTokenOf('manager@example.com'), {
      requestId: randomUUID(),
      reportId: report.id,
      step: 'acknowledge',
    });
    await page.getByText(/^Seen by .+ at \d{1,2}:\d{2}/).waitFor({ timeout: LIVE_MS });

    await phone.close();
    await desk.close();
  });
});
