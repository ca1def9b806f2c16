// Administration in a real browser against the local suite: accounts, roles, refusals and the
// debug tools. The UI runs in English here (the language preference is set before the app loads).
// What the tests change in the seed (a role, a disabled account, a new account) is put back in
// afterAll, so the other e2e files see the seed as it was.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorEnv } from '../scripts/emulators.mjs';
import { PASSWORD, signIn, submitLogin } from './app-actions.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** The Admin SDK on the local suite: what the server really did. */
async function admin() {
  Object.assign(process.env, emulatorEnv());
  const { adminDb, adminAuth } = await import('../functions/src/firebase.js');
  return { db: adminDb(), auth: adminAuth() };
}

afterAll(async () => {
  await browser?.close();
  const { db, auth } = await admin();
  // Put the seed back: worker is a User again, worker2 enabled, the new account gone.
  await auth.setCustomUserClaims('u-worker', { role: 'user' });
  await db.collection('users').doc('u-worker').set({ role: 'user' }, { merge: true });
  await auth.updateUser('u-worker2', { disabled: false });
  await db.collection('users').doc('u-worker2').set({ disabled: false }, { merge: true });
  const created = await auth.getUserByEmail(NEW_WORKER_EMAIL).catch(() => null);
  if (created) {
    await auth.deleteUser(created.uid);
    await db.collection('users').doc(created.uid).delete();
  }
});

const NEW_WORKER_EMAIL = 'tomasz.zielinski@example.com';

/** A fresh browser profile with the UI in English. */
async function englishPage(
  size: 'phone' | 'desktop' = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size);
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  return { context, page: await context.newPage() };
}

async function auditEntries(action: string, targetField: string, value: string) {
  const { db } = await admin();
  const entries = await db.collection('auditLog').where('action', '==', action).get();
  return entries.docs.map((doc) => doc.data()).filter((entry) => entry.target?.[targetField] === value);
}

/** The oobCode of a password link, opened on this app's own action page. */
function actionPageUrl(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error(`no oobCode in ${link}`);
  return `${APP_URL}/handle-auth-action?mode=resetPassword&oobCode=${encodeURIComponent(code)}`;
}

