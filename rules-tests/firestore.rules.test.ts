// Runs under the official Firestore emulator: `npm run test:emulators` (needs Java 21).
import { readFileSync } from 'node:fs';
import {
  type RulesTestEnvironment,
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';

let env: RulesTestEnvironment;

const worker = () => env.authenticatedContext('u-worker', { role: 'user' }).firestore();
const otherWorker = () => env.authenticatedContext('u-worker2', { role: 'user' }).firestore();
const foreman = () => env.authenticatedContext('u-foreman', { role: 'foreman' }).firestore();
const manager = () => env.authenticatedContext('u-manager', { role: 'manager' }).firestore();
const admin = () => env.authenticatedContext('u-admin', { role: 'admin' }).firestore();
const anonymous = () => env.unauthenticatedContext().firestore();

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-ticket-app',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host: '127.0.0.1', port: 8080 },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'tickets/t1'), { createdBy: 'u-worker', status: 'new', description: 'Boots' });
    await setDoc(doc(db, 'tickets/t1/updates/u1'), { text: 'Ordered' });
    await setDoc(doc(db, 'tickets/t1/activity/a1'), { change: { type: 'created' } });
    await setDoc(doc(db, 'tickets/t1/secrets/s1'), { note: 'not a readable sub-collection' });
    await setDoc(doc(db, 'toolCatalog/drill'), { name: 'Drill' });
    await setDoc(doc(db, 'users/u-worker'), { role: 'user' });
    await setDoc(doc(db, 'workers/w1'), { pesel: '00000000000' });
    await setDoc(doc(db, 'config/logging'), { level: 'error' });
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('tickets', () => {
  it('lets the submitter read their ticket', async () => {
    await assertSucceeds(getDoc(doc(worker(), 'tickets/t1')));
  });
  it('refuses another worker and a visitor', async () => {
    await assertFails(getDoc(doc(otherWorker(), 'tickets/t1')));
    await assertFails(getDoc(doc(anonymous(), 'tickets/t1')));
  });
  it('lets ticket staff read any ticket', async () => {
    await assertSucceeds(getDoc(doc(foreman(), 'tickets/t1')));
    await assertSucceeds(getDoc(doc(manager(), 'tickets/t1')));
  });
  it('refuses every client write, even the submitter and an admin', async () => {
    await assertFails(updateDoc(doc(worker(), 'tickets/t1'), { status: 'resolved' }));
    await assertFails(setDoc(doc(worker(), 'tickets/t2'), { createdBy: 'u-worker' }));
    await assertFails(updateDoc(doc(admin(), 'tickets/t1'), { status: 'resolved' }));
  });
});

describe('ticket updates and activity', () => {
  it('follow the ticket: submitter and staff read, others do not', async () => {
    await assertSucceeds(getDoc(doc(worker(), 'tickets/t1/updates/u1')));
    await assertSucceeds(getDoc(doc(worker(), 'tickets/t1/activity/a1')));
    await assertSucceeds(getDoc(doc(foreman(), 'tickets/t1/activity/a1')));
    await assertFails(getDoc(doc(otherWorker(), 'tickets/t1/updates/u1')));
    await assertFails(getDoc(doc(otherWorker(), 'tickets/t1/activity/a1')));
  });
  it('keeps other sub-collections closed and refuses writes', async () => {
    await assertFails(getDoc(doc(worker(), 'tickets/t1/secrets/s1')));
    await assertFails(setDoc(doc(worker(), 'tickets/t1/updates/u2'), { text: 'hi' }));
    await assertFails(setDoc(doc(foreman(), 'tickets/t1/activity/a2'), { change: {} }));
  });
});

describe('tool catalogue', () => {
  it('is readable by any signed-in user, not by visitors, and writable by nobody', async () => {
    await assertSucceeds(getDoc(doc(worker(), 'toolCatalog/drill')));
    await assertFails(getDoc(doc(anonymous(), 'toolCatalog/drill')));
    await assertFails(setDoc(doc(admin(), 'toolCatalog/saw'), { name: 'Saw' }));
  });
});

describe('everything else', () => {
  it('is closed to clients, admins included', async () => {
    await assertFails(getDoc(doc(worker(), 'users/u-worker')));
    await assertFails(getDoc(doc(admin(), 'users/u-worker')));
    await assertFails(getDoc(doc(admin(), 'workers/w1')));
    await assertFails(getDoc(doc(admin(), 'config/logging')));
    await assertFails(setDoc(doc(admin(), 'users/u-admin'), { role: 'admin' }));
  });
});
