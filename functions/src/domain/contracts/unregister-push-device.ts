import { PUSH_ERRORS, type PushDeviceResponse, unregisterPushDeviceSchema } from '../push.js';
import { answers } from './contract.js';

// The request schema and answer stay in push.ts (see register-push-device.ts).

/** Forgets one of the caller's own push devices by its token; any signed-in user. */
export const unregisterPushDevice = answers<PushDeviceResponse>()({
  request: unregisterPushDeviceSchema,
  failure: PUSH_ERRORS.unregisterFailed,
  invalid: 'Invalid push device',
});
