// The app's one Cloud Storage bucket, reached through the Admin SDK only when first used, so
// importing the functions needs no bucket.
import { getStorage } from 'firebase-admin/storage';
import { adminApp } from '../firebase.js';

/**
 * The default bucket: the app's `storageBucket` (set from FIREBASE_CONFIG when deployed), else the
 * project's `<projectId>.appspot.com`, which is also what the emulators use for a demo project.
 */
export function defaultBucketName(): string {
  const { storageBucket, projectId } = adminApp().options;
  if (storageBucket) return storageBucket;
  const project = projectId ?? process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT;
  if (!project) throw new Error('no project id: cannot name the default Storage bucket');
  return `${project}.appspot.com`;
}

/** The bucket of that name. */
export const bucketNamed = (name: string) => getStorage(adminApp()).bucket(name);

export type StorageFile = ReturnType<ReturnType<typeof bucketNamed>['file']>;

/** Whether a Storage API error carries this HTTP status (404: no such object). */
export function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === status;
}
