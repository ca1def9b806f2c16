import type * as FirestoreModule from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore';
import { firestore } from '../../lib/firebase-data';

/*
 * The Firestore connection that the ticket reads share. The SDK is imported on first use
 * (firebase-data.ts), so screens that never read tickets never load it.
 */

export type FirestoreSdk = typeof FirestoreModule;
export type Connection = { db: Firestore; sdk: FirestoreSdk };

export async function connect(): Promise<Connection> {
  const db = await firestore();
  const sdk = await import('firebase/firestore');
  return { db, sdk };
}

export const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
