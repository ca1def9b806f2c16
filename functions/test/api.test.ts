import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as logger from 'firebase-functions/logger';
import { createFirestoreDirectory } from '../src/directory/firestore-directory.js';
import { AUTH_RULES, DEFAULT_SERVICE_LEVELS } from '../src/domain/index.js';
import { adminAuth, adminDb } from '../src/firebase.js';
import { type ApiDependencies, createApiApp } from '../src/http/app.js';
import type { ApiAppCheck } from '../src/http/api-caller.js';
import { craftIdToken, createTestAccount, createTestUser, serve, signIn } from '../testing/helpers.js';

const MINUTE = 60_000;

function deps(overrides: Partial<ApiDependencies> = {}): ApiDependencies {
  const db = adminDb();
  return {
    auth: adminAuth(),
    db,
    directory: createFirestoreDirectory(db),
    logger,
    now: Date.now,
    ...overrides,
  };
}

async function withApp<T>(
  overrides: Partial<ApiDependencies>,
  run: (url: (p: string) => string) => Promise<T>,
) {
  const server = await serve(createApiApp(deps(overrides)));
  try {
    return await run(server.url);
  } finally {
    await server.close();
  }
}

let api: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  api = await serve(createApiApp(deps()));
});
afterAll(async () => {
  await api.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A staff-made worker account linked to its directory entry, as createAccount makes them. */
async function staffMadeWorker(users: Record<string, unknown> = {}) {
  const workerId = `w-api-${Math.random().toString(36).slice(2, 10)}`;
  const user = await createTestAccount('user', { workerId, ...users });
  await adminDb()
    .doc(`workers/${workerId}`)
    .set({ name: 'Anna Berg', email: user.email, pesel: '90010112345' });
  return { ...user, workerId, token: await signIn(user.email, user.password) };
}

const AUTH_EMULATOR = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** A password sign-in on the Auth emulator, keeping the refresh token the web SDK would store. */
async function signInWithRefreshToken(email: string, password: string) {
  const response = await fetch(
    `http://${AUTH_EMULATOR()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; refreshToken?: string };
  if (!body.idToken || !body.refreshToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { idToken: body.idToken, refreshToken: body.refreshToken };
}

/** The token refresh the web SDK makes (hourly, or when forced): a new ID token for the same sign-in. */
async function refreshIdToken(refreshToken: string): Promise<string> {
  const response = await fetch(
    `http://${AUTH_EMULATOR()}/securetoken.googleapis.com/v1/token?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    },
  );
  const body = (await response.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`token refresh failed: ${JSON.stringify(body)}`);
  return body.id_token;
}

/** The iat and auth_time claims (seconds) of an ID token, read without verifying it. */
function claimsOf(token: string): { iat: number; auth_time: number } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat: number; auth_time: number };
}

describe('GET /api/config/auth-rules', () => {
  it('answers 200 with the rules, no auth needed', async () => {
    const response = await fetch(api.url('/api/config/auth-rules'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ data: AUTH_RULES });
  });
  it('also answers on the function URL without the /api prefix', async () => {
    const response = await fetch(api.url('/config/auth-rules'));
    expect(response.status).toBe(200);
  });
});

describe('GET /api/config/service-levels', () => {
  it('answers the defaults while none are stored, then the stored ones, no auth needed', async () => {
    const ref = adminDb().doc('config/serviceLevels');
    await ref.delete();
    const first = await fetch(api.url('/api/config/service-levels'));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: DEFAULT_SERVICE_LEVELS });
    const stored = { country: 'none', extraHolidays: ['2026-12-31'], targets: { tools: 1 } };
    await ref.set({ ...stored, updatedAt: new Date() });
    try {
      expect(await (await fetch(api.url('/api/config/service-levels'))).json()).toEqual({ data: stored });
      // What does not parse reads as the defaults, never as an error.
      await ref.set({ country: 'Narnia', targets: { tools: 99 } });
      expect(await (await fetch(api.url('/api/config/service-levels'))).json()).toEqual({
        data: DEFAULT_SERVICE_LEVELS,
      });
    } finally {
      await ref.delete();
    }
  });
});

