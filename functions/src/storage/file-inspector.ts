// What Storage really holds for an uploaded attachment. The client's claims about a file are
// never stored: attachTicketFiles asks an inspector instead. Tests pass a fake one.
import { getStorage } from 'firebase-admin/storage';
import { ALLOWED_FILE_TYPE_PATTERN, MAX_FILE_SIZE_BYTES } from '../domain/index.js';
import { adminApp } from '../firebase.js';

export type InspectedFile = { size: number; contentType: string };

export type FileInspector = {
  /** The real size and content type of the object at `path`, or null when it does not exist. */
  inspect(path: string): Promise<InspectedFile | null>;
};

/** Whether a file is within the attachment limits (size and type) of spec section 9. */
export const isAllowedFile = (file: InspectedFile) =>
  file.size <= MAX_FILE_SIZE_BYTES && ALLOWED_FILE_TYPE_PATTERN.test(file.contentType);

/**
 * Whether `path` names a file directly in `folder` (which ends with `/`). The file name is one path
 * segment and never `.` or `..`, so nothing can climb out of the folder; dots inside a name
 * (`scan..pdf`, as the web app's name cleaning may leave) are fine.
 */
export function isFileDirectlyIn(folder: string, path: string): boolean {
  if (!path.startsWith(folder)) return false;
  const fileName = path.slice(folder.length);
  return (
    fileName !== '' &&
    fileName !== '.' &&
    fileName !== '..' &&
    !fileName.includes('/') &&
    !fileName.includes('\\')
  );
}

/**
 * The default bucket: the app's `storageBucket` (set from FIREBASE_CONFIG when deployed), else the
 * project's `<projectId>.appspot.com`, which is also what the emulators use for a demo project.
 */
function defaultBucketName(): string {
  const { storageBucket, projectId } = adminApp().options;
  if (storageBucket) return storageBucket;
  const project = projectId ?? process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT;
  if (!project) throw new Error('no project id: cannot name the default Storage bucket');
  return `${project}.appspot.com`;
}

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === status;
}

/**
 * The production inspector, reading object metadata through the Admin SDK. Storage is reached
 * only on the first call, so importing the functions needs no bucket. A file outside the limits
 * is deleted (the rules should have refused it; this catches uploads that went around them) and
 * still reported as it was, so the caller refuses it.
 */
export function createStorageFileInspector(bucketName: () => string = defaultBucketName): FileInspector {
  return {
    async inspect(path) {
      const file = getStorage(adminApp()).bucket(bucketName()).file(path);
      let metadata;
      try {
        [metadata] = await file.getMetadata();
      } catch (error) {
        if (hasStatus(error, 404)) return null;
        throw error;
      }
      const inspected = {
        size: Number(metadata.size ?? 0),
        contentType: typeof metadata.contentType === 'string' ? metadata.contentType : '',
      };
      if (!isAllowedFile(inspected)) await file.delete({ ignoreNotFound: true });
      return inspected;
    },
  };
}
