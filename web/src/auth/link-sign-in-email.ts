// The address a sign-in link was sent to waits in this browser until the user comes back through
// the link. Opened on another device (or after the storage was cleared) there is none, and the
// link page asks for the address instead. Storage may be unavailable (private mode): then the
// address is simply not remembered. Every sign-out removes it (lib/auth/sign-out-cleanup.ts), so the
// next user of a shared phone does not see whose address it was.
import { EMAIL_FOR_SIGN_IN_KEY } from '../lib/auth/sign-out-cleanup';

export { EMAIL_FOR_SIGN_IN_KEY };

export function rememberLinkEmail(email: string): void {
  try {
    localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
  } catch {
    // nothing to do: the link page will ask for the address
  }
}

export function storedLinkEmail(): string | null {
  try {
    return localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY) || null;
  } catch {
    return null;
  }
}

export function forgetLinkEmail(): void {
  try {
    localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    // nothing stored then
  }
}
