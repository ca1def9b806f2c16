import type { Firestore } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { DEFAULT_ROLE, type PermissionSubject, isRole } from '../domain/index.js';

/**
 * Who is calling: identity and role from the verified ID token, per-user permission changes and
 * the display name from `users/{uid}`. Nothing the client sends in the payload counts here.
 */
export type Caller = PermissionSubject & {
  uid: string;
  email: string | null;
  name: string;
  role: string;
  assignedPermissions: string[];
  revokedPermissions: string[];
};

/** The verified part of a callable request that the caller is built from. */
export type VerifiedAuth = Pick<NonNullable<CallableRequest['auth']>, 'uid' | 'token'>;

const stringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const nonEmptyString = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Loads the caller: role from the `role` claim (absent or unknown -> `user`), e-mail from the
 * token, assigned/revoked permissions and name from `users/{uid}` (a missing document means none).
 * The name falls back to the token's name, then the e-mail, so a ticket always names its submitter.
 */
export async function loadCaller(db: Firestore, auth: VerifiedAuth): Promise<Caller> {
  const claims: Record<string, unknown> = auth.token;
  const userData = (await db.collection('users').doc(auth.uid).get()).data() ?? {};
  const email = nonEmptyString(claims.email);
  return {
    uid: auth.uid,
    email,
    name: nonEmptyString(userData.name) ?? nonEmptyString(claims.name) ?? email ?? auth.uid,
    role: isRole(claims.role) ? claims.role : DEFAULT_ROLE,
    assignedPermissions: stringArray(userData.assignedPermissions),
    revokedPermissions: stringArray(userData.revokedPermissions),
  };
}
