import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  isSignInWithEmailLink,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  validatePassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { firebaseAuth } from '../lib/firebase';
import { signInWithRetries } from './sign-in-retry';

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const auth = firebaseAuth();
  await signInWithRetries(
    () => signInWithEmailAndPassword(auth, email, password),
    async () => {
      // validatePassword fetches the project's current password policy into the Auth cache.
      await validatePassword(auth, password).catch(() => undefined);
    },
  );
}

export async function sendSignInLink(email: string): Promise<void> {
  await sendSignInLinkToEmail(firebaseAuth(), email, {
    url: `${window.location.origin}/login`,
    handleCodeInApp: true,
  });
}

export function isEmailSignInLink(href: string): boolean {
  return isSignInWithEmailLink(firebaseAuth(), href);
}

/** Rejects with auth/invalid-email when `email` is not the address the link was sent to. */
export async function finishSignInWithLink(email: string, href: string): Promise<void> {
  await signInWithRetries(
    () => signInWithEmailLink(firebaseAuth(), email, href),
    () => Promise.resolve(),
  );
}

export function sendResetEmail(email: string): Promise<void> {
  return sendPasswordResetEmail(firebaseAuth(), email, { url: `${window.location.origin}/login` });
}

/** Returns the account e-mail the reset code belongs to. */
export function checkResetCode(code: string): Promise<string> {
  return verifyPasswordResetCode(firebaseAuth(), code);
}

export function setNewPassword(code: string, password: string): Promise<void> {
  return confirmPasswordReset(firebaseAuth(), code, password);
}

export function verifyEmail(code: string): Promise<void> {
  return applyActionCode(firebaseAuth(), code);
}

/** Restores the previous e-mail; returns it. */
export async function recoverEmail(code: string): Promise<string | null> {
  const info = await checkActionCode(firebaseAuth(), code);
  await applyActionCode(firebaseAuth(), code);
  return info.data.email ?? null;
}
