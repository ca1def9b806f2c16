// firestore.rules for web push: the devices a user registered for push,
// users/{uid}/pushDevices/{id}, hold FCM tokens. Only functions touch them (registerPushDevice,
// unregisterPushDevice, the pushNotification trigger): no client reads them, their owner included,
// and no client writes them.
import { assertFails } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { type Db, OTHER_WORKER, STAFF, WORKER, useRulesEnvironment } from './firestore-fixtures.js';

const DEVICE = `users/${WORKER.uid}/pushDevices/d1`;
const device = (token: string) => ({ token, language: 'pl', createdAt: new Date(0), updatedAt: new Date(0) });

const { as, visitor } = useRulesEnvironment('demo-rules-push-devices', {
  seed(write) {
    write(DEVICE, device('fcm-token-of-the-worker'));
  },
});

const WHO: [string, () => Db][] = [
  ['the owner', () => as(WORKER)],
  ['another user', () => as(OTHER_WORKER)],
  ['an admin', () => as(STAFF.admin)],
  ['a visitor', visitor],
];

describe('push devices: reads', () => {
  it.each(WHO)('%s cannot get or list them', async (_who, db) => {
    await assertFails(getDoc(doc(db(), DEVICE)));
    await assertFails(getDocs(collection(db(), `users/${WORKER.uid}/pushDevices`)));
  });
  it.each(WHO)('%s cannot find a token across users', async (_who, db) => {
    await assertFails(
      getDocs(query(collectionGroup(db(), 'pushDevices'), where('token', '==', 'fcm-token-of-the-worker'))),
    );
  });
});

describe('push devices: client writes', () => {
  it.each(WHO)('%s cannot register, change or forget one', async (_who, db) => {
    await assertFails(setDoc(doc(db(), `users/${WORKER.uid}/pushDevices/d2`), device('another-token')));
    await assertFails(updateDoc(doc(db(), DEVICE), { language: 'en' }));
    await assertFails(deleteDoc(doc(db(), DEVICE)));
  });
});
