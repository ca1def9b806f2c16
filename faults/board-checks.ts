// What the board faults look at: the documents a failed sync or edit may not touch (with their
// update times, so that even a rewrite of the same data shows), the sync's own record, the nightly
// sync run as Cloud Scheduler runs it, and the web app's translation of an error key.
import { readFileSync } from 'node:fs';
import type { Firestore } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '../functions/src/domain/index.js';
import { PROJECT_ID, ROOT } from '../scripts/emulators.mjs';
import type { SplitStack } from './split-stack.js';

/** Every document of a collection as stored: id -> its last update time and its data. */
export async function stored(db: Firestore, collection: string) {
  const snapshot = await db.collection(collection).get();
  return Object.fromEntries(
    snapshot.docs.map((doc) => [doc.id, { updateTime: doc.updateTime.toMillis(), data: doc.data() }]),
  );
}

/**
 * What a failed sync or edit may not touch: the read model, the configuration but the sync's own
 * record, the audit log, the users and the board's write lease.
 */
export async function untouchable(db: Firestore) {
  const { mondaySync: _sync, ...config } = await stored(db, 'config');
  return {
    workers: await stored(db, 'workers'),
    config,
    auditLog: await stored(db, 'auditLog'),
    users: await stored(db, 'users'),
    mondayWriteLeases: await stored(db, 'mondayWriteLeases'),
  };
}

/** The sync's own record (config/mondaySync). */
export async function syncRecord(db: Firestore) {
  return (await db.doc('config/mondaySync').get()).data() ?? {};
}

/**
 * Runs the nightly full sync (syncBoardNightly) as Cloud Scheduler runs a 2nd-gen scheduled
 * function, by an HTTP request to it: here the Functions emulator's trigger route, under the key
 * the emulator gave the function (its id and a generation; a wrong name is answered with the list
 * of keys). 200 when the sync succeeded, 500 when it failed.
 */
export async function runNightlySync(stack: SplitStack): Promise<number> {
  const triggers = `${stack.functionsOrigin}/functions/projects/${PROJECT_ID}/triggers`;
  const listed = await (await fetch(`${triggers}/none`, { method: 'POST' })).text();
  const key = new RegExp(`${FUNCTIONS_REGION}-syncBoardNightly(-\\d+)?(?=,|$)`).exec(listed.trim())?.[0];
  if (!key) throw new Error(`syncBoardNightly is not among the emulator's functions: ${listed}`);
  const response = await fetch(`${triggers}/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  await response.text();
  return response.status;
}

/** A translation key's text in the admin screens' bundle of a language ('' when missing). */
export function adminText(language: 'pl' | 'en' | 'ru', key: string): string {
  const bundle: unknown = JSON.parse(readFileSync(`${ROOT}/web/src/i18n/admin/${language}.json`, 'utf8'));
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
  return typeof text === 'string' ? text : '';
}
