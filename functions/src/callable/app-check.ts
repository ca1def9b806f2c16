// App Check for the callables: a deployed project refuses calls without a valid App Check token
// (the web app gets one from reCAPTCHA Enterprise, web/src/lib/firebase-app-check.ts), so a script
// holding a stolen session cannot call them from outside the app.
import { defineBoolean } from 'firebase-functions/params';

/**
 * On by default wherever the functions are deployed. To deploy to a project without App Check
 * set up yet, put `ENFORCE_APP_CHECK=false` in `functions/.env.<projectId>` (docs/operations.md: Abuse limits
 * and App Check).
 */
export const ENFORCE_APP_CHECK = defineBoolean('ENFORCE_APP_CHECK', {
  default: true,
  description: 'Refuse callable requests without a valid App Check token (the web app must have a site key).',
});

/**
 * The emulators run a `demo-` project, which has no App Check service to issue tokens, and
 * firebase-tools sets FUNCTIONS_EMULATOR there: never enforced on them, whatever the parameter.
 */
const isEmulator = process.env.FUNCTIONS_EMULATOR === 'true';

/** The `enforceAppCheck` option of every callable. */
export const enforceAppCheck = isEmulator ? false : ENFORCE_APP_CHECK;
