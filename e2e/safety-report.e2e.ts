// A danger reported in Chromium against the local suite, as the people involved meet it: a worker
// of the seed's Hammarby site reports a loose scaffold from a 360 px phone; the site's foreman
// (foreman@example.com, same site) sees it in his inbox within seconds, in his own language; a
// manager acknowledges it (through the callable the handlers' screen calls); the worker's report page,
// left open, says who saw it without a reload. A report made with no signal waits on the phone,
// sealed, and is sent once by itself when the signal returns. Photos are left out: the Storage
// emulator cannot run on this machine (the web tests cover them). The workers are accounts of this
// test's own.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, idTokenOf, signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import { type TestWorker, admin, createTestWorker, deleteTestWorker } from './live-fixtures.js';
import { storedOutbox } from './outbox-actions.js';

/** What reaches another person must do so within this, without a reload. */
const LIVE_MS = 10_000;
const SITE = 'Brf Sjöbris, Hammarby Sjöstad (block C)';

let browser: Browser;
const workers: TestWorker[] = [];
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
    for (const worker of workers) await db.doc(`users/${worker.uid}/safetyReports/${id}`).delete();
  }
  await Promise.all(workers.map((worker) => deleteTestWorker(worker)));
  await browser?.close();
});

/** A worker of this test on the seed's Hammarby site, on a 360 px phone in English, at the form. */
async function openReportForm(name: string) {
  const worker = await createTestWorker(name);
  workers.push(worker);
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
  return { worker, phone, page, form };
}

/** A loose scaffold, a hazard, serious: three taps and the description. */
async function fillReport(form: Locator, description: string) {
  // A tap on a chip lands on its radio, which covers the chip's face.
  for (const choice of ['Scaffold', 'Hazard', 'Serious']) {
    const radio = form.getByRole('radio', { name: choice });
    await radio.click();
    await expect.poll(() => radio.isChecked()).toBe(true);
  }
  await form.getByRole('textbox', { name: /^Description/ }).fill(description);
}

const reportsWith = async (description: string) =>
  (await (await admin()).db.collection('safetyReports').where('description', '==', description).get()).docs;

describe('reporting a danger', () => {
  it('reaches the site’s foreman within seconds, and the reporter sees it acknowledged live', async () => {
    const { phone, page, form } = await openReportForm('Jan Testowy');
    const { db } = await admin();
    const description = `Loose planks on level 3, e2e ${randomUUID().slice(0, 8)}`;
    await fillReport(form, description);
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

  it('made with no signal, waits on the phone and is sent once when the signal returns', async () => {
    // The foreman's inbox is open first, in Polish, and waits for the report live.
    const desk = await newContext(browser);
    const foreman = await desk.newPage();
    await signIn(foreman, 'foreman@example.com');
    await foreman.goto(`${APP_URL}/notifications`);

    const { phone, page, form } = await openReportForm('Ola Bezzasięgu');
    const description = `Gas smell by the container, offline e2e ${randomUUID().slice(0, 8)}`;
    await fillReport(form, description);
    await phone.setOffline(true);
    await form.getByText('No connection', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('heading', { name: 'Saved on this phone' }).waitFor({ timeout: LIVE_MS });
    // Nothing reached the server; on the phone it is one sealed record whose text cannot be read.
    expect(await reportsWith(description)).toHaveLength(0);
    expect(await storedOutbox(page, description, 'safety-outbox')).toEqual({
      count: 1,
      isSealed: true,
      showsText: false,
    });

    // The signal returns: the report goes by itself, and the screen says when and to how many.
    await phone.setOffline(false);
    const sent = page.getByText(/^Reported at \d{1,2}:\d{2}.*, sent to \d+ people$/);
    await sent.waitFor({ timeout: 30_000 });
    const [report, ...more] = await reportsWith(description);
    if (!report) throw new Error('no report');
    reportIds.push(report.id);
    expect(more).toHaveLength(0);
    expect(report.get('readers')).toContain('u-foreman');
    // The foreman's inbox shows it within seconds, in his language.
    await foreman
      .getByText(`Zgłoszenie zagrożenia na budowie ${SITE}: Rusztowanie (Poważne)`)
      .first()
      .waitFor({ timeout: LIVE_MS });

    // The worker's own reports, under a fresh form, list it with its page.
    await page.getByRole('button', { name: 'Report another' }).click();
    await page.getByRole('button', { name: 'Your reports' }).click();
    const mine = page.getByRole('list', { name: 'Your reports' });
    await mine.locator(`a[href="/safety/${report.id}"]`).waitFor({ timeout: LIVE_MS });

    // Further reconnections send nothing again: nothing of it is left on the phone.
    await phone.setOffline(true);
    await phone.setOffline(false);
    expect((await storedOutbox(page, description, 'safety-outbox')).count).toBe(0);
    expect(await reportsWith(description)).toHaveLength(1);
    await phone.close();
    await desk.close();
  });
});
