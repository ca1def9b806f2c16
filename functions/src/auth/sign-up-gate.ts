// Who may make an account through Firebase Auth's public sign-up (a password sign-up, or the first
// sign-in with an e-mail link): only someone whose e-mail the worker directory knows. Deployed as a
// `beforeUserCreated` blocking function, which runs only where the project has Firebase
// Authentication with Identity Platform (https://firebase.google.com/docs/functions/auth-blocking-events);
// accounts made with the Admin SDK (createAccount, the seed) never pass through it. Even a sign-up it
// lets through gets no power: only a `users/{uid}` record made by staff gives a role
// (domain/identity.ts staffMadeAccountOf), and createAccount takes such an account over.
import type { AuthBlockingEvent } from 'firebase-functions/v2/identity';
import { HttpsError } from 'firebase-functions/v2/identity';
import type { WorkerDirectory } from '../directory/worker-directory.js';

/** The refusal the client SDK reports (its message is this key); the login screen translates it. */
export const SIGN_UP_CLOSED_KEY = 'auth.errors.signUpClosed';

export type SignUpGateDeps = {
  directory: Pick<WorkerDirectory, 'findByEmail'>;
  logger: { warn: (message: string, fields?: Record<string, unknown>) => void };
};

/** The blocking handler: refuses (`permission-denied`) a sign-up without an e-mail the directory knows. */
export function createSignUpGate(deps: SignUpGateDeps) {
  return async (event: Pick<AuthBlockingEvent, 'data'>): Promise<void> => {
    const email = typeof event.data?.email === 'string' ? event.data.email.trim() : '';
    const worker = email ? await deps.directory.findByEmail(email) : null;
    if (worker) return;
    deps.logger.warn('sign-up refused: e-mail not in the worker directory', {
      uid: event.data?.uid ?? null,
      hasEmail: email !== '',
    });
    throw new HttpsError('permission-denied', SIGN_UP_CLOSED_KEY);
  };
}
