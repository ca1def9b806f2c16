import { z } from 'zod';
import { ADMIN_ERRORS } from '../admin-api.js';
import { answers, idSchema } from './contract.js';

export const setAccountStatusSchema = z.object({ uid: idSchema, disabled: z.boolean('validation.required') });

export type SetAccountStatusResponse = { uid: string; disabled: boolean };

/** Disables or re-enables an account; ENABLE_DISABLE_USER, on a lower role level, never one's own. */
export const setAccountStatus = answers<SetAccountStatusResponse>()({
  request: setAccountStatusSchema,
  failure: ADMIN_ERRORS.setStatusFailed,
  invalid: 'Invalid account status',
});
