// Worker data on the work-management board, in a real browser: the workers live on the local
// monday.com board (scripts/fake-monday) that `npm start` runs too; the functions read the board's
// read model in Firestore and write a staff edit to the board first. Changes made on the board
// reach the app through its webhooks, sent as monday sends an app's webhooks (a signed JWT with
// aud = the endpoint) to the functions emulator. The UI runs in English.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
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

/** A change made on the board by a person (the fake board's admin endpoint): it sends the webhook. */
async function changeOnBoard(itemId: string, action: string, body?: unknown) {
  const response = await fetch(`${BOARD}/admin/items/${itemId}/${action}`, {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { status: number | null; type: string };
}

async function setBoardFaults(faults: unknown[]) {
  await fetch(`${BOARD}/admin/faults`, { method: 'POST', body: JSON.stringify({ faults }) });
}

/** The Admin SDK on the local suite: what the server really stored (null: no such worker). */
async function storedWorkerOf(id: string) {
  Object.assign(process.env, emulatorEnv());
  const { adminDb } = await import('../functions/src/firebase.js');
  return (await adminDb().doc(`workers/${id}`).get()).data() ?? null;
}
const storedWorker = async () => (await storedWorkerOf(WORKER_ID)) ?? {};

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

// A test that fails half-way must not leave its faults to the next one.
afterEach(() => setBoardFaults([]));

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
    await setBoardFaults([{ kind: 'rate-limit', times: 50, on: 'mutation' }]);
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

  it('a change made on the board reaches the app through its signed webhook', async () => {
    const sent = await changeOnBoard(WORKER_ID, 'columns', {
      columnId: 'text_location',
      value: 'Täby, Sweden',
    });
    expect(sent).toMatchObject({ type: 'update_column_value', status: 200 });
    await expect.poll(async () => (await storedWorker()).location, { timeout: 30_000 }).toBe('Täby, Sweden');
    await page.reload();
    await expect.poll(() => page.getByText('Täby, Sweden').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Put the seed's value back the same way.
    await changeOnBoard(WORKER_ID, 'columns', { columnId: 'text_location', value: 'Stockholm, Sweden' });
    await expect
      .poll(async () => (await storedWorker()).location, { timeout: 30_000 })
      .toBe('Stockholm, Sweden');
  });

  it('a worker archived on the board leaves the directory, and comes back when restored', async () => {
    const archived = await changeOnBoard('w-2001', 'archive');
    expect(archived).toMatchObject({ type: 'archive_pulse', status: 200 });
    await expect.poll(() => storedWorkerOf('w-2001'), { timeout: 30_000 }).toBeNull();
    const restored = await changeOnBoard('w-2001', 'restore');
    expect(restored).toMatchObject({ type: 'restore_pulse', status: 200 });
    await expect
      .poll(async () => (await storedWorkerOf('w-2001'))?.name, { timeout: 30_000 })
      .toBe('Tomasz Zieliński');
  });
});

describe('a manager edits a board field from its labels', () => {
  let manager: Page;

  beforeAll(async () => {
    const context = await newContext(browser, 'desktop');
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    manager = await context.newPage();
    await signIn(manager, 'manager@example.com');
  });

  async function chooseJacket(size: string) {
    await manager.goto(`${new URL(manager.url()).origin}/admin/profile/u-worker`);
    await manager.getByRole('button', { name: 'Edit worker details' }).click();
    const dialog = manager.getByRole('dialog');
    const jacket = dialog.getByLabel('Jacket', { exact: true });
    await jacket.selectOption(size);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  }

  afterAll(async () => {
    if ((await storedWorker()).jacketSize !== 'L') await chooseJacket('L');
  });

  it('the Jacket field (a status column) offers the board’s labels, and the chosen one is written to the board', async () => {
    await manager.goto(`${new URL(manager.url()).origin}/admin/profile/u-worker`);
    await manager.getByRole('button', { name: 'Edit worker details' }).click();
    const jacket = manager.getByRole('dialog').getByLabel('Jacket', { exact: true });
    const options = await jacket.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']));
    expect(await jacket.inputValue()).toBe('L');
    await manager.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await chooseJacket('XXL');
    expect(await boardText(WORKER_ID, 'status_jacket')).toBe('XXL');
    expect((await storedWorker()).jacketSize).toBe('XXL');
  });
});
