// The only place that reads import.meta.env. A `demo-` project id means the local emulators.
// Checked by hand rather than with zod: this runs on every page, /login included, and a schema
// library there costs about 15 KB gzip for ten fields.

/** The settings the app reads, each optional in the raw environment. */
type RawEnv = {
  VITE_FIREBASE_API_KEY: string;
  VITE_FIREBASE_AUTH_DOMAIN: string;
  VITE_FIREBASE_PROJECT_ID: string;
  VITE_FIREBASE_STORAGE_BUCKET: string;
  VITE_FIREBASE_APP_ID: string;
  /** The web config's messagingSenderId; web push needs it (and a VAPID key). */
  VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  /** The public key of the project's Web Push certificate (Cloud Messaging); web push is off without it. */
  VITE_FIREBASE_VAPID_KEY?: string;
  /** Same-origin path the ID token is synced to (POST) and cleared from (DELETE); off when empty. */
  VITE_TOKEN_SYNC_URL?: string;
  /** reCAPTCHA Enterprise site key of the web app's App Check registration; App Check is off without it. */
  VITE_APP_CHECK_SITE_KEY?: string;
  /** A debug token registered in the console (or `true` to have the SDK print a new one); needs a site key. */
  VITE_APP_CHECK_DEBUG_TOKEN?: string;
};

/** The settings with a default (the local demo project), and their defaults. */
const DEFAULTS = {
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-ticket-app.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-ticket-app',
  VITE_FIREBASE_STORAGE_BUCKET: 'demo-ticket-app.appspot.com',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
} as const;

const OPTIONAL = [
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_FIREBASE_VAPID_KEY',
  'VITE_TOKEN_SYNC_URL',
  'VITE_APP_CHECK_SITE_KEY',
  'VITE_APP_CHECK_DEBUG_TOKEN',
] as const;

/** Each setting's own rule beyond being text: the problem, or null when the value is fine. */
const RULES: Partial<Record<keyof RawEnv, (value: string) => string | null>> = {
  VITE_TOKEN_SYNC_URL: (value) =>
    value === '' || /^\/(?![/\\])/.test(value)
      ? null
      : 'VITE_TOKEN_SYNC_URL must be a same-origin path such as /api/session',
};

/** The raw settings, defaults filled in, or the list of what is wrong with them. */
function readRawEnv(raw: Record<string, unknown>): { env: RawEnv; problems: string[] } {
  const problems: string[] = [];
  const env: Record<string, string> = {};
  const check = (key: keyof RawEnv, value: unknown) => {
    if (typeof value !== 'string') return problems.push(`${key}: must be text`);
    const problem = RULES[key]?.(value);
    if (problem) return problems.push(`${key}: ${problem}`);
    env[key] = value;
  };
  for (const [key, fallback] of Object.entries(DEFAULTS) as [keyof typeof DEFAULTS, string][]) {
    const value = raw[key] ?? fallback;
    if (value === '') problems.push(`${key}: must not be empty`);
    else check(key, value);
  }
  for (const key of OPTIONAL) if (raw[key] !== undefined) check(key, raw[key]);
  return { env: env as RawEnv, problems };
}

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
  const { env, problems } = readRawEnv(raw);
  if (problems.length > 0) {
    throw new Error(`Invalid app configuration (web/.env): ${problems.join('; ')}`);
  }
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
