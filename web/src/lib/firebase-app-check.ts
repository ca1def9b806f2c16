import type { FirebaseApp } from 'firebase/app';
import type { AppCheck } from 'firebase/app-check';
import { type AppEnv, appEnv } from '../config/env';
import { logger } from './logger';

// App Check: the deployed callables refuse requests without its token (ENFORCE_APP_CHECK in
// functions). Set up on the first callable call or upload, never on /login, and its code is only
// downloaded when a site key is configured: the local stack (a demo- project, nothing enforced)
// loads none of it.

/** The App Check SDK reads this global when it starts: `true` prints a new debug token to register. */
type DebugTokenGlobal = { FIREBASE_APPCHECK_DEBUG_TOKEN?: string | boolean };

let started: Promise<void> | undefined;
let instance: AppCheck | undefined;

/**
 * Starts App Check on the app once (later calls wait for the same start): reCAPTCHA Enterprise
 * with the configured site key, or the debug provider when a debug token is configured or the
 * app runs on the emulators. Does nothing without a site key. Never rejects.
 */
export function startAppCheck(app: FirebaseApp, config: AppEnv['appCheck'] = appEnv.appCheck): Promise<void> {
  if (!config) return Promise.resolve();
  started ??= import('firebase/app-check')
    .then((sdk) => {
      if (config.debugToken !== undefined) {
        (self as DebugTokenGlobal).FIREBASE_APPCHECK_DEBUG_TOKEN = config.debugToken;
      }
      instance = sdk.initializeAppCheck(app, {
        provider: new sdk.ReCaptchaEnterpriseProvider(config.siteKey),
        isTokenAutoRefreshEnabled: true,
      });
    })
    .catch((error: unknown) => {
      // Offline, say: the call goes without a token (refused if enforced); the next one tries again.
      started = undefined;
      logger.error('App Check could not start', error);
    });
  return started;
}

/**
 * The current App Check token for a request the SDK does not send itself (fetch to /api/profiles,
 * header X-Firebase-AppCheck), starting App Check first; null without a site key or when no token
 * could be had (the request then goes without, and is refused where App Check is enforced).
 */
export async function appCheckToken(
  app: FirebaseApp,
  config: AppEnv['appCheck'] = appEnv.appCheck,
): Promise<string | null> {
  if (!config) return null;
  await startAppCheck(app, config);
  if (!instance) return null;
  try {
    const sdk = await import('firebase/app-check');
    return (await sdk.getToken(instance)).token;
  } catch (error) {
    logger.error('No App Check token', error);
    return null;
  }
}
