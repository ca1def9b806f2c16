import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type express from 'express';
import { adminAuth } from '../src/firebase.js';

const AUTH_HOST = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** A fresh account in the Auth emulator with a unique e-mail. */
export async function createTestUser(options: { role?: string; displayName?: string } = {}) {
  const email = `t-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Test-pass-1';
  const user = await adminAuth().createUser({ email, password, displayName: options.displayName });
  if (options.role) await adminAuth().setCustomUserClaims(user.uid, { role: options.role });
  return { uid: user.uid, email, password };
}

/** Signs in through the Auth emulator's REST API, as the web SDK would, and returns the ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${AUTH_HOST()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`sign-in failed: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

/** An unsigned emulator-style ID token with chosen claims (the emulator accepts alg "none"). */
export function craftIdToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** Serves an express app on an ephemeral port for real HTTP requests. */
export async function serve(app: express.Express) {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
