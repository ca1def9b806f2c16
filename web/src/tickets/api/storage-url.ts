import { appEnv } from '../../config/env';
import { currentUser } from '../../lib/auth/api';
import { emulatorHost } from '../../lib/firebase';

// The download URL of a Storage object, asked of Storage's REST API the way the SDK's
// getDownloadURL does: the details page then needs no Storage SDK (about 13 KB gzip), which kept
// it over the route budget. storage.rules still decide: the request carries the ID token.

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The Storage endpoint: the emulator on the local stack, Google otherwise. */
export function storageOrigin(): string {
  return appEnv.useEmulators ? `http://${emulatorHost()}:9199` : 'https://firebasestorage.googleapis.com';
}

/**
 * A URL that serves the object (with its download token) to an <img> or a link. Throws when the
 * object is missing, the rules refuse it, or it has no download token.
 */
export async function downloadUrlOf(path: string, fetcher: FetchLike = fetch): Promise<string> {
  const user = currentUser();
  if (!user) throw new Error('not signed in');
  const objectUrl = `${storageOrigin()}/v0/b/${encodeURIComponent(appEnv.firebase.storageBucket)}/o/${encodeURIComponent(path)}`;
  const response = await fetcher(objectUrl, {
    headers: { Authorization: `Firebase ${await user.getIdToken()}` },
  });
  if (!response.ok) throw new Error(`Storage answered ${response.status} for ${path}`);
  const metadata = (await response.json()) as { downloadTokens?: unknown };
  const token = typeof metadata.downloadTokens === 'string' ? metadata.downloadTokens.split(',')[0] : '';
  if (!token) throw new Error(`no download token for ${path}`);
  return `${objectUrl}?alt=media&token=${encodeURIComponent(token)}`;
}
