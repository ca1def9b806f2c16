import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type express from 'express';
import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https';
import type { Firestore } from 'firebase-admin/firestore';
import type { Role } from '../src/domain/index.js';
import { adminAuth, adminDb } from '../src/firebase.js';

export const AUTH_HOST = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** A fresh account in the Auth emulator with a unique e-mail. */
export async function createTestUser(options: { role?: string; displayName?: string } = {}) {
  const email = `t-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Test-pass-1';
  const user = await adminAuth().createUser({ email, password, displayName: options.displayName });
  if (options.role) await adminAuth().setCustomUserClaims(user.uid, { role: options.role });
  return { uid: user.uid, email, password };
}

/** Password sign-in through the Auth emulator's REST API, as the web SDK would: the ID token, or the error code. */
export async function passwordSignIn(
  email: string,
  password: string,
): Promise<{ idToken?: string; error?: string }> {
  const response = await fetch(
    `http://${AUTH_HOST()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  return { idToken: body.idToken, error: body.error?.message };
}

/** Signs in (passwordSignIn) and returns the ID token; fails the test when the sign-in fails. */
export async function signIn(email: string, password: string): Promise<string> {
  const { idToken, error } = await passwordSignIn(email, password);
  if (!idToken) throw new Error(`sign-in failed: ${error ?? 'no token'}`);
  return idToken;
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

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;

export type TestAccount = TestUser & { name: string; role: Role; workerId: string | null };

/**
 * A staff-made account, as the seed and createAccount make them: a directory worker
 * `workers/{workerId}` (the account's name, `users.name` when given, and e-mail; none when
 * `users.workerId` names one the test made itself), then the Auth account with the `role` claim, then its users document linking the
 * worker. `users` overrides any field of the users document (e.g. `workerId: null` for a record
 * that names no worker: such an account has no power).
 */
export async function createTestAccount(
  role: Role,
  users: Record<string, unknown> = {},
  db: Firestore = adminDb(),
): Promise<TestAccount> {
  const name = typeof users.name === 'string' ? users.name : `Test ${role} ${randomUUID().slice(0, 4)}`;
  const ownWorker = !('workerId' in users);
  const workerId = ownWorker ? `w-test-${randomUUID()}` : users.workerId;
  const user = await createTestUser({ role, displayName: name });
  if (ownWorker) await db.doc(`workers/${String(workerId)}`).set({ name, email: user.email });
  await db.doc(`users/${user.uid}`).set({
    email: user.email,
    name,
    role,
    workerId,
    assignedPermissions: [],
    revokedPermissions: [],
    ...users,
  });
  return { ...user, name, role, workerId: typeof workerId === 'string' ? workerId : null };
}

/**
 * The `auth` of a callable request as the runtime builds it: the user signs in through the Auth
 * emulator and the ID token is verified by the Admin SDK, so claims (role, e-mail) are real.
 */
export async function callableAuth(user: TestUser): Promise<NonNullable<CallableRequest['auth']>> {
  const rawToken = await signIn(user.email, user.password);
  return { uid: user.uid, token: await adminAuth().verifyIdToken(rawToken), rawToken };
}

/** A callable request as firebase-functions hands it to `onCall` handlers (`.run(request)`). */
export function callableRequest(
  data: unknown,
  auth?: NonNullable<CallableRequest['auth']>,
): CallableRequest<unknown> {
  // The handlers never read the raw HTTP request; the runtime always passes one.
  const rawRequest = { headers: {}, body: { data } } as unknown as CallableRequest['rawRequest'];
  return { data, auth, rawRequest, acceptsStreaming: false };
}

/** The HttpsError a callable rejected with; fails the test when it resolved or threw something else. */
export async function httpsErrorOf(promise: Promise<unknown>): Promise<HttpsError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpsError) return error;
    throw new Error(`expected an HttpsError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected an HttpsError, but the call succeeded');
}

/** The field keys of an invalid-argument error (`details.fields`). */
export function fieldsOf(error: HttpsError): Record<string, string> {
  const details = error.details as { fields?: Record<string, string> } | undefined;
  return details?.fields ?? {};
}

/** A logger that records what it is given, for the `CallableLogger` dependency. */
export function recordingLogger() {
  const entries: { level: 'info' | 'warn' | 'error'; message: string; details?: unknown }[] = [];
  const at = (level: 'info' | 'warn' | 'error') => (message: string, details?: unknown) =>
    entries.push({ level, message, details });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

/** A unique, schema-valid requestId. */
export const newRequestId = () => `req-${randomUUID()}`;
