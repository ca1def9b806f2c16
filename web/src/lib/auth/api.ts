import {
  type User,
  getIdToken,
  getIdTokenResult,
  onIdTokenChanged,
  signOut as firebaseSignOut,
} from 'firebase/auth';
import { firebaseAuth } from '../firebase';

// Every Firebase Auth call the auth state needs; the login screens have their own api.ts.
export type AuthSession = {
  account: { uid: string; email: string | null; displayName: string | null };
  token: string;
  issuedAtMs: number;
  roleClaim: unknown;
};

export async function readSession(user: User): Promise<AuthSession> {
  const result = await getIdTokenResult(user);
  return {
    account: { uid: user.uid, email: user.email, displayName: user.displayName },
    token: result.token,
    issuedAtMs: Date.parse(result.issuedAtTime),
    roleClaim: result.claims.role,
  };
}

/** Calls back with the user on every sign-in, sign-out and token change. */
export function watchIdToken(callback: (user: User | null) => void): () => void {
  return onIdTokenChanged(firebaseAuth(), callback);
}

export function currentUser(): User | null {
  return firebaseAuth().currentUser;
}

export function signOutOfFirebase(): Promise<void> {
  return firebaseSignOut(firebaseAuth());
}

const SIGN_OUT_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired', 'auth/user-not-found']);

/**
 * Forces a token refresh. A disabled, deleted or expired account signs the user out; other
 * failures (offline) leave the session alone. Returns true when the user was signed out.
 */
export async function refreshOrSignOut(user: User): Promise<boolean> {
  try {
    await getIdToken(user, true);
    return false;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!SIGN_OUT_CODES.has(code)) return false;
    await firebaseSignOut(firebaseAuth());
    return true;
  }
}
