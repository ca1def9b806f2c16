import type { UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https';
import { type PermissionSubject, displayNameOf, roleOf } from '../domain/index.js';
import { adminAuth } from '../firebase.js';

/**
 * Who is calling, decided at the moment of the call: the ID token must still stand (not revoked, the
 * account not disabled), and role, per-user permission changes and display name come from the
 * server's own record `users/{uid}` (the role claim only where the record has none). Nothing the
 * client sends in the payload counts here.
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
export type VerifiedAuth = Pick<NonNullable<CallableRequest['auth']>, 'uid' | 'token' | 'rawToken'>;

const stringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const nonEmptyString = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Who someone is, as the token or their Auth account says: the raw claim values. */
type Identity = { uid: string; email: unknown; name: unknown; role: unknown };

/**
 * A Caller from an identity and its `users/{uid}` data: role from the users document, else the
 * `role` claim (absent or unknown -> `user`); assigned/revoked permissions and name from the users
 * document (missing -> none); the name falls back to the identity's name, then the e-mail, then the
 * uid, so a ticket always names the person.
 */
function callerOf(identity: Identity, userData: Record<string, unknown> | undefined): Caller {
  const email = nonEmptyString(identity.email);
  return {
    uid: identity.uid,
    email,
    name: displayNameOf({ names: [userData?.name, identity.name], email, fallback: identity.uid }),
    role: roleOf(userData?.role, identity.role),
    assignedPermissions: stringArray(userData?.assignedPermissions),
    revokedPermissions: stringArray(userData?.revokedPermissions),
  };
}

const sessionEnded = () => new HttpsError('unauthenticated', 'auth.errors.sessionFailed');

/**
 * Refuses a token whose refresh tokens were revoked (a role change, a disable, a sign-out everywhere)
 * or whose account is disabled: onCall checks only the signature and expiry, so without this a
 * demoted or disabled account would keep its power for up to an hour.
 */
async function assertTokenStands(auth: VerifiedAuth): Promise<void> {
  try {
    await adminAuth().verifyIdToken(auth.rawToken, true);
  } catch {
    throw sessionEnded();
  }
}

/**
 * Loads the caller of a request (see callerOf) after checking that its token still stands and that
 * the record does not mark the account disabled.
 */
export async function loadCaller(db: Firestore, auth: VerifiedAuth): Promise<Caller> {
  const claims: Record<string, unknown> = auth.token;
  const [userData] = await Promise.all([
    db
      .collection('users')
      .doc(auth.uid)
      .get()
      .then((snapshot) => snapshot.data()),
    assertTokenStands(auth),
  ]);
  if (userData?.disabled === true) throw sessionEnded();
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
