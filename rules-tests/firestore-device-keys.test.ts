// firestore.rules for the device-data keys, deviceKeys/{uid}: the key that seals an account's data
// on the phone (drafts, the outbox). Only the getDeviceKey callable reads and creates them, for the
// caller alone: no client reads one, its owner included, and no client writes one.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { type Db, OTHER_WORKER, STAFF, WORKER, useRulesEnvironment } from './firestore-fixtures.js';

const KEY = `deviceKeys/${WORKER.uid}`;
const deviceKey = (key: string) => ({ key, createdAt: new Date(0) });

const { as, visitor } = useRulesEnvironment('demo-rules-device-keys', {
  seed(write) {
    write(KEY, deviceKey('a2V5LW9mLXRoZS13b3JrZXI='));
  },
});

const WHO: [string, () => Db][] = [
  ['the owner', () => as(WORKER)],
  ['another user', () => as(OTHER_WORKER)],
  ['an admin', () => as(STAFF.admin)],
  ['a visitor', visitor],
];

describe('device keys: reads', () => {
  it.each(WHO)('%s cannot get or list them', async (_who, db) => {
    await assertFails(getDoc(doc(db(), KEY)));
    await assertFails(getDocs(collection(db(), 'deviceKeys')));
  });
});

describe('device keys: client writes', () => {
  it.each(WHO)('%s cannot create, change or delete one', async (_who, db) => {
    await assertFails(setDoc(doc(db(), `deviceKeys/${OTHER_WORKER.uid}`), deviceKey('Y2hvc2VuLWtleQ==')));
    await assertFails(setDoc(doc(db(), KEY), deviceKey('Y2hvc2VuLWtleQ==')));
    await assertFails(updateDoc(doc(db(), KEY), { key: 'Y2hvc2VuLWtleQ==' }));
    await assertFails(deleteDoc(doc(db(), KEY)));
  });
});
