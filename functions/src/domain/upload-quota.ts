// The per-account upload quota: how many files, and how many bytes, one account may attach in a
// day across tickets, ticket updates and bug reports. Counted in Firestore by
// functions/src/callable/upload-quota.ts; the decision is here, pure, with the time as a parameter.

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export type UploadQuota = { files: number; bytes: number; windowMs: number };

/**
 * 60 files and 200 MB per account in any 24 hours. A ticket holds at most five files of at most
 * 5 MB (MAX_FILES, MAX_FILE_SIZE_BYTES), and a worker files a few tickets a month; the busiest
 * real day is a foreman documenting a site in a dozen tickets and replies (60 photos; phone
 * photos are 2-4 MB, so 200 MB is 40 files at the full 5 MB). Storage stays bounded at that per
 * account and day whatever a stolen session or a script does.
 */
export const UPLOAD_QUOTA: UploadQuota = { files: 60, bytes: 200 * 1024 * 1024, windowMs: DAY };

/** One counted file: its Storage path (a re-sent file is not counted twice), size and when. */
export type CountedUpload = { path: string; size: number; at: number };

export type UploadQuotaDecision =
  /** Let through; `uploads` is what to store (null: nothing new to count). */
  | { isAllowed: true; uploads: CountedUpload[] | null }
  /** Refused: the whole minutes until enough of the day's files have aged out (at least 1). */
  | { isAllowed: false; retryAfterMinutes: number };

const fits = (uploads: readonly Pick<CountedUpload, 'size'>[], quota: UploadQuota) =>
  uploads.length <= quota.files && uploads.reduce((sum, upload) => sum + upload.size, 0) <= quota.bytes;

/**
 * Decides one call that attaches `files` against the uploads counted for the account: uploads
 * older than the window are dropped; a path already counted is not counted again (a retry, or the
 * same file attached once more); the rest are let through and counted while the day's files and
 * bytes stay within the quota, and otherwise refused with the wait until enough have aged out.
 */
export function decideUploadQuota(
  stored: readonly CountedUpload[],
  files: readonly Pick<CountedUpload, 'path' | 'size'>[],
  quota: UploadQuota,
  now: number,
): UploadQuotaDecision {
  const recent = stored.filter((upload) => upload.at > now - quota.windowMs).sort((a, b) => a.at - b.at);
  const counted = new Set(recent.map((upload) => upload.path));
  const added = files.filter((file) => !counted.has(file.path));
  const fresh = [...new Map(added.map(({ path, size }) => [path, { path, size, at: now }])).values()];
  if (fresh.length === 0) return { isAllowed: true, uploads: null };
  if (fits([...recent, ...fresh], quota)) return { isAllowed: true, uploads: [...recent, ...fresh] };
  // The call fits once the oldest uploads have left the window, up to the first that makes room.
  const freeing = recent.findIndex((_upload, index) => fits([...recent.slice(index + 1), ...fresh], quota));
  const freedAt = freeing < 0 ? now + quota.windowMs : (recent[freeing]?.at ?? now) + quota.windowMs;
  return { isAllowed: false, retryAfterMinutes: Math.max(1, Math.ceil((freedAt - now) / MINUTE)) };
}

/** The uploads of a stored quota document, ignoring anything malformed. */
export function storedUploads(value: unknown): CountedUpload[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): CountedUpload[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { path, size, at } = item as Partial<Record<keyof CountedUpload, unknown>>;
    if (typeof path !== 'string' || typeof size !== 'number' || typeof at !== 'number') return [];
    if (!Number.isFinite(size) || !Number.isFinite(at)) return [];
    return [{ path, size, at }];
  });
}
