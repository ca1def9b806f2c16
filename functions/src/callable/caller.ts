import type { UserRecord } from 'firebase-admin/auth';
import {
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  Timestamp,
} from 'firebase-admin/firestore';
import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https';
import {
  ACCOUNT_NOT_SET_UP_KEY,
  type PermissionSubject,
  SESSIONS_COLLECTION,
  SESSION_RECORD_TTL_MS,
  decideSessionActivity,
  type Role,
  displayNameOf,
  staffMadeAccountOf,
} from '../domain/index.js';
import { adminAuth } from '../firebase.js';

/**
 * Who is calling, decided at the moment of the call: the ID token must still stand (not revoked, the
 * account not disabled), and the account must be one staff made: role, linked directory worker,
 * per-user permission changes and name come from the server's own record `users/{uid}`, never from
 * the token (an account made through Firebase Auth's public sign-up has a token but no record, and
 * no power). Nothing the client sends in the payload counts here.
 */
export type Caller = PermissionSubject & {
  uid: string;
  email: string | null;
  name: string;
  role: Role;
  /** The directory worker the account is linked to (its name and e-mail head the tickets it files). */
  workerId: string;
  assignedPermissions: string[];
  revokedPermissions: string[];
};

/** The verified part of a callable request that the caller is built from. */
export type VerifiedAuth = Pick<NonNullable<CallableRequest['auth']>, 'uid' | 'token' | 'rawToken'>;

const stringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * A Caller from a uid, the e-mail of its Auth account and its `users/{uid}` record; null when the
 * record is not one staff made (staffMadeAccountOf). Role, worker, permission lists, name and
 * e-mail come from the record (the e-mail of the Auth account only where the record has none; the
 * token's display name never, as anybody can set their own); the name falls back to the e-mail
 * before the @, then the uid, so a ticket always names the person.
 */
function callerOf(
  uid: string,
  authEmail: unknown,
  userData: Record<string, unknown> | undefined,
): Caller | null {
  const account = staffMadeAccountOf(userData);
  if (!account || !userData) return null;
  const email = [userData.email, authEmail].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return {
    uid,
    email: email?.trim() ?? null,
    name: displayNameOf({ names: [userData.name], email, fallback: uid }),
    role: account.role,
    workerId: account.workerId,
    assignedPermissions: stringArray(userData.assignedPermissions),
    revokedPermissions: stringArray(userData.revokedPermissions),
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

/** The record of this sign-in's activity: `sessions/{uid}_{auth_time}` (see domain/server-session.ts). */
function sessionRef(db: Firestore, auth: VerifiedAuth): DocumentReference {
  const authTime = auth.token.auth_time;
  const id = `${auth.uid}_${typeof authTime === 'number' && Number.isFinite(authTime) ? authTime : 'none'}`;
  return db.collection(SESSIONS_COLLECTION).doc(id);
}

/**
 * The server's half of the 15-minute session: refuses (`unauthenticated`, as a revoked token) a
 * sign-in that has been quiet for longer than the timeout, else records this call as its activity
 * (at most once a minute).
 */
async function touchSession(ref: DocumentReference, stored: DocumentSnapshot, auth: VerifiedAuth) {
  const now = Date.now();
  const last: unknown = stored.get('lastActivityAt');
  const authTime = auth.token.auth_time;
  const decision = decideSessionActivity({
    signedInAt: typeof authTime === 'number' ? authTime * 1000 : null,
    lastActivityAt: last instanceof Timestamp ? last.toMillis() : null,
    now,
  });
  if (decision.isExpired) throw sessionEnded();
  if (!decision.shouldRecord) return;
  await ref.set({
    uid: auth.uid,
    lastActivityAt: Timestamp.fromMillis(now),
    expireAt: Timestamp.fromMillis(now + SESSION_RECORD_TTL_MS),
  });
}

/**
 * Loads the caller of a request (see callerOf) after checking that its token still stands, that
 * the record does not mark the account disabled and that its session has not gone quiet for
 * longer than the timeout (touchSession). An account without a staff-made record is refused with
 * `permission-denied` ACCOUNT_NOT_SET_UP_KEY: the app then says to ask the office.
 */
export async function loadCaller(db: Firestore, auth: VerifiedAuth): Promise<Caller> {
  const session = sessionRef(db, auth);
  const [[users, stored]] = await Promise.all([
    db.getAll(db.collection('users').doc(auth.uid), session),
    assertTokenStands(auth),
  ]);
  const userData = users?.data();
  if (userData?.disabled === true) throw sessionEnded();
  const caller = callerOf(auth.uid, auth.token.email, userData);
  if (!caller) throw new HttpsError('permission-denied', ACCOUNT_NOT_SET_UP_KEY);
  if (stored) await touchSession(session, stored, auth);
  return caller;
}

/**
 * Another account as a permission subject, the same way; null for an account staff did not make.
 * listTicketStaff offers exactly the enabled accounts for which this holds PROCESS_TICKETS, and
 * assignTicket accepts exactly those.
 */
export function accountAsCaller(
  account: Pick<UserRecord, 'uid' | 'email'>,
  userData: Record<string, unknown> | undefined,
): Caller | null {
  return callerOf(account.uid, account.email, userData);
}