describe('GET /api/profiles', () => {
  it('returns the profile from users/{uid} and the linked directory worker', async () => {
    const user = await createTestUser({ role: 'foreman' });
    const workerId = `w-${user.uid}`;
    // The role is the record's: a claim alone gives none.
    await adminDb()
      .doc(`workers/${workerId}`)
      .set({ name: 'Piotr Nowak', email: user.email, siteName: 'Kiruna' });
    await adminDb()
      .doc(`users/${user.uid}`)
      .set({
        name: 'Piotr N.',
        role: 'foreman',
        workerId,
        assignedPermissions: ['VIEW_ALL_USER_DATA'],
        revokedPermissions: ['PROCESS_TICKETS'],
      });
    const response = await fetch(api.url('/api/profiles'), {
      headers: bearer(await signIn(user.email, user.password)),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      data: {
        name: 'Piotr N.',
        role: 'foreman',
        assignedPermissions: ['VIEW_ALL_USER_DATA'],
        revokedPermissions: ['PROCESS_TICKETS'],
        worker: { id: workerId, name: 'Piotr Nowak', email: user.email, siteName: 'Kiruna' },
      },
    });
  });

  it('refuses an account staff did not make with 403, even with a verified worker e-mail', async () => {
    const stranger = await createTestUser({ displayName: 'Olena Shevchenko' });
    await adminAuth().updateUser(stranger.uid, { emailVerified: true });
    await adminDb().doc(`workers/target-${stranger.uid}`).set({
      name: 'Olena Shevchenko',
      email: stranger.email,
      pesel: '90010112345',
      bankAccount: 'PL61 1090',
    });
    const response = await fetch(api.url('/api/profiles'), {
      headers: bearer(await signIn(stranger.email, stranger.password)),
    });
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'account-not-set-up' } });
    expect(text).not.toContain('90010112345');
  });

  it('answers 403 to a caller whose VIEW_OWN_DATA is revoked, with nothing of the profile', async () => {
    const user = await staffMadeWorker({ revokedPermissions: ['VIEW_OWN_DATA'] });
    const response = await fetch(api.url('/api/profiles'), { headers: bearer(user.token) });
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'forbidden', message: 'You are not allowed to do this.' },
    });
    expect(text).not.toContain('90010112345');
  });

  it('answers 401 at once when the users record marks the account disabled, the token still valid', async () => {
    const user = await staffMadeWorker();
    expect((await fetch(api.url('/api/profiles'), { headers: bearer(user.token) })).status).toBe(200);
    await adminDb().doc(`users/${user.uid}`).update({ disabled: true });
    for (const [path, method] of [
      ['/api/profiles', 'GET'],
      ['/api/tool-catalog', 'GET'],
      ['/api/session', 'POST'],
    ] as const) {
      const response = await fetch(api.url(path), { method, headers: bearer(user.token) });
      expect(response.status, path).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it.each([
    ['no header', {}],
    ['a non-bearer header', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['a garbage token', { Authorization: 'Bearer not-a-token' }],
    ['an empty bearer', { Authorization: 'Bearer ' }],
  ])('answers 401 with a JSON error for %s', async (_name, headers) => {
    const response = await fetch(api.url('/api/profiles'), { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        code: 'unauthenticated',
        message: 'Authentication failed. Please try logging out and back in.',
      },
    });
  });

  it('answers 401 for an expired token', async () => {
    const user = await createTestUser();
    const past = Math.floor(Date.now() / 1000) - 7200;
    const token = craftIdToken({
      iss: 'https://securetoken.google.com/demo-ticket-app',
      aud: 'demo-ticket-app',
      auth_time: past,
      iat: past,
      exp: past + 3600,
      sub: user.uid,
      user_id: user.uid,
      firebase: { identities: {}, sign_in_provider: 'password' },
    });
    const response = await fetch(api.url('/api/profiles'), { headers: bearer(token) });
    expect(response.status).toBe(401);
  });

  it('answers 401 for a token issued before its refresh tokens were revoked', async () => {
    const { token, ...user } = await staffMadeWorker();
    const ok = await fetch(api.url('/api/profiles'), { headers: bearer(token) });
    expect(ok.status).toBe(200);
    // Revocation is compared in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().revokeRefreshTokens(user.uid);
    const response = await fetch(api.url('/api/profiles'), { headers: bearer(token) });
    expect(response.status).toBe(401);
  });

  it('answers 401 once the account is disabled', async () => {
    const { token, ...user } = await staffMadeWorker();
    await adminAuth().updateUser(user.uid, { disabled: true });
    const response = await fetch(api.url('/api/profiles'), { headers: bearer(token) });
    expect(response.status).toBe(401);
  });

  it('answers 500 with a fixed text and no internals when a dependency fails', async () => {
    const { token } = await staffMadeWorker();
    const logged: unknown[] = [];
    const failing = {
      ...createFirestoreDirectory(adminDb()),
      findById: () => Promise.reject(new Error('db password is hunter2')),
    };
    await withApp({ directory: failing, logger: { error: (...args) => logged.push(args) } }, async (url) => {
      const response = await fetch(url('/api/profiles'), { headers: bearer(token) });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'internal', message: 'Something went wrong. Please try again.' },
      });
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('at ');
    });
    expect(JSON.stringify(logged)).toContain('hunter2');
  });
});

