// Who calls an /api route, read the way the callables read it (callable/caller.ts loadCaller): the
// token still stands (not revoked, the Auth account not disabled), the users/{uid} record does not
// mark the account disabled, and the record is one staff made. App Check is verified here too,
// where it is enforced, as onCall does for the callables.
import type { Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { type Caller, loadCaller } from '../callable/caller.js';
import { verifyBearer } from './bearer.js';
import type { ApiErrorCode } from './errors.js';

/** App Check for the /api routes that hold personal data. */
export type ApiAppCheck = {
  /** Whether a request without a valid token is refused (off on the emulators). */
  isEnforced(): boolean;
  /** Resolves for a valid App Check token, rejects for any other. */
  verify(token: string): Promise<unknown>;
};

/** The header the web's App Check SDK token travels in, as for the callables. */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

/** Whether the request passes App Check: always where it is not enforced, else with a valid token. */
export async function passesAppCheck(req: Request, appCheck: ApiAppCheck | undefined): Promise<boolean> {
  if (!appCheck?.isEnforced()) return true;
  const token = req.get(APP_CHECK_HEADER);
  if (!token) return false;
  try {
    await appCheck.verify(token);
    return true;
  } catch {
    return false;
  }
}

export type ApiCaller =
  | { caller: Caller; refusal?: undefined }
  /** `account-not-set-up`: a live account that staff did not make (it holds no power). */
  | { caller?: undefined; refusal: ApiErrorCode };

/**
 * The caller of a request with a bearer ID token (see loadCaller), or why it is refused:
 * `unauthenticated` for no token, a revoked or expired one, or a disabled account (in Auth or in
 * its record); `account-not-set-up` for an account staff did not make.
 */
export async function apiCallerOf(req: Request, deps: { auth: Auth; db: Firestore }): Promise<ApiCaller> {
  const verified = await verifyBearer(req, deps.auth);
  if (!verified) return { refusal: 'unauthenticated' };
  const { token, decoded } = verified;
  try {
    return { caller: await loadCaller(deps.db, { uid: decoded.uid, token: decoded, rawToken: token }) };
  } catch (error) {
    if (!(error instanceof HttpsError)) throw error;
    return { refusal: error.code === 'permission-denied' ? 'account-not-set-up' : 'unauthenticated' };
  }
}
