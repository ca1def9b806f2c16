import * as z from 'zod/mini';

// The only place that reads import.meta.env. A `demo-` project id means the local emulators.
// zod/mini: this runs on every page, /login included.
const text = (fallback: string) => z._default(z.string().check(z.minLength(1)), fallback);

const schema = z.object({
  VITE_FIREBASE_API_KEY: text('demo-api-key'),
  VITE_FIREBASE_AUTH_DOMAIN: text('demo-ticket-app.firebaseapp.com'),
  VITE_FIREBASE_PROJECT_ID: text('demo-ticket-app'),
  VITE_FIREBASE_STORAGE_BUCKET: text('demo-ticket-app.appspot.com'),
  VITE_FIREBASE_APP_ID: text('1:000000000000:web:0000000000000000'),
  /** Same-origin path the ID token is synced to (POST) and cleared from (DELETE); off when empty. */
  VITE_TOKEN_SYNC_URL: z.optional(
    z.string().check(
      z.refine((value) => value === '' || /^\/[^/]/.test(value), {
        error: 'VITE_TOKEN_SYNC_URL must be a same-origin path such as /api/session',
      }),
    ),
  ),
  /** Test-only override of the session timeout; the product constant stays 15 minutes. */
  VITE_SESSION_TIMEOUT_MS: z.optional(
    z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number')),
  ),
});

export type AppEnv = {
  firebase: { apiKey: string; authDomain: string; projectId: string; storageBucket: string; appId: string };
  useEmulators: boolean;
  tokenSyncUrl: string | undefined;
  sessionTimeoutOverrideMs: number | undefined;
};

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid app configuration (web/.env): ${problems.join('; ')}`);
  }
  const env = result.data;
  return {
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
      appId: env.VITE_FIREBASE_APP_ID,
    },
    useEmulators: env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-'),
    tokenSyncUrl: env.VITE_TOKEN_SYNC_URL || undefined,
    sessionTimeoutOverrideMs: env.VITE_SESSION_TIMEOUT_MS ? Number(env.VITE_SESSION_TIMEOUT_MS) : undefined,
  };
}

export const appEnv: AppEnv = parseEnv(import.meta.env);
