import { z } from 'zod';
import { answers } from './contract.js';

/** keepSessionAlive's answer: the call itself recorded the activity (every callable does). */
export type KeepSessionAliveResponse = { ok: true };

/** The web's sign of life while its user is active, for the server's session limit; any signed-in user. */
export const keepSessionAlive = answers<KeepSessionAliveResponse>()({
  // Takes exactly `{}`.
  request: z.strictObject({}),
  failure: 'auth.errors.sessionFailed',
  invalid: 'Invalid session request',
});
