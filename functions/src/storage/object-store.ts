// The Storage operations of the attachment sweep: list the objects under a prefix and delete one.
// A port, so the sweep runs in tests against an in-memory stand-in (the Storage emulator cannot
// run everywhere the tests do).
import { bucketNamed, defaultBucketName, hasStatus } from './bucket.js';

/** An object in the bucket: its path and when it was uploaded (milliseconds since the epoch). */
export type StoredObject = { path: string; createdAt: number };

export type ObjectStore = {
  /** Every object whose path starts with `prefix`, fetched page by page. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Deletes the object at `path`; one that is already gone is no error. */
  remove(path: string): Promise<void>;
};

const PAGE_SIZE = 1000;

/**
 * The production store on the default bucket, through the Admin SDK. An object without a
 * readable creation time is left out of the listing, so nothing is judged on a guessed age.
 */
export function createBucketObjectStore(bucketName: () => string = defaultBucketName): ObjectStore {
  return {
    async *list(prefix) {
      const bucket = bucketNamed(bucketName());
      let pageToken: string | undefined;
      do {
        const [files, next] = await bucket.getFiles({
          prefix,
          autoPaginate: false,
          maxResults: PAGE_SIZE,
          ...(pageToken ? { pageToken } : {}),
        });
        for (const file of files) {
          const createdAt = Date.parse(String(file.metadata.timeCreated ?? ''));
          if (Number.isFinite(createdAt)) yield { path: file.name, createdAt };
        }
        // The next page's query, or null after the last page (whatever the SDK's type says).
        const token = (next as { pageToken?: unknown } | null)?.pageToken;
        pageToken = typeof token === 'string' && token !== '' ? token : undefined;
      } while (pageToken);
    },
    async remove(path) {
      try {
        await bucketNamed(bucketName()).file(path).delete({ ignoreNotFound: true });
      } catch (error) {
        if (!hasStatus(error, 404)) throw error;
      }
    },
  };
}
