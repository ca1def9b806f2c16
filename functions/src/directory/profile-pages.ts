import type { CollectionReference, DocumentSnapshot } from 'firebase-admin/firestore';
import type { WorkerProfile } from '../domain/index.js';
import type { WorkerPage } from './worker-directory.js';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;

/**
 * One page of a collection of worker documents ordered by name (then id); `pageToken` is the last
 * id of the previous page. Malformed documents (`toProfile` null) are left out of the page.
 */
export async function listProfilePage(
  collection: CollectionReference,
  toProfile: (snapshot: DocumentSnapshot) => WorkerProfile | null,
  options: { limit?: number; pageToken?: string | null } = {},
): Promise<WorkerPage> {
  const limit = Math.min(Math.max(options.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  let query = collection
    .orderBy('name')
    .orderBy('__name__')
    .limit(limit + 1);
  if (options.pageToken && !options.pageToken.includes('/')) {
    const cursor = await collection.doc(options.pageToken).get();
    if (cursor.exists) query = query.startAfter(cursor);
  }
  const result = await query.get();
  const page = result.docs.slice(0, limit);
  return {
    workers: page.map(toProfile).filter((w): w is WorkerProfile => w !== null),
    nextPageToken: result.docs.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
