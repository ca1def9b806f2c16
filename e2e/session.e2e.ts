// The session timeout in a real browser, on the app as it is built (15 minutes, a warning in the last
// minute): the browser's clock is Playwright's (context.clock), moved forward instead of waited for.
// The sign-out tests disable the seed account worker2@example.com and enable it again in afterAll.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from '../functions/src/domain/constants.js';
import { emulatorEnv } from '../scripts/emulators.mjs';
import { signIn, submitLogin } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import { type TestWorker, createTestWorker, deleteTestWorker } from './live-fixtures.js';
import {
  databases,
  hasAccountKey,
  fillWorkHours,
  outboxEntry,
  storedOutbox,
  submitOffline,
  ticketsWith,
} from './outbox-actions.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);

/** A browser context whose pages run on a clock the test can move forward (it flows on by itself too). */
async function contextWithClock(): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.clock.install();
  return context;
}

/** Moves the pages' clock past the session's end: the one-second check then signs out. */
function outliveSession(context: BrowserContext) {
  return context.clock.fastForward(SESSION_TIMEOUT_MS + 2_000);
}

/** The Admin SDK on the local suite. */
async function admin() {
  Object.assign(process.env, emulatorEnv());
  const { adminDb, adminAuth } = await import('../functions/src/firebase.js');
  return { db: adminDb(), auth: adminAuth() };
}

const DISABLED_UID = 'u-worker2';

let timedOutWorker: TestWorker | null = null;

afterAll(async () => {
  await browser?.close();
  if (timedOutWorker) await deleteTestWorker(timedOutWorker);
  // Put the seed back for the e2e files that run after this one.
  const { db, auth } = await admin();
  await auth.updateUser(DISABLED_UID, { disabled: false });
  await db.collection('users').doc(DISABLED_UID).set({ disabled: false }, { merge: true });
});

const dialog = (page: Page) => page.getByRole('dialog');
const expiresAt = (page: Page) => page.evaluate(() => Number(localStorage.getItem('sessionExpiresAt')));

describe('session timeout across two tabs', () => {
  it('warns in the last minute, extends on "stay logged in", and signs out both tabs at zero', async () => {
    const context = await contextWithClock();
    const first = await context.newPage();
    await signIn(first, 'worker@example.com');
    const second = await context.newPage();
    await second.goto(`${APP_URL}/profile`);
    await second.waitForURL(`${APP_URL}/profile`);
    await expect.poll(() => expiresAt(second)).toBe(await expiresAt(first));

    // Into the last minute: the warning shows in both tabs.
    await context.clock.fastForward(SESSION_TIMEOUT_MS - SESSION_WARNING_MS + 5_000);
    await expect.poll(() => dialog(first).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => dialog(second).count(), { timeout: 5_000 }).toBe(1);
    expect(await first.getByRole('progressbar').count()).toBeGreaterThan(0);

    const before = await expiresAt(first);
    await first.getByRole('button', { name: 'Pozostań zalogowany' }).click();
    await expect.poll(() => expiresAt(first)).toBeGreaterThan(before + 5_000);
    // The other tab takes the later expiry and closes its warning too.
    await expect.poll(() => expiresAt(second)).toBe(await expiresAt(first));
    await expect.poll(() => dialog(second).count(), { timeout: 5_000 }).toBe(0);

    // Left alone, the extended session runs out: both tabs go to /login.
    await outliveSession(context);
    await first.waitForURL(`${APP_URL}/login`, { timeout: 15_000 });
    await second.waitForURL(`${APP_URL}/login`, { timeout: 15_000 });
    expect(await first.evaluate(() => localStorage.getItem('sessionExpiresAt'))).toBeNull();
    await context.close();
  }, 90_000);
});

/** The page's own clock (Playwright's, ahead of this process's once moved forward). */
const pageNow = (page: Page) => page.evaluate(() => Date.now());

