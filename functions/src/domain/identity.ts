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
