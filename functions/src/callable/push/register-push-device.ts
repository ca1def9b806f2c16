import type { Firestore } from 'firebase-admin/firestore';
import { savePushDevice } from '../../push/push-devices.js';
import { defineCallable } from '../define-callable.js';
import type { CallableLogger } from '../errors.js';

export type PushDeviceDeps = {
  db: Firestore;
  logger: CallableLogger;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
};

/**
 * The registerPushDevice callable (every signed-in user): stores this device's FCM token under the
 * caller (`users/{uid}/pushDevices`), with the language its pushes should use and the browser's
 * user agent, so every notification of the caller is pushed to it too (push/send-push.ts).
 * Registering again (a new language, a refreshed token) updates the same document; a new device
 * beyond PUSH_DEVICES_PER_ACCOUNT (10) drops the caller's device refreshed longest ago.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `internal`
 * 'profile.settings.push.errors.registerFailed'.
 */
export function createRegisterPushDeviceHandler(deps: PushDeviceDeps) {
  const { db, now } = deps;
  return defineCallable('registerPushDevice', deps, {
    rateLimit: { operation: 'registerPushDevice' },
    run: async ({ caller, input, request }) => {
      const userAgent = request.rawRequest?.headers?.['user-agent'];
      await savePushDevice(db, {
        uid: caller.uid,
        token: input.token,
        language: input.language,
        userAgent: typeof userAgent === 'string' ? userAgent : undefined,
        at: new Date(now()),
      });
      return { ok: true };
    },
  });
}
