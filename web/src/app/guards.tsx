import { type ReactNode, Suspense, lazy, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import { useAuth } from '../lib/auth/auth-context';
import { INTENDED_PATH_KEY, rememberIntendedPath } from '../lib/auth/sign-out-cleanup';

function RedirectToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberIntendedPath(from);
    void navigate('/login', { replace: true });
  }, [from, navigate]);
  return null;
}

const AccountNotSetUpPage = lazy(() =>
  import('./account-not-set-up-page').then((m) => ({ default: m.AccountNotSetUpPage })),
);

/**
 * Signed-in routes: a visitor goes to /login and the path is remembered for after sign-in; an
 * account staff did not make sees only "Your account is not set up yet: ask your office" (the
 * server refuses it everything anyway).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <RedirectToLogin from={`${location.pathname}${location.search}${location.hash}`} />;
  if (!user.isSetUp) {
    return (
      <Suspense fallback={null}>
        <AccountNotSetUpPage />
      </Suspense>
    );
  }
  return children;
}

/** Where to go after sign-in: the remembered path (used once), else the profile. */
export function takeIntendedPath(): string {
  try {
    const path = sessionStorage.getItem(INTENDED_PATH_KEY);
    sessionStorage.removeItem(INTENDED_PATH_KEY);
    // Only same-app paths: never an absolute, protocol-relative or backslash URL.
    if (path && /^\/(?![/\\])/.test(path) && !path.startsWith('/login')) return path;
  } catch {
    // fall through
  }
  return '/profile';
}

/** Sends a signed-in user on once; the ref keeps StrictMode's second effect run from taking the path again. */
function GoToIntendedPath() {
  const navigate = useNavigate();
  const hasNavigated = useRef(false);
  useEffect(() => {
    if (hasNavigated.current) return;
    hasNavigated.current = true;
    void navigate(takeIntendedPath(), { replace: true });
  }, [navigate]);
  return null;
}

/** /login and friends: a signed-in user is sent on to where they were going. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <GoToIntendedPath />;
  return children;
}
