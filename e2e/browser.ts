import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export const APP_URL = 'http://127.0.0.1:5000';

/** Debian's Chromium, headless, with no background traffic (the machine has no internet). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

/** A live read the rules refused, as the Firestore SDK or the app reports it in the console. */
const PERMISSION_DENIED = /permission-denied|PERMISSION_DENIED|Missing or insufficient permissions/;
const denials: string[] = [];

/**
 * The permission refusals pages logged since the last call, and forgets them: e2e/console-guard.ts fails
 * every test after which this is not empty (a screen whose live read the rules refuse).
 */
export function takePermissionDenials(): string[] {
  return denials.splice(0);
}

/**
 * A fresh profile (own storage) sized like a phone or a desktop; its console is watched for refusals.
 * The service worker is blocked unless `serviceWorker` is set: most tests watch the network as the
 * page makes it, which the worker's precache would answer instead.
 */
export async function newContext(
  browser: Browser,
  size: 'phone' | 'desktop' = 'desktop',
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<BrowserContext> {
  const viewport = size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport, serviceWorkers: serviceWorker ? 'allow' : 'block' });
  context.on('console', (message) => {
    const text = message.text();
    if (PERMISSION_DENIED.test(text)) denials.push(`${message.page()?.url() ?? '?'}: ${text}`);
  });
  context.on('weberror', (error) => {
    const text = String(error.error());
    if (PERMISSION_DENIED.test(text)) denials.push(`${error.page()?.url() ?? '?'} (uncaught): ${text}`);
  });
  return context;
}

/** Waits until the service worker controls `page` (on a first visit, once it has installed). */
export async function untilControlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

/** Moves inside the app to `path` without a reload, as a tap on one of its links does. */
export async function moveInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
