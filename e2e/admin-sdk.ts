import { emulatorEnv } from '../scripts/emulators.mjs';

/** The Admin SDK on the local suite's Firestore: what the server really stored. */
export async function adminDb() {
  Object.assign(process.env, emulatorEnv());
  const { adminDb: db } = await import('../functions/src/firebase.js');
  return db();
}
