import { displayNameOf, isRole, roleOf } from '@domain';
import type { EnrichedUser, Profile } from './types';

export type AuthAccount = { uid: string; email: string | null; displayName: string | null };

/**
 * Spec section 3: name = profile name, else display name, else the e-mail before the @;
 * role = the token claim, default user; set up only with a known role claim (staff made the
 * account); permission lists from the profile.
 */
export function enrichUser(account: AuthAccount, roleClaim: unknown, profile: Profile | null): EnrichedUser {
  const email = account.email ?? '';
  const name = displayNameOf({ names: [profile?.name, account.displayName], email });
  return {
    uid: account.uid,
    email,
    name,
    role: roleOf(roleClaim),
    isSetUp: isRole(roleClaim),
    profile,
    assignedPermissions: profile?.assignedPermissions ?? [],
    revokedPermissions: profile?.revokedPermissions ?? [],
  };
}
