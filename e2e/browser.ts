import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
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

/** A fresh profile (own storage) sized like a phone or a desktop. */
export function newContext(browser: Browser, size: 'phone' | 'desktop' = 'desktop'): Promise<BrowserContext> {
  const viewport = size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
  return browser.newContext({ viewport, serviceWorkers: 'block' });
}
