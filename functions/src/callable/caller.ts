import type { UserRecord } from 'firebase-admin/auth';
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

/** Who someone is, as the token or their Auth account says: the raw claim values. */
type Identity = { uid: string; email: unknown; name: unknown; role: unknown };

/**
 * A Caller from an identity and its `users/{uid}` data: role from the `role` claim (absent or
 * unknown -> `user`), assigned/revoked permissions and name from the users document (missing ->
 * none); the name falls back to the identity's name, then the e-mail, then the uid, so a ticket
 * always names the person.
 */
function callerOf(identity: Identity, userData: Record<string, unknown> | undefined): Caller {
  const email = nonEmptyString(identity.email);
  return {
    uid: identity.uid,
    email,
    name: nonEmptyString(userData?.name) ?? nonEmptyString(identity.name) ?? email ?? identity.uid,
    role: isRole(identity.role) ? identity.role : DEFAULT_ROLE,
    assignedPermissions: stringArray(userData?.assignedPermissions),
    revokedPermissions: stringArray(userData?.revokedPermissions),
  };
}

/** Loads the caller of a request from its verified token and `users/{uid}` (see callerOf). */
export async function loadCaller(db: Firestore, auth: VerifiedAuth): Promise<Caller> {
  const claims: Record<string, unknown> = auth.token;
  const userData = (await db.collection('users').doc(auth.uid).get()).data();
  return callerOf({ uid: auth.uid, email: claims.email, name: claims.name, role: claims.role }, userData);
}

/**
 * Another account as a permission subject, the same way (the Auth display name in place of the
 * token's name): listTicketStaff offers exactly the enabled accounts for which this holds
 * PROCESS_TICKETS, and assignTicket accepts exactly those.
 */
export function accountAsCaller(
  account: Pick<UserRecord, 'uid' | 'email' | 'displayName' | 'customClaims'>,
  userData: Record<string, unknown> | undefined,
): Caller {
  return callerOf(
    {
      uid: account.uid,
      email: account.email,
      name: account.displayName,
      role: account.customClaims?.role,
    },
    userData,
  );
}
