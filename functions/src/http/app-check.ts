// App Check on the deployed /api routes: the same switch as the callables (ENFORCE_APP_CHECK, never
// on the emulators), the token verified with the Admin SDK.
import { getAppCheck } from 'firebase-admin/app-check';
import { ENFORCE_APP_CHECK } from '../callable/app-check.js';
import { adminApp } from '../firebase.js';
import type { ApiAppCheck } from './api-caller.js';

/** The production App Check of the /api app; the parameter is read per request, at run time. */
export function adminAppCheck(): ApiAppCheck {
  return {
    isEnforced: () => process.env.FUNCTIONS_EMULATOR !== 'true' && ENFORCE_APP_CHECK.value(),
    verify: (token) => getAppCheck(adminApp()).verifyToken(token),
  };
}
