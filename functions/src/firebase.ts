import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

/** The Admin SDK app; the emulators are picked up from the *_EMULATOR_HOST variables. */
export function adminApp() {
  return getApps()[0] ?? initializeApp();
}

export const adminAuth = () => getAuth(adminApp());
export const adminDb = () => getFirestore(adminApp());
