import type { StoredAttachment } from '@domain';
import { storage } from '../../lib/firebase-data';
import { safetyPhotosFolder, safetyStepPhotosFolder } from '../domain';

// The photo uploads of the "Report danger" screen to Storage; the report itself goes with
// call('submitSafetyReport'), which checks every photo again on the server.

/**
 * Where a photo goes: the reporter's folder of this report's request (storage.rules let only its
 * owner create files there, never overwrite one). The object name keeps the photo's name readable
 * and never collides, so a retry never needs to overwrite.
 */
export function safetyPhotoPath(uid: string, requestId: string, file: Pick<File, 'name'>): string {
  return `${safetyPhotosFolder(uid, requestId)}${uniqueName(file)}`;
}

/** A handler's step photo: their own folder of the report (storage.rules: new files only). */
export function safetyStepPhotoPath(reportId: string, uid: string, file: Pick<File, 'name'>): string {
  return `${safetyStepPhotosFolder(reportId, uid)}${uniqueName(file)}`;
}

/** The photo's name made safe for a path, after a part that never repeats. */
function uniqueName(file: Pick<File, 'name'>): string {
  const safe = file.name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(-80) || 'photo';
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${safe}`;
}

/** Why an upload ended without the photo: the caller stopped it (the connection went). */
export class UploadCancelledError extends Error {
  override readonly name = 'UploadCancelledError';
  constructor() {
    super('The upload was cancelled');
  }
}

/**
 * Uploads one photo to `path` with a resumable upload, reporting progress from 0 to 100. Aborting
 * `signal` cancels it (rejecting with UploadCancelledError): on a site's weak signal the Storage
 * SDK would otherwise keep retrying for minutes while the worker waits.
 */
export async function uploadSafetyPhoto(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<StoredAttachment> {
  if (signal?.aborted) throw new UploadCancelledError();
  const [bucket, sdk] = await Promise.all([storage(), import('firebase/storage')]);
  if (signal?.aborted) throw new UploadCancelledError();
  const contentType = file.type || 'application/octet-stream';
  const task = sdk.uploadBytesResumable(sdk.ref(bucket, path), file, { contentType });
  const cancel = () => task.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      task.on(
        'state_changed',
        (snapshot) => {
          const total = snapshot.totalBytes || 1;
          onProgress(Math.round((snapshot.bytesTransferred / total) * 100));
        },
        (error) => reject(signal?.aborted ? new UploadCancelledError() : error),
        () => resolve(),
      );
    });
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  return { name: file.name, size: file.size, contentType, path };
}
