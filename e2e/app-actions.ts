import type { Page } from 'playwright-core';
import { FUNCTIONS_REGION } from '../functions/src/domain/index.js';
import { PORTS, PROJECT_ID } from '../scripts/emulators.mjs';
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
        // The label only: the Notifications entry also holds the unread count.
        text: (item.querySelector('.sidebar-nav-label') ?? item).textContent?.trim() ?? '',
        isDisabled: item.getAttribute('aria-disabled') === 'true',
      })),
    );
}

/** An ID token from the Auth emulator, as the web SDK gets one at sign-in. */
export async function idTokenOf(email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** Calls a callable over HTTP the way the web SDK does. */
export async function callFunction<T>(name: string, idToken: string, data: unknown): Promise<T> {
  const response = await fetch(
    `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/${FUNCTIONS_REGION}/${name}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data }),
    },
  );
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!response.ok || body.result === undefined) throw new Error(`${name}: ${JSON.stringify(body)}`);
  return body.result;
}
