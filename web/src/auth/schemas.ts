import { PASSWORD_MIN_LENGTH } from '@domain';
import * as z from 'zod/mini';

// Form schemas of the sign-in screens; messages are translation keys. zod/mini keeps /login light.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.regex(EMAIL_PATTERN, 'validation.email'));

export const passwordSignInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'validation.required')),
});

export const emailOnlySchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordMin')),
    confirm: z.string().check(z.minLength(1, 'validation.required')),
  })
  .check(
    z.refine((value) => value.password === value.confirm, {
      path: ['confirm'],
      error: 'authAction.errors.mismatch',
    }),
  );

export type PasswordSignIn = z.infer<typeof passwordSignInSchema>;
export type EmailOnly = z.infer<typeof emailOnlySchema>;
export type NewPassword = z.infer<typeof newPasswordSchema>;