/** Signs in from the login page the tab shows and says when, by the page's clock. */
async function signInHere(page: Page, email: string) {
  await page.waitForURL(`${APP_URL}/login`);
  const startedAt = await pageNow(page);
  await submitLogin(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  return { startedAt, signedInAt: await pageNow(page) };
}

/** A fresh session counts the whole timeout from this sign-in. */
async function expectFreshSession(
  context: BrowserContext,
  page: Page,
  sign: { startedAt: number; signedInAt: number },
) {
  await expect.poll(() => expiresAt(page)).toBeGreaterThanOrEqual(sign.startedAt + SESSION_TIMEOUT_MS);
  expect(await expiresAt(page)).toBeLessThanOrEqual((await pageNow(page)) + SESSION_TIMEOUT_MS);
  // ...and the new user is not signed out at once: the one-second check runs for a while, by the clock.
  await context.clock.runFor(5_000);
  expect(new URL(page.url()).pathname).not.toBe('/login');
  expect(await expiresAt(page)).toBeGreaterThanOrEqual(sign.startedAt + SESSION_TIMEOUT_MS);
}

describe('a sign-in after the previous user left the same tab', () => {
  it('starts a fresh session after a sign-out that was no session end (account disabled)', async () => {
    const context = await contextWithClock();
    const page = await context.newPage();
    await signIn(page, 'worker2@example.com');
    await expect.poll(() => expiresAt(page)).toBeGreaterThan(0);
    const firstExpiry = await expiresAt(page);
    // A reload makes this a restored sign-in, which goes on with the stored session.
    await page.reload();
    await page.waitForURL(`${APP_URL}/profile`);
    await page.locator('.app-sider').waitFor();
    expect(await expiresAt(page)).toBe(firstExpiry);

    // Let the session age, so a resumed one cannot pass for a fresh one.
    await context.clock.fastForward(5 * 60_000);
    // What the setAccountStatus callable does to disable an account.
    const { db, auth } = await admin();
    await auth.updateUser(DISABLED_UID, { disabled: true });
    await auth.revokeRefreshTokens(DISABLED_UID);
    await db.collection('users').doc(DISABLED_UID).set({ disabled: true }, { merge: true });
    // The app checks the account by refreshing the token every 5 minutes, when coming back online and when
    // the tab becomes visible again; the test takes the last path instead of waiting.
    expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForURL(`${APP_URL}/login`, { timeout: 20_000 });
    // The session did not end this sign-in: its expiry is still stored.
    expect(await expiresAt(page)).toBe(firstExpiry);

    const sign = await signInHere(page, 'worker@example.com');
    await expectFreshSession(context, page, sign);
    expect(await expiresAt(page)).toBeGreaterThan(firstExpiry);
    await context.close();
  }, 90_000);

  it('starts a fresh session after the previous one ran out', async () => {
    const context = await contextWithClock();
    const page = await context.newPage();
    await signIn(page, 'worker@example.com');
    await page.reload();
    await page.waitForURL(`${APP_URL}/profile`);
    await page.locator('.app-sider').waitFor();
    await outliveSession(context);
    await page.waitForURL(`${APP_URL}/login`, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('sessionExpiresAt'))).toBeNull();

    const sign = await signInHere(page, 'foreman@example.com');
    await expectFreshSession(context, page, sign);
    await context.close();
  }, 90_000);
});

describe('what a worker leaves on the phone through a session timeout', () => {
  it('keeps a ticket queued offline and a draft, sealed, and gives them back to the same worker', async () => {
    timedOutWorker = await createTestWorker('Timed-out Worker');
    const worker = timedOutWorker;
    const context = await contextWithClock();
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    await signIn(page, worker.email);
    await page.goto(`${APP_URL}/ticket-history`);
    await page.getByRole('heading', { name: 'Ticket history' }).waitFor({ timeout: 20_000 });
    // The device key comes a moment after sign-in, while there is a connection.
    await expect.poll(() => hasAccountKey(page), { timeout: 20_000 }).toBe(true);

    // On the site: no signal, the ticket goes to the outbox; then another form is started as a draft.
    const queued = `Missing hours, queued before a timeout ${worker.uid}`;
    await fillWorkHours(page, queued);
    await submitOffline(context, page, APP_URL);
    await outboxEntry(page, queued).waitFor({ timeout: 10_000 });
    const drafted = `A draft typed before a timeout ${worker.uid}`;
    await fillWorkHours(page, drafted);
    await page.getByText(/kept on this device as a draft/).waitFor({ timeout: 10_000 });

    // The session runs out (still offline): the key goes, the sealed outbox and draft stay.
    await outliveSession(context);
    await page.waitForURL(`${APP_URL}/login`, { timeout: 15_000 });
    await expect.poll(() => databases(page), { timeout: 10_000 }).not.toContain('device-keys');
    expect(await databases(page)).toEqual(expect.arrayContaining(['ticket-outbox', 'ticket-drafts']));
    expect(await storedOutbox(page, queued)).toEqual({ count: 1, isSealed: true, showsText: false });
    expect(await ticketsWith(worker.uid, queued)).toHaveLength(0);

    // Signal again, the same worker signs in: the ticket is sent, once, and the draft is back.
    await context.setOffline(false);
    // Without the service worker (blocked in this suite) the login screen's code could not load offline.
    await page.reload();
    await signInHere(page, worker.email);
    await page.getByText(/^Ticket T-\d{4}-\d{4,6} was sent\.$/).waitFor({ timeout: 30_000 });
    await expect.poll(() => ticketsWith(worker.uid, queued).then((found) => found.length)).toBe(1);
    await page.goto(`${APP_URL}/new-ticket/workhours/missingHours`);
    await page.getByText('Draft restored').waitFor({ timeout: 20_000 });
    expect(await page.locator('#ticket-description').inputValue()).toBe(drafted);
    await context.close();
  }, 120_000);
});
