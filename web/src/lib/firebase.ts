import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { appEnv } from '../config/env';

// Auth only: Firestore and Storage are imported lazily by the features that read them, so
// /login never loads their code. initializeAuth without a popup resolver stays small and
// fetches nothing from Google.
let auth: Auth | undefined;

export function firebaseApp(): FirebaseApp {
  return getApps()[0] ?? initializeApp(appEnv.firebase);
}

/** The emulators live on the same host name the page was opened with (127.0.0.1 or localhost). */
export function emulatorHost(): string {
  const host = typeof location === 'undefined' ? '' : location.hostname;
  return host === 'localhost' ? 'localhost' : '127.0.0.1';
}

export function firebaseAuth(): Auth {
  if (auth) return auth;
  auth = initializeAuth(firebaseApp(), { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (appEnv.useEmulators) {
    connectAuthEmulator(auth, `http://${emulatorHost()}:9099`, { disableWarnings: true });
  }
  return auth;
}
