import { PUSH_ERRORS, type PushDeviceResponse, registerPushDeviceSchema } from '../push.js';
import { answers } from './contract.js';

// The request schema and answer stay in push.ts: unregisterPushDevice shares them (the token field,
// the answer), and moved here and re-exported there, the schema would make an import cycle with PUSH_ERRORS.

/** Stores this device's FCM token under the caller, for web push; any signed-in user. */
export const registerPushDevice = answers<PushDeviceResponse>()({
  request: registerPushDeviceSchema,
  failure: PUSH_ERRORS.registerFailed,
  invalid: 'Invalid push device',
});
