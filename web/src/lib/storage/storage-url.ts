import { ALLOWED_FILE_TYPES } from '@domain';
import { appEnv } from '../../config/env';
import { currentUser } from '../auth/api';
import { emulatorHost } from '../firebase';

// The bytes of a Storage object, fetched under storage.rules with the user's ID token: the request
// the SDK's getBlob makes (`GET /v0/b/<bucket>/o/<path>?alt=media` with `Authorization: Firebase
// <ID token>`; getBlob, https://firebase.google.com/docs/reference/js/storage). No download token
// is asked for or used: a `?alt=media&token=` URL skips the rules, never expires and stays in the
// browser history, so a file read here is readable exactly as long as the rules allow it. Fetched
// by hand, not through the Storage SDK (about 13 KB gzip), which kept the details page over the
// route budget.

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Why a file could not be read: the rules refused it (403), it is gone (404), or anything else. */
export type StorageReadFailure = 'denied' | 'notFound' | 'failed';

/** A refused or failed read, with the reason the screens tell apart. */
export class StorageReadError extends Error {
  constructor(
    readonly reason: StorageReadFailure,
    message: string,
  ) {
    super(message);
    this.name = 'StorageReadError';
  }
}

/** The Storage endpoint: the emulator on the local stack, Google otherwise. */
export function storageOrigin(): string {
  return appEnv.useEmulators ? `http://${emulatorHost()}:9199` : 'https://firebasestorage.googleapis.com';
}

/** The REST address of an object's content (no token in it). */
export const objectMediaUrl = (path: string) =>
  `${storageOrigin()}/v0/b/${encodeURIComponent(appEnv.firebase.storageBucket)}/o/${encodeURIComponent(path)}?alt=media`;

const failureOf = (status: number): StorageReadFailure =>
  status === 401 || status === 403 ? 'denied' : status === 404 ? 'notFound' : 'failed';

/**
 * The type the Blob is made with: an attachment type as Storage reports it, anything else as
 * opaque bytes. An object URL is of the app's origin, so a page or an SVG opened from it could
 * run script there; only the types the rules and the functions accept are rendered.
 */
function safeType(contentType: string | null): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (ALLOWED_FILE_TYPES as readonly string[]).includes(type) ? type : 'application/octet-stream';
}

/** The content of the object at `path`; a StorageReadError when Storage refuses or fails. */
export async function fetchStorageBlob(path: string, fetcher: FetchLike = fetch): Promise<Blob> {
  const user = currentUser();
  if (!user) throw new StorageReadError('denied', 'not signed in');
  const response = await fetcher(objectMediaUrl(path), {
    headers: { Authorization: `Firebase ${await user.getIdToken()}` },
    // The answer is the user's file: neither the HTTP cache nor a shared phone's disk keeps it.
    cache: 'no-store',
    credentials: 'omit',
  });
  if (!response.ok) {
    throw new StorageReadError(failureOf(response.status), `Storage answered ${response.status} for ${path}`);
  }
  const bytes = await response.arrayBuffer();
  return new Blob([bytes], { type: safeType(response.headers.get('Content-Type')) });
}
