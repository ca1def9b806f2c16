import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuEntries, signIn, submitLogin } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(size: 'phone' | 'desktop' = 'desktop') {
  const context = await newContext(browser, size);
  return { context, page: await context.newPage() };
}

describe('sign-in and routing', () => {
  it('sends a visitor of /ticket-history to /login and back there after signing in', async () => {
    const { context, page } = await freshPage('phone');
    await page.goto(`${APP_URL}/ticket-history`);
    await page.waitForURL(`${APP_URL}/login`);
    expect(await page.evaluate(() => sessionStorage.getItem('intendedPath'))).toBe('/ticket-history');
    await submitLogin(page, 'worker@example.com');
    await page.waitForURL(`${APP_URL}/ticket-history`, { timeout: 20_000 });
    await context.close();
  });

  it('shows the sidebar entries in the product order with two disabled ones', async () => {
    const { context, page } = await freshPage();
    await signIn(page, 'worker@example.com');
    await expect
      .poll(() => menuEntries(page))
      .toEqual([
        { text: 'Profil', isDisabled: false },
        { text: 'Nowe zgłoszenie', isDisabled: false },
        { text: 'Historia zgłoszeń', isDisabled: false },
        { text: 'Powiadomienia', isDisabled: false },
        { text: 'Dokumenty', isDisabled: true },
        { text: 'Poczta', isDisabled: true },
        { text: 'Zgłoś zagrożenie', isDisabled: false },
        { text: 'Zgłoś błąd', isDisabled: false },
      ]);
    await page.locator('.app-sider').getByRole('link', { name: 'Dokumenty' }).click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/profile');
    await context.close();
  });

  it.each([
    ['manager@example.com', ['Panel administracyjny', 'Zarządzanie użytkownikami']],
    ['admin@example.com', ['Panel administracyjny', 'Zarządzanie użytkownikami', 'Diagnostyka']],
  ])('shows the admin section to %s', async (email, adminEntries) => {
    const { context, page } = await freshPage();
    await signIn(page, email);
    // Ten main entries for a manager and up: with the ticket queue and the safety reports.
    await expect
      .poll(async () => (await menuEntries(page)).slice(10).map((e) => e.text))
      .toEqual(adminEntries);
    await expect.poll(() => page.getByText('Administracja').count()).toBe(1);
    await context.close();
  });

  it.each([
    ['worker@example.com', 8],
    ['foreman@example.com', 9],
  ])('hides the admin section from %s', async (email, count) => {
    const { context, page } = await freshPage();
    await signIn(page, email);
    await expect.poll(async () => (await menuEntries(page)).length).toBe(count);
    expect(await page.getByText('Administracja').count()).toBe(0);
    await context.close();
  });

  it('redirects a manager from /admin/debug to /profile but lets them open /admin/users', async () => {
    const { context, page } = await freshPage();
    await signIn(page, 'manager@example.com');
    await page.goto(`${APP_URL}/admin/debug`);
    await page.waitForURL(`${APP_URL}/profile`);
    await page.goto(`${APP_URL}/admin/users`);
    await expect.poll(() => page.getByRole('heading', { name: 'Zarządzanie użytkownikami' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { context, page } = await freshPage();
    await signIn(page, 'worker@example.com');
    await page.goto(`${APP_URL}/no/such/page`);
    // The page's own chunk loads after the signed-in shell: wait for it, not a second (the poll's default).
    await page.getByText('Nie znaleziono strony').waitFor({ timeout: 20_000 });
    expect(await page.getByText('Nie znaleziono strony').count()).toBe(1);
    await context.close();
  });
});

describe('sign-in errors', () => {
  it.each([
    ['pl', 'Nieprawidłowy e-mail lub hasło'],
    ['en', 'Invalid email or password'],
    ['ru', 'Неверный e-mail или пароль'],
  ])('says so for a wrong password in %s', async (language, text) => {
    const { context, page } = await freshPage('phone');
    await page.goto(`${APP_URL}/login`);
    const names = { pl: 'PL – Polski', en: 'EN – English', ru: 'RU – Русский' } as const;
    await page.getByRole('button', { name: names[language as keyof typeof names] }).click();
    await submitLogin(page, 'worker@example.com', 'wrong-password');
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toContain(text);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('refuses the disabled account with its own text', async () => {
    const { context, page } = await freshPage('phone');
    await page.goto(`${APP_URL}/login`);
    await submitLogin(page, 'disabled@example.com');
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('To konto zostało zablokowane. Skontaktuj się z pomocą techniczną.');
    await context.close();
  });
});

describe('preferences', () => {
  it('keeps the language choice across a reload', async () => {
    const { context, page } = await freshPage('phone');
    await page.goto(`${APP_URL}/login`);
    await page.getByRole('button', { name: 'EN – English' }).click();
    await expect.poll(() => page.getByText('Welcome! Sign in').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByText('Welcome! Sign in').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('keeps the dark theme across a reload', async () => {
    const { context, page } = await freshPage();
    await signIn(page, 'worker@example.com');
    await page.getByRole('switch', { name: 'Ciemny motyw' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.getByRole('switch', { name: 'Ciemny motyw' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await context.close();
  });

  it('works on a 360 px phone: the menu opens as a drawer', async () => {
    const { context, page } = await freshPage('phone');
    await signIn(page, 'worker@example.com');
    expect(await page.locator('.app-sider').count()).toBe(0);
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu główne' })
      .getByRole('link', { name: 'Historia zgłoszeń' })
      .click();
    await page.waitForURL(`${APP_URL}/ticket-history`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });
});
