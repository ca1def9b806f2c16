import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../lib/router';
import { checkResetCode, recoverEmail, setNewPassword, verifyEmail } from './api';
import { AuthCard } from './auth-card';
import { type NewPassword, newPasswordRule, resolverOf } from './schemas';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { InputField } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import './auth-card.css';

const SUPPORTED_MODES = ['resetPassword', 'verifyEmail', 'recoverEmail'] as const;
type SupportedMode = (typeof SUPPORTED_MODES)[number];

type ViewState =
  | { kind: 'checking' }
  | { kind: 'error'; key: string; values?: Record<string, string> }
  | { kind: 'resetForm'; email: string }
  | { kind: 'done'; key: string; values?: Record<string, string> };

function isSupported(mode: string): mode is SupportedMode {
  return (SUPPORTED_MODES as readonly string[]).includes(mode);
}

const NEW_PASSWORD_RESOLVER = resolverOf(newPasswordRule);

function ResetPasswordForm({ code, email, onDone }: { code: string; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NewPassword>({
    resolver: NEW_PASSWORD_RESOLVER,
    defaultValues: { password: '', confirm: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await setNewPassword(code, password);
      onDone();
    } catch {
      setFailure('authAction.errors.setPasswordFailed');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="auth-text">{t('authAction.resetFor', { email })}</p>
      {failure && <Alert type="error">{t(failure)}</Alert>}
      <InputField
        id="new-password"
        label={t('authAction.newPassword')}
        error={formState.errors.password}
        isPassword
        autoComplete="new-password"
        {...register('password')}
      />
      <InputField
        id="confirm-password"
        label={t('authAction.confirmPassword')}
        error={formState.errors.confirm}
        isPassword
        autoComplete="new-password"
        {...register('confirm')}
      />
      <Button variant="primary" type="submit" isBlock isLoading={formState.isSubmitting}>
        {t('authAction.savePassword')}
      </Button>
    </form>
  );
}

/** /handle-auth-action: the target of e-mail action links (reset password, verify and recover e-mail). */
export function HandleAuthActionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('mode') ?? '';
  const code = params.get('oobCode') ?? '';
  const [view, setView] = useState<ViewState>({ kind: 'checking' });

  useEffect(() => {
    let isActive = true;
    const show = (next: ViewState) => isActive && setView(next);
    if (!mode || !code) {
      show({ kind: 'error', key: 'authAction.errors.invalidLink' });
      return undefined;
    }
    if (!isSupported(mode)) {
      show({ kind: 'error', key: 'authAction.errors.unsupportedMode', values: { mode } });
      return undefined;
    }
    const invalidCode: ViewState = { kind: 'error', key: 'authAction.errors.invalidCode' };
    if (mode === 'resetPassword') {
      checkResetCode(code).then(
        (email) => show({ kind: 'resetForm', email }),
        () => show(invalidCode),
      );
    } else if (mode === 'verifyEmail') {
      verifyEmail(code).then(
        () => show({ kind: 'done', key: 'authAction.emailVerified' }),
        () => show(invalidCode),
      );
    } else {
      recoverEmail(code).then(
        (email) => show({ kind: 'done', key: 'authAction.emailRecovered', values: { email: email ?? '' } }),
        () => show(invalidCode),
      );
    }
    return () => {
      isActive = false;
    };
  }, [mode, code]);

  return (
    <AuthCard>
      <h2 className="auth-subtitle">
        {t(isSupported(mode) ? `authAction.titles.${mode}` : 'authAction.titles.generic')}
      </h2>
      {view.kind === 'checking' && <Spinner isBlock label={t('common.loading')} />}
      {view.kind === 'error' && <Alert type="error">{t(view.key, view.values)}</Alert>}
      {view.kind === 'resetForm' && (
        <ResetPasswordForm
          code={code}
          email={view.email}
          onDone={() => setView({ kind: 'done', key: 'authAction.passwordSaved' })}
        />
      )}
      {view.kind === 'done' && <Alert type="success">{t(view.key, view.values)}</Alert>}
      <p className="auth-text auth-to-login">
        <Link to="/login">{t('authAction.toLogin')}</Link>
      </p>
    </AuthCard>
  );
}
