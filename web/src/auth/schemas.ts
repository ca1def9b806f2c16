import { PASSWORD_MIN_LENGTH } from '@domain';
import { z } from 'zod';

// Form schemas of the sign-in screens; messages are translation keys.
const email = z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email'));

export const passwordSignInSchema = z.object({
  email,
  password: z.string().min(1, 'validation.required'),
});

export const emailOnlySchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
    confirm: z.string().min(1, 'validation.required'),
  })
  .refine((value) => value.password === value.confirm, {
    path: ['confirm'],
    message: 'authAction.errors.mismatch',
  });

export type PasswordSignIn = z.infer<typeof passwordSignInSchema>;
export type EmailOnly = z.infer<typeof emailOnlySchema>;
export type NewPassword = z.infer<typeof newPasswordSchema>;
