import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch';
import {
  finishSignInWithLink,
  isEmailSignInLink,
  sendResetEmail,
  sendSignInLink,
  signInWithPassword,
} from './api';
import { AuthCard } from './auth-card';
import { type TranslatedError, authErrorText } from './auth-errors';
import { forgetLinkEmail, rememberLinkEmail, storedLinkEmail } from './link-sign-in-email';
import { emailOnlyRule, passwordSignInRule } from './schemas';
import { useSmallForm } from './use-small-form';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { InputField } from '../components/ui/form-field';
import { Spinner } from '../components/ui/spinner';
import './auth-card.css';
import './login-page.css';

// Back from a sign-in link: 'linkSigningIn' while the address stored on this device is tried,
// 'finishLink' when the page has to ask for it (another device, or the stored one failed).
type Mode = 'password' | 'link' | 'reset' | 'linkSigningIn' | 'finishLink';
type Outcome =
  { type: 'error'; error: TranslatedError } | { type: 'success'; key: string; email: string } | null;

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  if (outcome.type === 'error') {
    return <Alert type="error">{t(outcome.error.key, outcome.error.values)}</Alert>;
  }
  return <Alert type="success">{t(outcome.key, { email: outcome.email })}</Alert>;
}

const PASSWORD_DEFAULTS = { email: '', password: '' };

function PasswordForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useSmallForm(passwordSignInRule, PASSWORD_DEFAULTS);
  const submit = handleSubmit(async ({ email, password }) => {
    onOutcome(null);
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      onOutcome({ type: 'error', error: authErrorText(error, 'login') });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <InputField
        id="login-email"
        label={t('login.email')}
        error={formState.errors.email}
        type="email"
        autoComplete="username"
        inputMode="email"
        {...register('email')}
      />
      <InputField
        id="login-password"
        label={t('login.password')}
        error={formState.errors.password}
        isPassword
        autoComplete="current-password"
        {...register('password')}
      />
      <Button variant="primary" type="submit" isBlock isLoading={formState.isSubmitting}>
        {t('login.signIn')}
      </Button>
    </form>
  );
}

type EmailFormProps = {
  idPrefix: string;
  submitLabel: string;
  initialEmail?: string;
  onSubmit: (email: string) => Promise<void>;
};

function EmailForm({ idPrefix, submitLabel, initialEmail = '', onSubmit }: EmailFormProps) {
  const { t } = useTranslation();
  const [defaults] = useState(() => ({ email: initialEmail }));
  const { register, handleSubmit, formState } = useSmallForm(emailOnlyRule, defaults);
  const submit = handleSubmit(({ email }) => onSubmit(email));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <InputField
        id={`${idPrefix}-email`}
        label={t('login.email')}
        error={formState.errors.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...register('email')}
      />
      <Button variant="primary" type="submit" isBlock isLoading={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** /login: password sign-in, e-mail link sign-in (send and finish) and forgot password. */
export function LoginPage() {
  const { t } = useTranslation();
  const [isLinkReturn] = useState(() => isEmailSignInLink(window.location.href));
  const [storedEmail] = useState(() => (isLinkReturn ? storedLinkEmail() : null));
  const [mode, setMode] = useState<Mode>(() => {
    if (!isLinkReturn) return 'password';
    return storedEmail ? 'linkSigningIn' : 'finishLink';
  });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const hasTriedStoredEmail = useRef(false);

  const finishLink = useCallback(async (email: string) => {
    setOutcome(null);
    try {
      await finishSignInWithLink(email, window.location.href);
    } catch (error) {
      setOutcome({ type: 'error', error: authErrorText(error, 'emailLink') });
      setMode('finishLink');
      return;
    }
    forgetLinkEmail();
    // The one-time code leaves the address bar.
    window.history.replaceState(null, '', '/login');
  }, []);

  useEffect(() => {
    // Same device: finish at once. The ref keeps StrictMode's second effect run from spending
    // the single-use link twice.
    if (!storedEmail || hasTriedStoredEmail.current) return;
    hasTriedStoredEmail.current = true;
    void finishLink(storedEmail);
  }, [storedEmail, finishLink]);

  /** Sends an e-mail (sign-in link or password reset) and shows what happened. */
  const sendAndReport =
    (send: (email: string) => Promise<void>, successKey: string) => async (email: string) => {
      setOutcome(null);
      try {
        await send(email);
        setOutcome({ type: 'success', key: successKey, email });
      } catch (error) {
        setOutcome({ type: 'error', error: authErrorText(error) });
      }
    };

  const changeMode = (next: Mode) => {
    setOutcome(null);
    setMode(next);
  };

  const leaveLink = () => {
    window.history.replaceState(null, '', '/login');
    changeMode('password');
  };

  const sendLink = async (email: string) => {
    await sendSignInLink(email);
    rememberLinkEmail(email);
  };
  const isBackFromLink = mode === 'linkSigningIn' || mode === 'finishLink';

  return (
    <AuthCard>
      <p className="auth-text auth-muted">{t('login.welcome')}</p>
      {!isBackFromLink && (
        <div className="mode-switch" role="group" aria-label={t('login.modes.label')}>
          {(['password', 'link'] as const).map((option) => {
            const isActive = (mode === 'reset' ? 'password' : mode) === option;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={isActive}
                className={isActive ? 'is-active' : undefined}
                onClick={() => changeMode(option)}
              >
                {t(`login.modes.${option}`)}
              </button>
            );
          })}
        </div>
      )}
      <div className="login-outcome" aria-live="polite">
        <OutcomeAlert outcome={outcome} />
      </div>
      {mode === 'password' && (
        <>
          <PasswordForm onOutcome={setOutcome} />
          <Button variant="link" isBlock onClick={() => changeMode('reset')}>
            {t('login.forgotPassword')}
          </Button>
        </>
      )}
      {mode === 'link' && (
        <>
          <p className="auth-text">{t('login.linkHint')}</p>
          <EmailForm
            idPrefix="link"
            submitLabel={t('login.sendLink')}
            onSubmit={sendAndReport(sendLink, 'login.linkSent')}
          />
        </>
      )}
      {mode === 'reset' && (
        <>
          <h2 className="auth-subtitle">{t('login.resetTitle')}</h2>
          <p className="auth-text">{t('login.resetHint')}</p>
          <EmailForm
            idPrefix="reset"
            submitLabel={t('login.sendReset')}
            onSubmit={sendAndReport(sendResetEmail, 'login.resetSent')}
          />
          <Button variant="link" isBlock onClick={() => changeMode('password')}>
            {t('login.backToSignIn')}
          </Button>
        </>
      )}
      {mode === 'linkSigningIn' && <Spinner isBlock label={t('login.signingIn')} />}
      {mode === 'finishLink' && (
        <>
          <p className="auth-text">{t('login.finishLinkHint')}</p>
          <EmailForm
            idPrefix="finish"
            submitLabel={t('login.finishLink')}
            initialEmail={storedEmail ?? ''}
            onSubmit={finishLink}
          />
          <Button variant="link" isBlock onClick={leaveLink}>
            {t('login.backToSignIn')}
          </Button>
        </>
      )}
      <LanguageSwitch />
    </AuthCard>
  );
}
