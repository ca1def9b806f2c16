// The session timeout in a real browser, with a build whose timeout is shortened through the
// test-only VITE_SESSION_TIMEOUT_MS (the product constant stays 15 minutes).
// The sign-out tests disable the seed account worker2@example.com and enable it again in afterAll.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, emulatorEnv } from '../scripts/emulators.mjs';
import { signIn, submitLogin } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import { serveBuild } from './static-server.js';
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

const TIMEOUT_MS = 70_000;
const OUT_DIR = path.join(ROOT, 'web', 'dist-e2e-session');

let browser: Browser;
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir'], {
    cwd: path.join(ROOT, 'web'),
    env: { ...process.env, VITE_SESSION_TIMEOUT_MS: String(TIMEOUT_MS) },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`short-session build failed: ${build.stderr}`);
  server = await serveBuild(OUT_DIR, APP_URL);
  browser = await launchBrowser();
}, 120_000);

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
  await server?.close();
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
    const context = await newContext(browser);
    const first = await context.newPage();
    await signIn(first, 'worker@example.com', server.origin);
    const second = await context.newPage();
    await second.goto(`${server.origin}/profile`);
    await second.waitForURL(`${server.origin}/profile`);

    // 70 s session, warning in the last 60 s: the dialog shows about 10 s after sign-in, in both tabs.
    await expect.poll(() => dialog(first).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => dialog(second).count(), { timeout: 5_000 }).toBe(1);
    expect(await first.getByRole('progressbar').count()).toBeGreaterThan(0);

    const before = await expiresAt(first);
    await first.getByRole('button', { name: 'Pozostań zalogowany' }).click();
    await expect.poll(() => expiresAt(first)).toBeGreaterThan(before + 5_000);
    // The other tab takes the later expiry and closes its warning too.
    await expect.poll(() => expiresAt(second)).toBe(await expiresAt(first));
    await expect.poll(() => dialog(second).count(), { timeout: 5_000 }).toBe(0);

    // Left alone, the extended session runs out: both tabs go to /login.
    await first.waitForURL(`${server.origin}/login`, { timeout: TIMEOUT_MS + 15_000 });
    await second.waitForURL(`${server.origin}/login`, { timeout: 15_000 });
    expect(await first.evaluate(() => localStorage.getItem('sessionExpiresAt'))).toBeNull();
    await context.close();
  }, 150_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs in from the login page the tab shows and says when (node and browser share the clock). */
async function signInHere(page: Page, email: string) {
  await page.waitForURL(`${server.origin}/login`);
  const startedAt = Date.now();
  await submitLogin(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  return { startedAt, signedInAt: Date.now() };
}

/** A fresh session counts the whole (short) timeout from this sign-in. */
async function expectFreshSession(page: Page, sign: { startedAt: number; signedInAt: number }) {
  await expect.poll(() => expiresAt(page)).toBeGreaterThanOrEqual(sign.startedAt + TIMEOUT_MS);
  expect(await expiresAt(page)).toBeLessThanOrEqual(Date.now() + TIMEOUT_MS);
  // ...and the new user is not signed out at once.
  await sleep(4_000);
  expect(new URL(page.url()).pathname).not.toBe('/login');
  expect(await expiresAt(page)).toBeGreaterThanOrEqual(sign.startedAt + TIMEOUT_MS);
}

describe('a sign-in after the previous user left the same tab', () => {
  it('starts a fresh session after a sign-out that was no session end (account disabled)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'worker2@example.com', server.origin);
    await expect.poll(() => expiresAt(page)).toBeGreaterThan(0);
    const firstExpiry = await expiresAt(page);
    // A reload makes this a restored sign-in, which goes on with the stored session.
    await page.reload();
    await page.waitForURL(`${server.origin}/profile`);
    await page.locator('.app-sider').waitFor();
    expect(await expiresAt(page)).toBe(firstExpiry);

    // Let the session age, so a resumed one cannot pass for a fresh one.
    await sleep(15_000);
    // What the setAccountStatus callable does to disable an account.
    const { db, auth } = await admin();
    await auth.updateUser(DISABLED_UID, { disabled: true });
    await auth.revokeRefreshTokens(DISABLED_UID);
    await db.collection('users').doc(DISABLED_UID).set({ disabled: true }, { merge: true });
    // The app checks the account by refreshing the token every 5 minutes, when coming back online and when
    // the tab becomes visible again; the test takes the last path instead of waiting.
    expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForURL(`${server.origin}/login`, { timeout: 20_000 });
    // The session did not end this sign-in: its expiry is still stored.
    expect(await expiresAt(page)).toBe(firstExpiry);

    const sign = await signInHere(page, 'worker@example.com');
    await expectFreshSession(page, sign);
    expect(await expiresAt(page)).toBeGreaterThan(firstExpiry);
    await context.close();
  }, 90_000);

  it('starts a fresh session after the previous one ran out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'worker@example.com', server.origin);
    await page.reload();
    await page.waitForURL(`${server.origin}/profile`);
    await page.waitForURL(`${server.origin}/login`, { timeout: TIMEOUT_MS + 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('sessionExpiresAt'))).toBeNull();

    const sign = await signInHere(page, 'foreman@example.com');
    await expectFreshSession(page, sign);
    await context.close();
  }, 150_000);
});

describe('what a worker leaves on the phone through a session timeout', () => {
  it('keeps a ticket queued offline and a draft, sealed, and gives them back to the same worker', async () => {
    timedOutWorker = await createTestWorker('Timed-out Worker');
    const worker = timedOutWorker;
    const context = await newContext(browser);
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    await signIn(page, worker.email, server.origin);
    await page.goto(`${server.origin}/ticket-history`);
    await page.getByRole('heading', { name: 'Ticket history' }).waitFor({ timeout: 20_000 });
    // The device key comes a moment after sign-in, while there is a connection.
    await expect.poll(() => hasAccountKey(page), { timeout: 20_000 }).toBe(true);

    // On the site: no signal, the ticket goes to the outbox; then another form is started as a draft.
    const queued = `Missing hours, queued before a timeout ${worker.uid}`;
    await fillWorkHours(page, queued);
    await submitOffline(context, page, server.origin);
    await outboxEntry(page, queued).waitFor({ timeout: 10_000 });
    const drafted = `A draft typed before a timeout ${worker.uid}`;
    await fillWorkHours(page, drafted);
    await page.getByText(/kept on this device as a draft/).waitFor({ timeout: 10_000 });

    // The session runs out (still offline): the key goes, the sealed outbox and draft stay.
    await page.waitForURL(`${server.origin}/login`, { timeout: TIMEOUT_MS + 15_000 });
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
    await page.goto(`${server.origin}/new-ticket/workhours/missingHours`);
    await page.getByText('Draft restored').waitFor({ timeout: 20_000 });
    expect(await page.locator('#ticket-description').inputValue()).toBe(drafted);
    await context.close();
  }, 180_000);
});
