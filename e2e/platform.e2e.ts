import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RULES } from '../functions/src/domain/index.js';
import { APP_URL, launchBrowser, newContext } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the app behind the Hosting emulator', () => {
  it('loads the app and reads the auth rules through the /api rewrite', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${APP_URL}/login`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Site Tickets');
    const rules = await page.evaluate(async () => {
      const response = await fetch('/api/config/auth-rules');
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(rules).toEqual({ status: 200, body: { data: AUTH_RULES } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers unknown API paths with JSON 404 through the rewrite', async () => {
    const response = await fetch(`${APP_URL}/api/does-not-exist`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not-found', message: 'Not found.' } });
  });

  it('sends the security headers and the caching rules', async () => {
    const page = await fetch(`${APP_URL}/login`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://identitytoolkit.googleapis.com');
    expect(csp).toContain('http://127.0.0.1:9099');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('geolocation=(self)');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const script = await fetch(`${APP_URL}${asset}`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/index.html', '/sw.js', '/version.json']) {
      const response = await fetch(`${APP_URL}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    const version = (await (await fetch(`${APP_URL}/version.json`)).json()) as {
      version: string;
      hash: string;
    };
    expect(version.version).toMatch(/^\d+\.\d+\.\d+\+/);
  });

  it('serves the seeded profile to a signed-in seed account through the rewrite', async () => {
    const signIn = await fetch(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'worker2@example.com',
          password: 'Demo-pass-1',
          returnSecureToken: true,
        }),
      },
    );
    const { idToken } = (await signIn.json()) as { idToken: string };
    const response = await fetch(`${APP_URL}/api/profiles`, {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { role: string; revokedPermissions: string[]; worker: { email: string } | null };
    };
    expect(data.role).toBe('user');
    expect(data.revokedPermissions).toEqual(['SUBMIT_PRESALARY_TICKETS']);
    expect(data.worker?.email).toBe('worker2@example.com');
  });

  it('refuses the disabled seed account at sign-in', async () => {
    const signIn = await fetch(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'disabled@example.com',
          password: 'Demo-pass-1',
          returnSecureToken: true,
        }),
      },
    );
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { error: { message: string } }).error.message).toContain(
      'USER_DISABLED',
    );
  });
});
