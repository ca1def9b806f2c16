import { z } from 'zod';

// The only place that reads import.meta.env. A `demo-` project id means the local emulators.
const schema = z.object({
  VITE_FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  VITE_FIREBASE_AUTH_DOMAIN: z.string().min(1).default('demo-ticket-app.firebaseapp.com'),
  VITE_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-ticket-app'),
  VITE_FIREBASE_STORAGE_BUCKET: z.string().min(1).default('demo-ticket-app.appspot.com'),
  VITE_FIREBASE_APP_ID: z.string().min(1).default('1:000000000000:web:0000000000000000'),
  /** Same-origin URL the ID token is synced to (POST) and cleared from (DELETE); off when empty. */
  VITE_TOKEN_SYNC_URL: z
    .string()
    .regex(/^\/[^/]/, 'VITE_TOKEN_SYNC_URL must be a same-origin path such as /api/session')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Test-only override of the session timeout; the product constant stays 15 minutes. */
  VITE_SESSION_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
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
    tokenSyncUrl: env.VITE_TOKEN_SYNC_URL,
    sessionTimeoutOverrideMs: env.VITE_SESSION_TIMEOUT_MS,
  };
}

export const appEnv: AppEnv = parseEnv(import.meta.env);
