import { deletePushDevice } from '../../push/push-devices.js';
import { defineCallable } from '../define-callable.js';
import type { PushDeviceDeps } from './register-push-device.js';

/**
 * The unregisterPushDevice callable (every signed-in user): forgets one of the caller's devices by
 * its token, so it gets no more pushes. Only the caller's own devices can be forgotten; an unknown
 * token is no error (a retry is harmless).
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `internal`
 * 'profile.settings.push.errors.unregisterFailed'.
 */
export function createUnregisterPushDeviceHandler(deps: Omit<PushDeviceDeps, 'now'>) {
  return defineCallable('unregisterPushDevice', deps, {
    rateLimit: { operation: 'unregisterPushDevice' },
    run: async ({ caller, input }) => {
      await deletePushDevice(deps.db, caller.uid, input.token);
      return { ok: true };
    },
  });
}
