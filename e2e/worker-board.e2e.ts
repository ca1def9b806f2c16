// Worker data on the work-management board (issue 17), in a real browser: the workers live on the
// local monday.com board (scripts/fake-monday) that `npm start` runs too; the functions read the
// board's read model in Firestore and write a staff edit to the board first. The UI runs in English.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorEnv } from '../scripts/emulators.mjs';
import { signIn } from './app-actions.js';
import { launchBrowser, newContext } from './browser.js';

const WORKER_ID = 'w-1001';
const BOARD = inject('mondayBoardUrl').replace(/\/v2$/, '');

let browser: Browser;
let page: Page;

/** The board's own copy of an item's column (the fake board's admin endpoint). */
async function boardText(itemId: string, columnId: string): Promise<string> {
  const response = await fetch(`${BOARD}/admin/items/${itemId}`);
  const item = (await response.json()) as { columns: Record<string, { text: string }> };
  return item.columns[columnId]?.text ?? '';
}

async function setBoardFaults(faults: unknown[]) {
  await fetch(`${BOARD}/admin/faults`, { method: 'POST', body: JSON.stringify({ faults }) });
}

/** The Admin SDK on the local suite: what the server really stored. */
async function storedWorker() {
  Object.assign(process.env, emulatorEnv());
  const { adminDb } = await import('../functions/src/firebase.js');
  return (await adminDb().doc(`workers/${WORKER_ID}`).get()).data() ?? {};
}

async function editLocation(value: string) {
  await page.getByRole('button', { name: 'Edit worker details' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Location', { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  return dialog;
}

beforeAll(async () => {
  expect(BOARD, 'the e2e suite runs the local board').not.toBe('');
  browser = await launchBrowser();
  const context = await newContext(browser, 'desktop');
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  page = await context.newPage();
  await signIn(page, 'admin@example.com');
});

afterAll(async () => {
  await setBoardFaults([]);
  // Put the seed back, through the board like any edit.
  if ((await storedWorker()).location !== 'Stockholm, Sweden') {
    await page.goto(`${new URL(page.url()).origin}/admin/profile/u-worker`);
    const dialog = await editLocation('Stockholm, Sweden');
    await dialog.waitFor({ state: 'detached' });
  }
  await browser?.close();
});

describe('worker data from the monday.com board', () => {
  it('shows staff how fresh the board data is and writes an edit to the board, then the read model', async () => {
    await page.goto(`${new URL(page.url()).origin}/admin/profile/u-worker`);
    await expect.poll(() => page.getByText(/^Work board data as of /).count(), { timeout: 15_000 }).toBe(1);
    expect(await boardText(WORKER_ID, 'text_location')).toBe('Stockholm, Sweden');

    const dialog = await editLocation('Nacka, Sweden');
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    expect(await boardText(WORKER_ID, 'text_location')).toBe('Nacka, Sweden');
    expect((await storedWorker()).location).toBe('Nacka, Sweden');
    await expect.poll(() => page.getByText('Nacka, Sweden').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('refuses an edit while the board is down, keeps what was typed and writes nothing', async () => {
    await setBoardFaults([{ kind: 'server-error', times: 50, on: 'mutation' }]);
    const dialog = await editLocation('Solna, Sweden');
    await expect
      .poll(() => dialog.getByText(/cannot be reached right now/).count(), { timeout: 45_000 })
      .toBe(1);
    expect(await dialog.getByLabel('Location', { exact: true }).inputValue()).toBe('Solna, Sweden');
    expect(await boardText(WORKER_ID, 'text_location')).toBe('Nacka, Sweden');
    expect((await storedWorker()).location).toBe('Nacka, Sweden');

    // The board is back: the same dialog saves what was typed.
    await setBoardFaults([]);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await boardText(WORKER_ID, 'text_location')).toBe('Solna, Sweden');
    expect((await storedWorker()).location).toBe('Solna, Sweden');
  });
});
