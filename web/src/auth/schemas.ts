import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@domain';

// The rules of the sign-in screens' forms; messages are translation keys. Plain functions, not zod:
// /login loads about 15 KB gzip less for three fields. Each form's rule tidies the values (trims the
// e-mail) and names what is wrong with each field.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type PasswordSignIn = { email: string; password: string };
export type EmailOnly = { email: string };
export type NewPassword = { password: string; confirm: string };

/** The translation key of what is wrong with each field; a field left out is fine. */
export type Problems<T> = Partial<Record<keyof T & string, string>>;

/** One form's rule: the tidied values and their problems (none when the form may be sent). */
export type FormRule<T> = (values: T) => { values: T; problems: Problems<T> };

/** The problem of an e-mail address: none given, or not shaped like one. */
function emailProblem(email: string): string | undefined {
  if (email.length === 0) return 'validation.required';
  return EMAIL_PATTERN.test(email) ? undefined : 'validation.email';
}

/** Drops the fields without a problem. */
function only<T>(problems: Problems<T>): Problems<T> {
  return Object.fromEntries(Object.entries(problems).filter(([, key]) => key)) as Problems<T>;
}

export const passwordSignInRule: FormRule<PasswordSignIn> = (raw) => {
  const values = { ...raw, email: raw.email.trim() };
  const password = values.password.length === 0 ? 'validation.required' : undefined;
  return { values, problems: only({ email: emailProblem(values.email), password }) };
};

export const emailOnlyRule: FormRule<EmailOnly> = (raw) => {
  const values = { ...raw, email: raw.email.trim() };
  return { values, problems: only({ email: emailProblem(values.email) }) };
};

export const newPasswordRule: FormRule<NewPassword> = (values) => {
  const { password, confirm } = values;
  const isLongEnough = password.length >= PASSWORD_MIN_LENGTH;
  let confirmProblem: string | undefined;
  if (confirm.length === 0) confirmProblem = 'validation.required';
  else if (isLongEnough && password !== confirm) confirmProblem = 'authAction.errors.mismatch';
  return {
    values,
    problems: only({
      password: isLongEnough ? undefined : 'validation.passwordMin',
      confirm: confirmProblem,
    }),
  };
};

/** A form rule as a react-hook-form resolver. */
export function resolverOf<T extends FieldValues>(rule: FormRule<T>): Resolver<T> {
  return (raw) => {
    const { values, problems } = rule(raw);
    const entries = Object.entries(problems) as [string, string][];
    if (entries.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      entries.map(([field, key]): [string, FieldError] => [field, { type: 'validate', message: key }]),
    );
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