describe('administration', () => {
  it('lets the manager create an account for a directory worker, who then sets a password and signs in', async () => {
    const { context, page } = await englishPage('phone');
    await signIn(page, 'manager@example.com');
    await page.goto(`${APP_URL}/admin/users`);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('Zielinski');
    await page.getByRole('link', { name: /Tomasz Zieli/ }).click();
    await page.waitForURL(`${APP_URL}/admin/profile/w-2001`);
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const linkBox = page.getByRole('textbox', { name: 'Password link' });
    await linkBox.waitFor({ timeout: 20_000 });
    const link = await linkBox.inputValue();
    await context.close();

    const { db, auth } = await admin();
    const account = await auth.getUserByEmail(NEW_WORKER_EMAIL);
    expect(account.customClaims?.role).toBe('user');
    const stored = await db.collection('users').doc(account.uid).get();
    expect(stored.data()).toMatchObject({ role: 'user', workerId: 'w-2001', email: NEW_WORKER_EMAIL });
    expect(await auditEntries('createAccount', 'uid', account.uid)).toHaveLength(1);

    const worker = await englishPage('phone');
    await worker.page.goto(actionPageUrl(link));
    await worker.page.locator('#new-password').fill('Fresh-pass-9');
    await worker.page.locator('#confirm-password').fill('Fresh-pass-9');
    await worker.page.getByRole('button', { name: 'Save password' }).click();
    await worker.page.getByText('Your new password is saved. You can sign in now.').waitFor();
    await worker.page.goto(`${APP_URL}/login`);
    await submitLogin(worker.page, NEW_WORKER_EMAIL, 'Fresh-pass-9');
    await worker.page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    await worker.context.close();
  });

  it('lets the admin promote worker@example.com to foreman, who then sees the tools category', async () => {
    const { context, page } = await englishPage();
    await signIn(page, 'admin@example.com');
    await page.goto(`${APP_URL}/admin/profile/u-worker`);
    await page.getByRole('button', { name: 'Edit role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').selectOption('foreman');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Role updated.').waitFor({ timeout: 20_000 });
    await context.close();

    const { db, auth } = await admin();
    expect((await auth.getUser('u-worker')).customClaims?.role).toBe('foreman');
    expect((await db.collection('users').doc('u-worker').get()).get('role')).toBe('foreman');
    const entries = await auditEntries('updateUserRole', 'uid', 'u-worker');
    expect(entries.at(-1)?.changes).toEqual({ role: { from: 'user', to: 'foreman' } });

    const worker = await englishPage();
    await signIn(worker.page, 'worker@example.com');
    await worker.page.goto(`${APP_URL}/new-ticket`);
    await worker.page.getByRole('link', { name: 'Tools', exact: true }).waitFor({ timeout: 20_000 });
    await worker.context.close();
  });

  it("refuses the manager's reset of the admin's password with a notice", async () => {
    const { context, page } = await englishPage();
    await signIn(page, 'manager@example.com');
    await page.goto(`${APP_URL}/admin/profile/u-admin`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText(/equal or higher role/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await page.getByRole('textbox', { name: 'Password link' }).count()).toBe(0);
    expect(await auditEntries('resetUserPassword', 'uid', 'u-admin')).toHaveLength(0);
    await context.close();
  });

  it('lets the admin disable worker2@example.com, who can then no longer sign in', async () => {
    const { context, page } = await englishPage();
    await signIn(page, 'admin@example.com');
    await page.goto(`${APP_URL}/admin/profile/u-worker2`);
    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable account' }).waitFor({ timeout: 20_000 });
    await context.close();

    const { auth } = await admin();
    expect((await auth.getUser('u-worker2')).disabled).toBe(true);
    const worker = await englishPage();
    await worker.page.goto(`${APP_URL}/login`);
    await submitLogin(worker.page, 'worker2@example.com', PASSWORD);
    await worker.page.getByText('This account has been disabled. Please contact support.').waitFor();
    expect(new URL(worker.page.url()).pathname).toBe('/login');
    await worker.context.close();
  });

  it('shows the admin their claims and effective permissions and saves the backend log level', async () => {
    const { context, page } = await englishPage();
    await signIn(page, 'admin@example.com');
    await page.goto(`${APP_URL}/admin/debug`);
    await page.getByRole('heading', { name: 'Security debug' }).waitFor();
    const row = page.getByRole('row', { name: /ACCESS_SPECIAL_CATEGORIES/ });
    await expect.poll(() => row.textContent()).toContain('Granted');
    const logLevel = page.getByRole('region', { name: 'Backend log level' });
    await logLevel.getByRole('combobox', { name: 'Log level' }).selectOption('info');
    await logLevel.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Log level saved. The functions use it within a minute.')
      .waitFor({ timeout: 20_000 });
    const { db } = await admin();
    await expect
      .poll(async () => (await db.doc('config/logging').get()).get('level'), { timeout: 20_000 })
      .toBe('info');
    await db.doc('config/logging').set({ level: 'error' }, { merge: true });
    await context.close();
  });

  it('stores a bug report sent from the sidebar link, with the page it came from', async () => {
    const { context, page } = await englishPage();
    await signIn(page, 'worker@example.com');
    await page.goto(`${APP_URL}/ticket-history`);
    await page.locator('.app-sider').getByRole('link', { name: 'Report a bug' }).click();
    await page.waitForURL(`${APP_URL}/report-bug`);
    await expect.poll(() => page.getByLabel('Page').inputValue()).toBe('/ticket-history');
    await page.getByLabel('What went wrong?').fill('The history list jumps when new tickets arrive, e2e');
    await page.getByLabel('Steps to reproduce').fill('Open history, file a ticket in another tab');
    await page.getByRole('button', { name: 'Send bug report' }).click();
    await page.getByText('Thank you! Your bug report has been sent.').first().waitFor({ timeout: 20_000 });
    const { db } = await admin();
    const reports = await db
      .collection('bugReports')
      .where('reporter.uid', '==', 'u-worker')
      .where('description', '==', 'The history list jumps when new tickets arrive, e2e')
      .get();
    const mine = reports.docs;
    expect(mine).toHaveLength(1);
    expect(mine[0]?.data()).toMatchObject({
      page: '/ticket-history',
      steps: 'Open history, file a ticket in another tab',
    });
    await context.close();
  });
});
