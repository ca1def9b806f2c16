// What the fault tests do on a split suite of any ports (the e2e helpers assume the default ones):
// the Admin SDK on its Auth and Firestore, a worker account made as staff make one, an ID token
// from the Auth emulator, and callables called over HTTP as the web SDK calls them.
import { randomUUID } from 'node:crypto';
import type { Ports } from '../scripts/emulators.mjs';

/** A running suite: its ports and where the Admin SDK finds its Auth and Firestore. */
export type Suite = { ports: Ports; env: Record<string, string> };

export const PASSWORD = 'Demo-pass-1';

/** The Admin SDK on the suite's Auth and Firestore (straight, not through the functions' link). */
export async function adminOf(stack: Suite) {
  Object.assign(process.env, stack.env);
  const { adminAuth, adminDb } = await import('../functions/src/firebase.js');
  return { db: adminDb(), auth: adminAuth() };
}

export type Worker = { uid: string; email: string; workerId: string; name: string };

/**
 * A worker account of the test's own, as staff make one: a directory worker, the Auth user with
 * the `user` role claim, and its users document linked to the worker.
 */
export async function createWorker(stack: Suite, name: string): Promise<Worker> {
  const { db, auth } = await adminOf(stack);
  const suffix = randomUUID().slice(0, 8);
  const worker = {
    uid: `u-fault-${suffix}`,
    email: `fault-${suffix}@example.com`,
    workerId: `w-fault-${suffix}`,
    name,
  };
  await db.collection('workers').doc(worker.workerId).set({ name, email: worker.email });
  await auth.createUser({
    uid: worker.uid,
    email: worker.email,
    password: PASSWORD,
    displayName: name,
    emailVerified: true,
  });
  await auth.setCustomUserClaims(worker.uid, { role: 'user' });
  const { Timestamp } = await import('firebase-admin/firestore');
  await db.collection('users').doc(worker.uid).set({
    email: worker.email,
    name,
    role: 'user',
    assignedPermissions: [],
    revokedPermissions: [],
    workerId: worker.workerId,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  return worker;
}

/** The worker's tickets on the server with this description. */
export async function ticketsOf(stack: Suite, uid: string, description: string) {
  const { db } = await adminOf(stack);
  const found = await db.collection('tickets').where('createdBy', '==', uid).get();
  return found.docs.filter((doc) => doc.get('description') === description);
}

/** Deletes a worker made by createWorker, with their tickets. */
export async function deleteWorker(stack: Suite, worker: Worker): Promise<void> {
  const { db, auth } = await adminOf(stack);
  const tickets = await db.collection('tickets').where('createdBy', '==', worker.uid).get();
  await Promise.all(tickets.docs.map((doc) => db.recursiveDelete(doc.ref)));
  await db.collection('users').doc(worker.uid).delete();
  await db.collection('workers').doc(worker.workerId).delete();
  await auth.deleteUser(worker.uid).catch(() => undefined);
}

/** An ID token from the suite's Auth emulator, as the web SDK gets one at sign-in. */
export async function idTokenOf(stack: Suite, email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

export type CallAnswer = {
  status: number;
  result?: unknown;
  error?: { status?: string; message?: string; details?: unknown };
};

/**
 * Calls a callable at `url` over HTTP the way the web SDK does: its answer, or the rejection of
 * fetch when the connection closed without one.
 */
export async function call(url: string, idToken: string, data: unknown): Promise<CallAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as Omit<CallAnswer, 'status'>;
  return { status: response.status, ...body };
}

/** A work-hours submission (no salary period or presalary lock involved) with its request id. */
export function workHours(requestId: string, description: string) {
  const today = new Date().toISOString().slice(0, 10);
  return {
    requestId,
    category: 'workhours',
    subcategory: 'missingHours',
    description,
    startDate: today,
    endDate: today,
    hours: 8,
    attachments: [],
  };
}
