// Runs the session timeout (spec section 4 "Session") for the whole page: mounted once above the routes,
// from the first sign-in of the page on, and never again unmounted. The manager must see every sign-out
// and sign-in of the page to tell a login (a fresh session) from a restored sign-in (the stored one goes
// on); inside the signed-in shell it was mounted anew with each sign-in and mistook a later login for a
// restored one. Its code loads only once someone is signed in, so /login does not carry it.
import { useState } from 'react';
import { useAuth } from '../lib/auth/auth-context';
import { lazyComponent } from '../lib/lazy-component';
import type { SessionManagerProps } from './session-manager';

const sessionManager = lazyComponent<SessionManagerProps>(() =>
  import('./session-manager').then((m) => m.SessionManager),
);
const SessionManager = sessionManager.Component;
/** Loads the manager's code ahead of the first sign-in (tests). */
export const preloadSessionManager = sessionManager.preload;

/** Test seams of the manager; the app passes none. */
export type SessionTimeoutProps = Pick<SessionManagerProps, 'now' | 'channelFactory'>;

export function SessionTimeout(props: SessionTimeoutProps) {
  const { user, isLoading, isRestoredSignIn, signOut } = useAuth();
  const [hasHadUser, setHasHadUser] = useState(false);
  // Once mounted, the manager stays: it has to see this user's sign-out and whoever signs in next.
  if (user && !hasHadUser) setHasHadUser(true);
  if (!user && !hasHadUser) return null;
  return (
    <SessionManager
      {...props}
      user={user}
      isAuthResolved={!isLoading}
      isRestoredSignIn={isRestoredSignIn}
      signOut={signOut}
    />
  );
}
