import { FUNCTIONS_REGION } from '@domain';
import type { Firestore, disableNetwork, enableNetwork } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import type { Functions } from 'firebase/functions';
import { appEnv } from '../config/env';
import { emulatorHost, firebaseApp } from './firebase';
import { startAppCheck } from './firebase-app-check';
import { isOnline, subscribeConnectivity } from './connectivity';
import { logger } from './logger';

// Firestore, Storage and Functions, each loaded on first use: only the screens that read tickets,
// upload files or call functions pay for their code (/login loads none of it). Feature api files
// call these; components never do. App Check starts with Functions (and only with a site key).

let firestorePromise: Promise<Firestore> | undefined;
/** Stops Firestore following the connectivity signal (see followConnectivity). */
let stopFollowing: (() => void) | undefined;
let storagePromise: Promise<FirebaseStorage> | undefined;
let functionsPromise: Promise<Functions> | undefined;

/** Waiting for Firestore to start in this tab (see whenFirestoreStarts). */
const startWaiters = new Set<() => void>();

/**
 * Calls `onStart` once a screen of this tab has started Firestore (at once when one has), so that
 * something every screen shows (the unread count) can read it live without bringing its code to
 * the screens that read no Firestore. Returns what stops waiting.
 */
export function whenFirestoreStarts(onStart: () => void): () => void {
  if (firestorePromise) {
    onStart();
    return () => undefined;
  }
  startWaiters.add(onStart);
  return () => startWaiters.delete(onStart);
}

/**
 * Keeps Firestore's network in step with the app's connectivity signal (connectivity.ts): while the
 * app is offline, Firestore stops trying to connect, so its screens show the saved data at once
 * (instead of after its own timeout on a dead Wi-Fi) and its transport stops its failing network
 * checks; when the connection returns it connects at once, instead of at the end of its back-off.
 */
export function followConnectivity(
  db: Firestore,
  sdk: { enableNetwork: typeof enableNetwork; disableNetwork: typeof disableNetwork },
): () => void {
  let isEnabled = true;
  const follow = () => {
    const shouldEnable = isOnline();
    if (shouldEnable === isEnabled) return;
    isEnabled = shouldEnable;
    (shouldEnable ? sdk.enableNetwork(db) : sdk.disableNetwork(db)).catch((error: unknown) =>
      logger.warn('Could not switch Firestore’s network', error),
    );
  };
  const stop = subscribeConnectivity(follow);
  follow();
  return stop;
}

/** Firestore with the offline cache on (workers on building sites lose signal often). */
export function firestore(): Promise<Firestore> {
  if (!firestorePromise) {
    const waiters = [...startWaiters];
    startWaiters.clear();
    queueMicrotask(() => waiters.forEach((onStart) => onStart()));
  }
  firestorePromise ??= import('firebase/firestore').then((sdk) => {
    const db = sdk.initializeFirestore(firebaseApp(), {
      localCache: sdk.persistentLocalCache({ tabManager: sdk.persistentMultipleTabManager() }),
    });
    if (appEnv.useEmulators) sdk.connectFirestoreEmulator(db, emulatorHost(), 8080);
    stopFollowing = followConnectivity(db, sdk);
    return db;
  });
  return firestorePromise;
}

/**
 * Ends this tab's Firestore client (its listeners and its hold on the offline cache), so that a sign-out can
 * delete the cache; the next read starts a new client. Nothing to do when Firestore never started here.
 */
export async function stopFirestore(): Promise<void> {
  const started = firestorePromise;
  if (!started) return;
  firestorePromise = undefined;
  const [db, sdk] = await Promise.all([started, import('firebase/firestore')]);
  stopFollowing?.();
  stopFollowing = undefined;
  await sdk.terminate(db);
}

export function storage(): Promise<FirebaseStorage> {
  storagePromise ??= import('firebase/storage').then((sdk) => {
    const bucket = sdk.getStorage(firebaseApp());
    if (appEnv.useEmulators) sdk.connectStorageEmulator(bucket, emulatorHost(), 9199);
    return bucket;
  });
  return storagePromise;
}

export function functions(): Promise<Functions> {
  // App Check before getFunctions, so every call carries its token.
  functionsPromise ??= Promise.all([import('firebase/functions'), startAppCheck(firebaseApp())]).then(
    ([sdk]) => {
      const instance = sdk.getFunctions(firebaseApp(), FUNCTIONS_REGION);
      if (appEnv.useEmulators) sdk.connectFunctionsEmulator(instance, emulatorHost(), 5001);
      return instance;
    },
  );
  return functionsPromise;
}
