import { z } from 'zod';
import { ADMIN_ERRORS } from '../admin-api.js';
import { ROLES, type Role } from '../roles.js';
import { answers } from './contract.js';

export const createAccountSchema = z.object({
  workerId: z.string('validation.required').trim().min(1, 'validation.required').max(64),
  role: z.enum([ROLES.USER, ROLES.FOREMAN, ROLES.MANAGER], 'validation.required').default(ROLES.USER),
});

export type CreateAccountResponse = { uid: string; email: string; role: Role; link: string | null };

/** Makes a directory worker's account, sends its set-password e-mail; callers with CREATE_USER_ACCOUNTS. */
export const createAccount = answers<CreateAccountResponse>()({
  request: createAccountSchema,
  failure: ADMIN_ERRORS.createAccountFailed,
  invalid: 'Invalid account',
});
