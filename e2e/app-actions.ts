import type { Page } from 'playwright-core';
import { APP_URL } from './browser.js';

export const PASSWORD = 'Demo-pass-1';

/** Fills the Polish (default) or current-language login form and submits it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Signs in from /login and waits until the app has left the login page. */
export async function signIn(page: Page, email: string, origin = APP_URL) {
  await page.goto(`${origin}/login`);
  await submitLogin(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** Texts of the sidebar menu entries (links; the disabled ones without href), in order, with their disabled state. */
export function menuEntries(page: Page) {
  return page
    .locator('.app-sider')
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((items) =>
      items.map((item) => ({
        text: item.textContent?.trim() ?? '',
        isDisabled: item.getAttribute('aria-disabled') === 'true',
      })),
    );
}
