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
  /** The web config's messagingSenderId; web push needs it (and a VAPID key). */
  VITE_FIREBASE_MESSAGING_SENDER_ID: z.optional(z.string()),
  /** The public key of the project's Web Push certificate (Cloud Messaging); web push is off without it. */
  VITE_FIREBASE_VAPID_KEY: z.optional(z.string()),
  /** Same-origin path the ID token is synced to (POST) and cleared from (DELETE); off when empty. */
  VITE_TOKEN_SYNC_URL: z.optional(
    z.string().check(
      z.refine((value) => value === '' || /^\/(?![/\\])/.test(value), {
        error: 'VITE_TOKEN_SYNC_URL must be a same-origin path such as /api/session',
      }),
    ),
  ),
  /** reCAPTCHA Enterprise site key of the web app's App Check registration; App Check is off without it. */
  VITE_APP_CHECK_SITE_KEY: z.optional(z.string()),
  /** A debug token registered in the console (or `true` to have the SDK print a new one); needs a site key. */
  VITE_APP_CHECK_DEBUG_TOKEN: z.optional(z.string()),
  /** Test-only override of the session timeout; the product constant stays 15 minutes. */
  VITE_SESSION_TIMEOUT_MS: z.optional(
    z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number')),
  ),
});

export type AppEnv = {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    storageBucket: string;
    appId: string;
    messagingSenderId?: string;
  };
  useEmulators: boolean;
  tokenSyncUrl: string | undefined;
  sessionTimeoutOverrideMs: number | undefined;
  /**
   * App Check, set up on first use of the callables (lib/firebase-app-check.ts); undefined (off)
   * without a site key. `debugToken` switches to the debug provider: the configured token, or
   * `true` on the emulators.
   */
  appCheck: { siteKey: string; debugToken: string | true | undefined } | undefined;
  /**
   * Web push (lib/push): the VAPID key of the project's Web Push certificate; undefined (the profile
   * says push is not set up) without it or a sender id, and on the emulators, which have no FCM.
   */
  push: { vapidKey: string } | undefined;
};

/** The App Check debug token: the configured one (`true`: the SDK prints a new one), on the emulators `true`. */
function appCheckDebugToken(raw: string | undefined, useEmulators: boolean): string | true | undefined {
  if (raw === 'true') return true;
  if (raw) return raw;
  return useEmulators ? true : undefined;
}

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid app configuration (web/.env): ${problems.join('; ')}`);
  }
  const env = result.data;
  const useEmulators = env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-');
  const siteKey = env.VITE_APP_CHECK_SITE_KEY?.trim();
  const senderId = env.VITE_FIREBASE_MESSAGING_SENDER_ID?.trim();
  const vapidKey = env.VITE_FIREBASE_VAPID_KEY?.trim();
  return {
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
      appId: env.VITE_FIREBASE_APP_ID,
      ...(senderId ? { messagingSenderId: senderId } : {}),
    },
    useEmulators,
    tokenSyncUrl: env.VITE_TOKEN_SYNC_URL || undefined,
    sessionTimeoutOverrideMs: env.VITE_SESSION_TIMEOUT_MS ? Number(env.VITE_SESSION_TIMEOUT_MS) : undefined,
    appCheck: siteKey
      ? {
          siteKey,
          debugToken: appCheckDebugToken(env.VITE_APP_CHECK_DEBUG_TOKEN?.trim(), useEmulators),
        }
      : undefined,
    push: vapidKey && senderId && !useEmulators ? { vapidKey } : undefined,
  };
}

export const appEnv: AppEnv = parseEnv(import.meta.env);