describe('GET /api/tool-catalog', () => {
  it('lists the catalogue for a signed-in user, with the document ids', async () => {
    await adminDb().doc('toolCatalog/test-level').set({
      name: 'Spirit level 120 cm',
      image: '/tool-images/level.svg',
      unit: 'pcs',
      category: 'measuring',
      status: 'limited',
      providedBy: 'client',
    });
    const { token } = await staffMadeWorker();
    const response = await fetch(api.url('/api/tool-catalog'), { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const body = (await response.json()) as { data: { id: string }[] };
    expect(body.data).toContainEqual({
      id: 'test-level',
      name: 'Spirit level 120 cm',
      image: '/tool-images/level.svg',
      unit: 'pcs',
      category: 'measuring',
      status: 'limited',
      providedBy: 'client',
    });
  });

  it('answers 401 without a valid token and 405 for a write', async () => {
    const anonymous = await fetch(api.url('/api/tool-catalog'));
    expect(anonymous.status).toBe(401);
    const post = await fetch(api.url('/api/tool-catalog'), { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});

describe('App Check on /api/profiles', () => {
  /** An App Check that accepts one token, enforced or not. */
  const appCheckOf = (isEnforced: boolean): ApiAppCheck => ({
    isEnforced: () => isEnforced,
    verify: (token) =>
      token === 'valid-app-check' ? Promise.resolve({}) : Promise.reject(new Error('invalid')),
  });

  it.each([
    ['no App Check header', {}],
    ['an invalid App Check token', { 'X-Firebase-AppCheck': 'forged' }],
  ])('refuses a request with %s where it is enforced, before the profile is read', async (_name, headers) => {
    const user = await staffMadeWorker();
    await withApp({ appCheck: appCheckOf(true) }, async (url) => {
      const response = await fetch(url('/api/profiles'), { headers: { ...bearer(user.token), ...headers } });
      expect(response.status).toBe(401);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ error: { code: 'app-check-failed' } });
      expect(text).not.toContain('90010112345');
    });
  });

  it('answers a request with a valid token, and any where App Check is not enforced (the emulators)', async () => {
    const user = await staffMadeWorker();
    await withApp({ appCheck: appCheckOf(true) }, async (url) => {
      const headers = { ...bearer(user.token), 'X-Firebase-AppCheck': 'valid-app-check' };
      expect((await fetch(url('/api/profiles'), { headers })).status).toBe(200);
    });
    await withApp({ appCheck: appCheckOf(false) }, async (url) => {
      expect((await fetch(url('/api/profiles'), { headers: bearer(user.token) })).status).toBe(200);
    });
  });
});

describe('/api/session', () => {
  it('sets an HttpOnly, Secure, SameSite=Strict __session cookie for a fresh sign-in', async () => {
    const user = await createTestUser();
    const response = await fetch(api.url('/api/session'), {
      method: 'POST',
      headers: bearer(await signIn(user.email, user.password)),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__session=[^;]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Max-Age=900');
    const value = /^__session=([^;]+)/.exec(cookie)?.[1] ?? '';
    const decoded = await adminAuth().verifySessionCookie(decodeURIComponent(value));
    expect(decoded.uid).toBe(user.uid);
  });

  it('refuses a token issued more than 5 minutes ago with 401', async () => {
    const user = await createTestUser();
    const token = await signIn(user.email, user.password);
    await withApp({ now: () => Date.now() + 5 * MINUTE + 1000 }, async (url) => {
      const response = await fetch(url('/api/session'), { method: 'POST', headers: bearer(token) });
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('token-too-old');
    });
  });

  // The hourly refresh: the web SDK trades the refresh token for a new ID token whose iat is new while
  // auth_time stays the sign-in's. The Auth emulator stamps both with the real clock, so the test waits
  // (whole seconds) between sign-in and refresh and then sets the server's clock just under 5 minutes
  // after the refresh: the sign-in is then more than 5 minutes old, the refreshed token is not.
  it('accepts a freshly refreshed token of a sign-in older than 5 minutes, and refuses the old token', async () => {
    const user = await createTestUser();
    const first = await signInWithRefreshToken(user.email, user.password);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const refreshed = await refreshIdToken(first.refreshToken);
    const signedIn = claimsOf(first.idToken);
    const claims = claimsOf(refreshed);
    expect(claims.auth_time).toBe(signedIn.auth_time);
    expect(claims.iat).toBeGreaterThanOrEqual(signedIn.iat + 2);

    const serverNow = claims.iat * 1000 + 5 * MINUTE - 1000;
    expect(serverNow - claims.auth_time * 1000).toBeGreaterThan(5 * MINUTE);
    await withApp({ now: () => serverNow }, async (url) => {
      const accepted = await fetch(url('/api/session'), { method: 'POST', headers: bearer(refreshed) });
      expect(accepted.status).toBe(200);
      const cookie = /^__session=([^;]+)/.exec(accepted.headers.get('set-cookie') ?? '')?.[1] ?? '';
      expect((await adminAuth().verifySessionCookie(decodeURIComponent(cookie))).uid).toBe(user.uid);

      const refused = await fetch(url('/api/session'), { method: 'POST', headers: bearer(first.idToken) });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('token-too-old');
    });
  });

  it('refuses a missing token with 401', async () => {
    const response = await fetch(api.url('/api/session'), { method: 'POST' });
    expect(response.status).toBe(401);
  });

  it('clears the cookie on DELETE', async () => {
    const response = await fetch(api.url('/api/session'), { method: 'DELETE' });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__session=;/);
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('other paths and methods', () => {
  it('answers a JSON 404 for an unknown path', async () => {
    const response = await fetch(api.url('/api/nope'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not-found', message: 'Not found.' } });
  });
  it('answers a JSON 405 with Allow for a wrong method', async () => {
    const response = await fetch(api.url('/api/config/auth-rules'), { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await response.json()).toEqual({
      error: { code: 'method-not-allowed', message: 'Method not allowed.' },
    });
    const profiles = await fetch(api.url('/api/profiles'), { method: 'DELETE' });
    expect(profiles.status).toBe(405);
  });
  it('answers a JSON 404 for a malformed path instead of a stack trace', async () => {
    const response = await fetch(api.url('/api/%E0%A4%A'));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const text = await response.text();
    expect(() => JSON.parse(text)).not.toThrow();
    expect(text).not.toMatch(/at .*\.js/);
  });
});
