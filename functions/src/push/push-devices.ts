import { createHash } from 'node:crypto';
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import type { Language } from '../domain/constants.js';
import { PUSH_DEVICES_COLLECTION, type PushDevice, devicesToDropFor } from '../domain/push.js';

/*
 * The stored push devices: `users/{uid}/pushDevices/{sha256(token)}`
 * `{token, language, createdAt, updatedAt, userAgent?}`. Written only here (the rules let no client
 * read or write them). The id is the token's hash, so registering a token again updates one
 * document, and the token itself appears in no path or log.
 */

/** The document id of a token. */
export const pushDeviceId = (token: string) => createHash('sha256').update(token).digest('hex');

const devicesOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection(PUSH_DEVICES_COLLECTION);

/** Longest user agent kept (it only helps a person tell their devices apart). */
const USER_AGENT_MAX = 256;

export type SavePushDevice = {
  uid: string;
  token: string;
  language: Language | undefined;
  userAgent: string | undefined;
  at: Date;
};

const millisOf = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : 0);

/**
 * Stores (or refreshes) a device; its first registration time is kept. A new device beyond
 * PUSH_DEVICES_PER_ACCOUNT drops the account's device refreshed longest ago, in the same transaction.
 */
export async function savePushDevice(db: Firestore, device: SavePushDevice): Promise<void> {
  const devices = devicesOf(db, device.uid);
  const ref = devices.doc(pushDeviceId(device.token));
  const at = Timestamp.fromDate(device.at);
  await db.runTransaction(async (tx) => {
    const [existing, stored] = await Promise.all([tx.get(ref), tx.get(devices)]);
    const toDrop = devicesToDropFor(
      ref.id,
      stored.docs.map((doc) => ({ id: doc.id, updatedAt: millisOf(doc.get('updatedAt')) })),
    );
    for (const id of toDrop) tx.delete(devices.doc(id));
    tx.set(ref, {
      token: device.token,
      language: device.language ?? null,
      createdAt: existing.exists ? (existing.get('createdAt') ?? at) : at,
      updatedAt: at,
      ...(device.userAgent ? { userAgent: device.userAgent.slice(0, USER_AGENT_MAX) } : {}),
    });
  });
}

/** Forgets a device of `uid`; nothing happens when it is not theirs or not there. */
export async function deletePushDevice(db: Firestore, uid: string, token: string): Promise<void> {
  await devicesOf(db, uid).doc(pushDeviceId(token)).delete();
}

/** Every stored device of `uid`. */
export async function listPushDevices(db: Firestore, uid: string): Promise<PushDevice[]> {
  const snapshot = await devicesOf(db, uid).get();
  return snapshot.docs.map((doc) => {
    return {
      id: doc.id,
      token: doc.get('token'),
      language: doc.get('language'),
      updatedAt: millisOf(doc.get('updatedAt')),
    };
  });
}

/** Deletes the devices of `uid` with these ids (their tokens are dead). */
export async function deletePushDevicesById(
  db: Firestore,
  uid: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const batch = db.batch();
  for (const id of ids) batch.delete(devicesOf(db, uid).doc(id));
  await batch.commit();
}
