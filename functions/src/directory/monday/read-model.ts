// The Firestore read model of the board: `workers/{itemId}` (the collection every reader of the
// directory already uses, so the user list, the ticket writer and the queue need no board call) holds each worker's profile
// fields plus `emailLower`, `boardUpdatedAt` (the item's updated_at) and `syncedAt` (when this
// copy was taken from the board). Reads are served from here; only sync, webhooks and accepted
// edits write it, always with what the board answered.
import { type DocumentSnapshot, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { type WorkerProfile, workerProfileSchema } from '../../domain/index.js';
import { type BoardItem, itemToProfile } from './columns.js';
import type { MondayColumnMap } from './config.js';

/** The read model's collection in a deployment: the directory's own `workers`. */
export const WORKERS_READ_MODEL = 'workers';
/** A read model of its own, for tests that must not touch the directory's workers. */
export const MONDAY_WORKERS = 'mondayWorkers';

/** Where the read model lives: the database and the collection (default `workers`). */
export type ReadModelStore = { db: Firestore; readModel?: string };
export const readModelOf = (store: ReadModelStore) =>
  store.db.collection(store.readModel ?? WORKERS_READ_MODEL);
export const SYNC_STATE_DOC = 'config/mondaySync';
/** Firestore allows 500 writes per batch; stay below it. */
const BATCH_SIZE = 400;

export type CachedWorker = { profile: WorkerProfile; syncedAt: Date; boardUpdatedAt: string | null };

/** The cached profile of a read-model document, or null when missing or malformed. */
export function cachedWorkerOf(snapshot: DocumentSnapshot): CachedWorker | null {
  if (!snapshot.exists) return null;
  const { emailLower: _email, syncedAt, boardUpdatedAt, ...fields } = snapshot.data() ?? {};
  const parsed = workerProfileSchema.safeParse({ ...fields, id: snapshot.id });
  if (!parsed.success) return null;
  return {
    profile: parsed.data,
    syncedAt: syncedAt instanceof Timestamp ? syncedAt.toDate() : new Date(0),
    boardUpdatedAt: typeof boardUpdatedAt === 'string' ? boardUpdatedAt : null,
  };
}

function cacheDocOf(profile: WorkerProfile, boardUpdatedAt: string | null | undefined, syncedAt: Date) {
  const { id: _id, ...fields } = profile;
  return {
    ...fields,
    emailLower: profile.email.toLowerCase(),
    boardUpdatedAt: boardUpdatedAt ?? null,
    syncedAt: Timestamp.fromDate(syncedAt),
  };
}

export type CacheWriteResult = {
  written: string[];
  /** Items that are no worker (no valid e-mail, ...): not cached, and taken out if they were. */
  invalid: { itemId: string; problems: string[] }[];
};

/**
 * Writes these board items into the read model, replacing each cached copy whole. An item that is
 * no valid worker is taken out with `dropInvalid` (the full sync, under its removal guard); else
 * its cached copy stays (a delta or a webhook never removes on a mapping problem).
 */
export async function writeItems(
  store: ReadModelStore,
  items: readonly BoardItem[],
  columns: MondayColumnMap,
  syncedAt: Date,
  { dropInvalid = false }: { dropInvalid?: boolean } = {},
): Promise<CacheWriteResult> {
  const { db } = store;
  const collection = readModelOf(store);
  const result: CacheWriteResult = { written: [], invalid: [] };
  const writes: { id: string; data: ReturnType<typeof cacheDocOf> | null }[] = [];
  for (const item of items) {
    const mapped = itemToProfile(item, columns);
    if (mapped.ok) {
      writes.push({ id: mapped.profile.id, data: cacheDocOf(mapped.profile, item.updated_at, syncedAt) });
      result.written.push(mapped.profile.id);
    } else {
      if (dropInvalid) writes.push({ id: String(item.id), data: null });
      result.invalid.push({ itemId: mapped.itemId, problems: mapped.problems });
    }
  }
  for (let start = 0; start < writes.length; start += BATCH_SIZE) {
    const batch = db.batch();
    for (const { id, data } of writes.slice(start, start + BATCH_SIZE)) {
      if (id.includes('/')) continue;
      if (data) batch.set(collection.doc(id), data);
      else batch.delete(collection.doc(id));
    }
    await batch.commit();
  }
  return result;
}

/** Takes these items out of the read model. */
export async function removeItems(store: ReadModelStore, itemIds: readonly string[]): Promise<void> {
  const { db } = store;
  const collection = readModelOf(store);
  for (let start = 0; start < itemIds.length; start += BATCH_SIZE) {
    const batch = db.batch();
    for (const id of itemIds.slice(start, start + BATCH_SIZE)) {
      if (!id.includes('/')) batch.delete(collection.doc(id));
    }
    await batch.commit();
  }
}
