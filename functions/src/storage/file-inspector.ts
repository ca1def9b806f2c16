// What Storage really holds for an uploaded attachment. The client's claims about a file are
// never stored: the callables ask an inspector instead. Tests pass a fake one.
import { FILE_HEAD_BYTES, MAX_FILE_SIZE_BYTES, isAllowedFileClaim, matchesClaim } from '../domain/index.js';
import { type StorageFile, bucketNamed, defaultBucketName, hasStatus } from './bucket.js';

export type InspectedFile = {
  size: number;
  contentType: string;
  /**
   * The object's first bytes (FILE_HEAD_BYTES of them, fewer in a smaller file). The production
   * inspector reads them for every file within the size limit and of an allowed type; stand-ins
   * that do not model content leave them out, and then only the names and the type are compared.
   */
  head?: Uint8Array;
};

export type FileInspector = {
  /** The real size, content type and first bytes of the object at `path`, or null when it does not exist. */
  inspect(path: string): Promise<InspectedFile | null>;
};

export type FileProblems = { isTooLarge: boolean; isWrongType: boolean };

/**
 * What keeps a stored file from being an attachment known by these names (its Storage path and
 * the name it is shown with): over 5 MB; or a type that is not allowed, that a name's extension
 * contradicts or, when the first bytes were read, that they are not (an SVG or a page called a
 * PNG). See file-types.ts.
 */
export function fileProblems(names: readonly string[], file: InspectedFile): FileProblems {
  const { contentType, head } = file;
  const isTrueToName = (name: string) =>
    head ? matchesClaim(name, contentType, head) : isAllowedFileClaim(name, contentType);
  return { isTooLarge: file.size > MAX_FILE_SIZE_BYTES, isWrongType: !names.every(isTrueToName) };
}

const hasProblem = ({ isTooLarge, isWrongType }: FileProblems) => isTooLarge || isWrongType;

export { isFileDirectlyIn } from '../domain/ticket-workflow.js';

/**
 * The first bytes as stored: not decompressed, so an object stored gzip-encoded (which Storage
 * would serve unpacked) shows its gzip header and is refused rather than judged by a guess.
 */
async function readHead(file: StorageFile, size: number): Promise<Uint8Array> {
  if (size === 0) return new Uint8Array();
  const [bytes] = await file.download({ start: 0, end: FILE_HEAD_BYTES - 1, decompress: false });
  return bytes.subarray(0, FILE_HEAD_BYTES);
}

/**
 * The custom metadata entry in which Storage keeps an object's download tokens: the Firebase SDKs'
 * upload creates one for every file, and `?alt=media&token=<token>` then serves the file to anyone
 * who has the link, past the rules and forever
 * (https://www.sentinelstand.com/article/guide-to-firebase-storage-download-urls-tokens).
 */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

const hasDownloadToken = (custom: Record<string, unknown> | undefined) =>
  custom?.[DOWNLOAD_TOKENS_KEY] !== undefined && custom[DOWNLOAD_TOKENS_KEY] !== null;

/**
 * Deletes the object's download tokens, so its bytes are served only to a request the rules allow.
 * A custom metadata key set to null is removed (File#setMetadata,
 * https://googleapis.dev/nodejs/storage/latest/File.html#setMetadata; the JSON API's patch,
 * https://cloud.google.com/storage/docs/json_api/v1/objects/patch); the other keys stay.
 */
export async function removeDownloadTokens(file: StorageFile): Promise<void> {
  await file.setMetadata({ metadata: { [DOWNLOAD_TOKENS_KEY]: null } });
}

/**
 * The production inspector, reading object metadata and the first bytes through the Admin SDK.
 * Storage is reached only on the first call, so importing the functions needs no bucket. A file
 * outside the limits, or whose bytes are not what its type and path claim, is deleted (the rules
 * should have refused it; this catches uploads that went around them and content the rules cannot
 * see) and still reported as it was, so the caller refuses it. A file that is kept loses its
 * download tokens (removeDownloadTokens): the app reads files only under the rules. Whether the
 * name it is shown with fits is the caller's part: a wrong claim about a good file is refused, the
 * file kept.
 */
export function createStorageFileInspector(bucketName: () => string = defaultBucketName): FileInspector {
  return {
    async inspect(path) {
      const file = bucketNamed(bucketName()).file(path);
      try {
        const [metadata] = await file.getMetadata();
        const listed: InspectedFile = {
          size: Number(metadata.size ?? 0),
          contentType: typeof metadata.contentType === 'string' ? metadata.contentType : '',
        };
        // Nothing is downloaded from a file already refused by its size, type or path.
        const inspected = hasProblem(fileProblems([path], listed))
          ? listed
          : { ...listed, head: await readHead(file, listed.size) };
        if (hasProblem(fileProblems([path], inspected))) await file.delete({ ignoreNotFound: true });
        else if (hasDownloadToken(metadata.metadata)) await removeDownloadTokens(file);
        return inspected;
      } catch (error) {
        if (hasStatus(error, 404)) return null;
        throw error;
      }
    },
  };
}
