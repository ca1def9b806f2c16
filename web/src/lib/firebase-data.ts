import { FUNCTIONS_REGION } from '@domain';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import type { Functions } from 'firebase/functions';
import { appEnv } from '../config/env';
import { emulatorHost, firebaseApp } from './firebase';

// Firestore, Storage and Functions, each loaded on first use: only the screens that read tickets,
// upload files or call functions pay for their code (/login loads none of it). Feature api files
// call these; components never do.

let firestorePromise: Promise<Firestore> | undefined;
let storagePromise: Promise<FirebaseStorage> | undefined;
let functionsPromise: Promise<Functions> | undefined;

/** Firestore with the offline cache on (workers on building sites lose signal often). */
export function firestore(): Promise<Firestore> {
  firestorePromise ??= import('firebase/firestore').then((sdk) => {
    const db = sdk.initializeFirestore(firebaseApp(), {
      localCache: sdk.persistentLocalCache({ tabManager: sdk.persistentMultipleTabManager() }),
    });
    if (appEnv.useEmulators) sdk.connectFirestoreEmulator(db, emulatorHost(), 8080);
    return db;
  });
  return firestorePromise;
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
  functionsPromise ??= import('firebase/functions').then((sdk) => {
    const instance = sdk.getFunctions(firebaseApp(), FUNCTIONS_REGION);
    if (appEnv.useEmulators) sdk.connectFunctionsEmulator(instance, emulatorHost(), 5001);
    return instance;
  });
  return functionsPromise;
}

/** Calls a callable function by name and returns its data. Errors are FunctionsError. */
export async function callFunction<Request, Response>(name: string, data: Request): Promise<Response> {
  const [instance, sdk] = await Promise.all([functions(), import('firebase/functions')]);
  const result = await sdk.httpsCallable<Request, Response>(instance, name)(data);
  return result.data;
}
