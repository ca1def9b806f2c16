import { z } from 'zod';
import { answers } from './contract.js';

/** The caller's device-data key: 32 random bytes, base64, the same on every call of that account. */
export type GetDeviceKeyResponse = { key: string };

/** The key that seals the caller's data on the phone (drafts, the outbox); any signed-in user. */
export const getDeviceKey = answers<GetDeviceKeyResponse>()({
  // Takes exactly `{}`.
  request: z.strictObject({}),
  failure: 'session.errors.deviceKeyFailed',
  invalid: 'Invalid device key request',
});
