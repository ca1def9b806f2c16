// The session timeout in a real browser, with a build whose timeout is shortened through the
// test-only VITE_SESSION_TIMEOUT_MS (the product constant stays 15 minutes).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/emulators.mjs';
import { signIn } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';
import { serveBuild } from './static-server.js';

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

afterAll(async () => {
  await browser?.close();
  await server?.close();
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
