// Who a signed-in person is, worked out one way for the web and the functions alike.
import { DEFAULT_ROLE, type Role, isRole } from './roles.js';

/** A string with something in it after trimming, else null. */
function filled(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The role of a token or an account: the first known role among `sources`, most authoritative first
 * (the server passes the `users/{uid}` record's role before the token's claim; the web passes the
 * claim). Absent or unknown everywhere: the default role, `user`, which is what an unknown role gets
 * from the rules too.
 */
export function roleOf(...sources: unknown[]): Role {
  return sources.find(isRole) ?? DEFAULT_ROLE;
}

/** The part of an e-mail address before the @, or null. */
export function emailLocalPart(email: unknown): string | null {
  return typeof email === 'string' ? filled(email.split('@')[0]) : null;
}

export type NameSources = {
  /** Names in order of preference: the profile's (users record, directory) before the Auth display name. */
  names: readonly unknown[];
  email?: unknown;
  /** When nothing else names the person (the uid on the server, so a ticket always names someone). */
  fallback?: string;
};

/** The name shown for a person (spec section 3): the profile name, the display name, the e-mail before the @. */
export function displayNameOf({ names, email, fallback = '' }: NameSources): string {
  for (const name of names) {
    const found = filled(name);
    if (found) return found;
  }
  return emailLocalPart(email) ?? fallback;
}

/** A `users/{uid}` record made by staff (createAccount, the seed): its role and the directory worker it is linked to. */
export type StaffMadeAccount = { role: Role; workerId: string };

/** The translation key of a refusal to an account that staff did not make (no record, no worker, unknown role). */
export const ACCOUNT_NOT_SET_UP_KEY = 'auth.errors.accountNotSetUp';

/** A directory worker id that can name a document: filled, no `/`, at most 200 characters. */
export function isWorkerIdValue(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && /^[^/]{1,200}$/.test(value);
}

/**
 * The account a `users/{uid}` record makes of its owner, or null when the record is missing, names
 * no directory worker or holds a role that is not in the table. Only staff write that record, so
 * this is what tells a staff-made account from one anybody can make with Firebase Auth's public
 * sign-up (or an e-mail link for an unknown address): those get no role and no power, on the
 * server and in the rules alike (firestore.rules and storage.rules `isStaffMade`).
 */
export function staffMadeAccountOf(
  record: Readonly<Record<string, unknown>> | undefined,
): StaffMadeAccount | null {
  if (!record || !isRole(record.role) || !isWorkerIdValue(record.workerId)) return null;
  return { role: record.role, workerId: record.workerId };
}

/**
 * The role a `users/{uid}` record gives its account, read the way every callable and rule reads it:
 * an account staff did not make, or a role not in the table, has no power and counts at the lowest
 * level, `user` (for comparing levels and listing). The `role` claim is only a copy for the screens.
 */
export function roleOfRecord(record: Readonly<Record<string, unknown>> | undefined): Role {
  return staffMadeAccountOf(record)?.role ?? DEFAULT_ROLE;
}
