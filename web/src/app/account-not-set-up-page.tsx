import { useTranslation } from 'react-i18next';
import { useNavigate } from '../lib/router';
import { Button } from '../components/ui/button';
import { useAuth } from '../lib/auth/auth-context';
import { markSignedOut } from '../lib/auth/sign-out-cleanup';
import { endSessionManually } from '../session/session-manager';
import { AuthCard } from '../auth/auth-card';

/**
 * What an account staff did not make sees instead of every signed-in screen (one made through
 * Firebase Auth's public sign-up, or by an e-mail link for an address the office never set up): the
 * server refuses it everything, so the screens would only fail one by one. It can only sign out.
 */
export function AccountNotSetUpPage() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const logOut = () => {
    markSignedOut();
    void endSessionManually(signOut).then(() => navigate('/login', { replace: true }));
  };
  return (
    <AuthCard>
      <p role="alert">{t('auth.notSetUp.message')}</p>
      <Button onClick={logOut} isBlock>
        {t('nav.logout')}
      </Button>
    </AuthCard>
  );
}
