import type { AuthRules, WorkerProfile } from '@domain';

/** GET /api/profiles `data` (spec section 3 "Profile"; `worker` is the directory entry). */
export type Profile = {
  name: string | null;
  role?: string;
  assignedPermissions: string[];
  revokedPermissions: string[];
  worker: WorkerProfile | null;
};

/** The signed-in user as every screen sees it (spec section 3 "Enriched user"). */
export type EnrichedUser = {
  uid: string;
  email: string;
  /** Profile name, else display name, else the part of the e-mail before the @. */
  name: string;
  /** From the token claim `role`, default `user`. */
  role: string;
  /**
   * Whether staff made this account (createAccount sets the `role` claim): an account made through
   * Firebase Auth's public sign-up has none, holds no power on the server, and sees only "Your account
   * is not set up yet: ask your office".
   */
  isSetUp: boolean;
  profile: Profile | null;
  assignedPermissions: string[];
  revokedPermissions: string[];
};

export type AuthState = {
  user: EnrichedUser | null;
  rules: AuthRules | null;
  /** True until auth, profile and rules are loaded. */
  isLoading: boolean;
  /**
   * True while the signed-in user is the one the page's first auth state restored (no login happened).
   * Any sign-out (a logout, a session end, a disabled account, a failed refresh) or a change of user ends
   * it for the rest of the page life: a later sign-in is a login and starts a fresh session.
   */
  isRestoredSignIn: boolean;
  /** Signs out of Firebase and clears the cached profile. */
  signOut: () => Promise<void>;
};
