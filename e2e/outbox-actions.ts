// What the outbox browser tests do (outbox.e2e.ts, and the session timeout in session.e2e.ts): open a
// form through the app's own links (so its screen is loaded while online: the suite blocks the service
// worker that serves screens offline in real use), fill a work-hours ticket, submit it offline, and look
// at the outbox in the history and on the device.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './app-actions.js';
import { APP_URL, newContext } from './browser.js';
import { type TestWorker, admin } from './live-fixtures.js';

export const WAITING = 'Waiting for connection';
export const OUTBOX = 'Waiting to be sent';

/** The tickets of `uid` on the server with this description. */
export async function ticketsWith(uid: string, description: string) {
  const { db } = await admin();
  const found = await db.collection('tickets').where('createdBy', '==', uid).get();
  return found.docs.filter((doc) => doc.get('description') === description);
}

/** Signs `worker` in on a new desktop context, in English, and opens the history (loaded while online). */
export async function openHistoryAs(
  browser: Browser,
  worker: TestWorker,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, 'desktop');
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  await signIn(page, worker.email);
  await page.goto(`${APP_URL}/ticket-history`);
  await page.getByRole('heading', { name: 'Ticket history' }).waitFor({ timeout: 20_000 });
  return { context, page };
}

/** Opens a category's form through the app's own links (loading its screen while online). */
export async function openForm(page: Page, category: string, subcategory: string) {
  await page.getByRole('link', { name: 'New ticket', exact: true }).first().click();
  await page.getByRole('link', { name: category, exact: true }).click();
  await page.getByRole('link', { name: subcategory, exact: true }).click();
  await page.locator('#ticket-description').waitFor({ timeout: 20_000 });
}

export async function fillWorkHours(page: Page, description: string) {
  await openForm(page, 'Work hours', 'Missing hours');
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
  await page.locator('#ticket-startDate').fill(today);
  await page.locator('#ticket-endDate').fill(today);
  await page.locator('#ticket-description').fill(description);
}

/** Submits with no connection and goes to the history through the "queued" screen's link. */
export async function submitOffline(context: BrowserContext, page: Page, origin: string) {
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await page.getByRole('heading', { name: WAITING }).waitFor({ timeout: 10_000 });
  await page.getByRole('link', { name: 'Ticket history' }).last().click();
  await page.waitForURL(`${origin}/ticket-history`);
}

export const outboxEntry = (page: Page, text: string) =>
  page.getByRole('list', { name: OUTBOX }).getByRole('listitem').filter({ hasText: text });

/**
 * The outbox records as the device holds them (the tickets' outbox unless `database` names another): how many, whether each is sealed (in the current
 * version, bound to its place), and whether any shows `plain` (a description) to whoever opens the
 * browser's storage.
 */
export function storedOutbox(page: Page, plain: string, database = 'ticket-outbox') {
  return page.evaluate(
    async ([text, name]) => {
      const open = indexedDB.open(name);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      if (!db.objectStoreNames.contains('entries')) {
        db.close();
        return { count: 0, isSealed: true, showsText: false };
      }
      const all = db.transaction('entries').objectStore('entries').getAll();
      const records = await new Promise<unknown[]>((resolve) => {
        all.onsuccess = () => resolve(all.result as unknown[]);
      });
      db.close();
      const bytesOf = (value: unknown): string =>
        Object.prototype.toString.call(value) === '[object ArrayBuffer]'
          ? new TextDecoder().decode(value as ArrayBuffer)
          : typeof value === 'object' && value !== null
            ? Object.values(value).map(bytesOf).join('')
            : String(value);
      return {
        count: records.length,
        isSealed: records.every((record) => (record as { sealed?: unknown }).sealed === 2),
        showsText: records.some((record) => bytesOf(record).includes(text)),
      };
    },
    [plain, database] as const,
  );
}

/** The names of this origin's IndexedDB databases. */
export function databases(page: Page) {
  return page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
}

/** Whether this origin holds the signed-in account's key (it seals drafts and the outbox for a later sign-in). */
export function hasAccountKey(page: Page) {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'device-keys')) return false;
    const open = indexedDB.open('device-keys');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('keys')) {
      db.close();
      return false;
    }
    const all = db.transaction('keys').objectStore('keys').getAllKeys();
    const ids = await new Promise<IDBValidKey[]>((resolve) => {
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    // Account keys are stored under the uid; the phone's own keys under `phone/<uid>`.
    return ids.some((id) => typeof id === 'string' && !id.startsWith('phone/'));
  });
}
