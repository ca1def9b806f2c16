// Moving an uploaded object to where the server keeps it. A port, so the callables run in tests
// against an in-memory stand-in (the Storage emulator cannot run everywhere the tests do).
//
// What Cloud Storage does: a move is a copy to the new name followed by a delete of the original
// ("moving objects by copying them includes deleting the original objects",
// https://cloud.google.com/storage/docs/copying-moving-objects), which is what the Node client's
// File#move does (https://googleapis.dev/nodejs/storage/latest/File.html#move). It is not atomic:
// a failure between the two leaves both objects, so callers look at the target first on a retry.
import { bucketNamed, defaultBucketName } from './bucket.js';

export type ObjectMover = {
  /** Moves the object at `from` to `to` in the same bucket, its metadata with it. */
  move(from: string, to: string): Promise<void>;
};

/** The production mover on the default bucket, through the Admin SDK (reached on the first call). */
export function createBucketObjectMover(bucketName: () => string = defaultBucketName): ObjectMover {
  return {
    async move(from, to) {
      await bucketNamed(bucketName()).file(from).move(to);
    },
  };
}
