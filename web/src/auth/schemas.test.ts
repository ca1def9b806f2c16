import { PASSWORD_MIN_LENGTH } from '@domain';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { emailOnlyRule, newPasswordRule, passwordSignInRule, resolverOf } from './schemas';

describe('the sign-in form rules', () => {
  it('ask for both fields and an e-mail shaped like one', () => {
    expect(passwordSignInRule({ email: '', password: '' }).problems).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
    expect(passwordSignInRule({ email: 'anna@site', password: 'x' }).problems).toEqual({
      email: 'validation.email',
    });
    expect(emailOnlyRule({ email: '   ' }).problems).toEqual({ email: 'validation.required' });
  });

  it('pass a good sign-in on with the e-mail trimmed', () => {
    expect(passwordSignInRule({ email: ' anna@example.com ', password: ' p ' })).toEqual({
      values: { email: 'anna@example.com', password: ' p ' },
      problems: {},
    });
    expect(emailOnlyRule({ email: '\tanna@example.com' }).values).toEqual({ email: 'anna@example.com' });
  });

  it('want a new password of the minimum length, typed twice the same', () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    const good = 'x'.repeat(PASSWORD_MIN_LENGTH);
    expect(newPasswordRule({ password: short, confirm: '' }).problems).toEqual({
      password: 'validation.passwordMin',
      confirm: 'validation.required',
    });
    expect(newPasswordRule({ password: good, confirm: `${good}y` }).problems).toEqual({
      confirm: 'authAction.errors.mismatch',
    });
    expect(newPasswordRule({ password: good, confirm: good }).problems).toEqual({});
  });

  it('answer react-hook-form with field errors, or the tidied values', async () => {
    const resolver = resolverOf(passwordSignInRule);
    const options = {} as ResolverOptions<{ email: string; password: string }>;
    const refused = await resolver({ email: 'anna', password: '' }, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors.email?.message).toBe('validation.email');
    expect(refused.errors.password?.message).toBe('validation.required');
    const passed = await resolver({ email: ' anna@example.com', password: 'p' }, undefined, options);
    expect(passed).toEqual({ values: { email: 'anna@example.com', password: 'p' }, errors: {} });
  });
});
