import { z } from 'zod';
import { ADMIN_ERRORS } from '../admin-api.js';
import { answers, idSchema } from './contract.js';

export const resetPasswordSchema = z.object({ uid: idSchema });

/** `link` is the reset link, returned only by the local emulator stack (production e-mails it). */
export type ResetPasswordResponse = { uid: string; email: string; link: string | null };

/** Sends an account's set-password e-mail; callers with RESET_USER_PASSWORD, to a lower role level. */
export const resetUserPassword = answers<ResetPasswordResponse>()({
  request: resetPasswordSchema,
  failure: ADMIN_ERRORS.resetPasswordFailed,
  invalid: 'Invalid password reset',
});
