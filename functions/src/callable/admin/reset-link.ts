import { applicationDefault } from 'firebase-admin/app';
import { adminApp } from '../../firebase.js';

/*
 * Sends the "set your password" e-mail of resetUserPassword and createAccount. Firebase Auth
 * sends it itself (the Identity Toolkit `accounts:sendOobCode` call with admin credentials); the
 * Admin SDK's generatePasswordResetLink would only return a link and send nothing. In the local
 * emulator stack no e-mail leaves the machine, so the link is read back from the Auth emulator
 * and returned to the caller instead.
 */

/** Sends a password-reset e-mail; `link` is set only where no real e-mail is sent (the emulator). */
export type PasswordResetMailer = {
  send(email: string): Promise<{ link: string | null }>;
};

type OobCode = { email?: string; requestType?: string; oobLink?: string };
type ErrorBody = { error?: { message?: string } };

/** The project the Auth calls address: the emulator/runtime variable, else the Admin app's. */
function projectId(): string {
  const id = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? adminApp().options.projectId;
  if (!id) throw new Error('password reset: no project id (GCLOUD_PROJECT or the Admin app options)');
  return id;
}

async function postSendOobCode(url: string, bearer: string, email: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    // The service's own code (EMAIL_NOT_FOUND, ...), never the address.
    throw new Error(`sendOobCode failed: ${response.status} ${body.error?.message ?? ''}`.trim());
  }
}

/**
 * Emulator: sending records the code (and prints the link in the emulator log, as the e-mail
 * would); the emulator's own listing then gives the newest reset link of that address.
 */
async function sendThroughEmulator(host: string, email: string): Promise<{ link: string }> {
  const project = projectId();
  await postSendOobCode(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:sendOobCode`,
    // The Auth emulator treats the bearer `owner` as admin credentials.
    'owner',
    email,
  );
  const response = await fetch(`http://${host}/emulator/v1/projects/${project}/oobCodes`);
  if (!response.ok) throw new Error(`reading the emulator's oobCodes failed: ${response.status}`);
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
  const wanted = email.trim().toLowerCase();
  // The emulator lists codes in the order they were made: the last match is the newest.
  const newest = oobCodes
    .filter((code) => code.requestType === 'PASSWORD_RESET' && code.email?.toLowerCase() === wanted)
    .at(-1);
  if (!newest?.oobLink) throw new Error('the Auth emulator recorded no reset link');
  return { link: newest.oobLink };
}

/** Production: Firebase Auth sends its password-reset e-mail; the link never reaches us. */
async function sendThroughFirebase(email: string): Promise<{ link: null }> {
  const credential = adminApp().options.credential ?? applicationDefault();
  const { access_token: accessToken } = await credential.getAccessToken();
  await postSendOobCode(
    `https://identitytoolkit.googleapis.com/v1/projects/${projectId()}/accounts:sendOobCode`,
    accessToken,
    email,
  );
  return { link: null };
}

/**
 * The mailer of the running stack: the Auth emulator when `FIREBASE_AUTH_EMULATOR_HOST` is set
 * (as the Admin SDK decides too), Firebase Auth otherwise. Read at each send, so the variable
 * the emulator sets for the functions runtime is always the one in force.
 */
export function createPasswordResetMailer(): PasswordResetMailer {
  return {
    send(email) {
      const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      return emulatorHost ? sendThroughEmulator(emulatorHost, email) : sendThroughFirebase(email);
    },
  };
}
