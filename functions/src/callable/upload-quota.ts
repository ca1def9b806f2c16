// Counts the files each account attaches, `uploadQuota/{uid}`, in one transaction per call, so
// concurrent attachments (other instances included) cannot both take the last of the day's room.
// The decision (window, files, bytes, wait) is the domain's decideUploadQuota.
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import type { StoredAttachment } from '../domain/index.js';
import { UPLOAD_QUOTA, decideUploadQuota, storedUploads } from '../domain/upload-quota.js';
import { tooManyRequests } from './rate-limit.js';

export const UPLOAD_QUOTA_COLLECTION = 'uploadQuota';

export type UploadQuotaDeps = {
  db: Firestore;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
};

/** The quota's decision on `files` for `uid`, or the refusal to throw. */
function refusalOf(decision: ReturnType<typeof decideUploadQuota>) {
  return decision.isAllowed ? null : tooManyRequests(decision.retryAfterMinutes);
}

/**
 * Checks that files announced before their upload (a new ticket's attachments, by their claimed
 * sizes) would still fit in the account's day, counting nothing: a ticket whose files would be
 * refused later is refused now, before anything is uploaded. Throws like consumeUploadQuota.
 */
export async function checkUploadQuota(
  { db, now }: UploadQuotaDeps,
  uid: string,
  sizes: readonly number[],
): Promise<void> {
  if (sizes.length === 0) return;
  const stored = storedUploads((await db.collection(UPLOAD_QUOTA_COLLECTION).doc(uid).get()).get('uploads'));
  const announced = sizes.map((size, index) => ({ path: `announced/${index}`, size }));
  const refusal = refusalOf(decideUploadQuota(stored, announced, UPLOAD_QUOTA, now()));
  if (refusal) throw refusal;
}

/**
 * Counts `files` (their real sizes, as Storage holds them) for `uid`, or throws
 * `resource-exhausted` 'errors.tooManyRequests' with `details.retryAfterMinutes` and counts
 * nothing. The document also holds `expiresAt`, when its last upload leaves the window, for a
 * Firestore TTL policy to delete the counters of accounts gone quiet.
 */
export async function consumeUploadQuota(
  { db, now }: UploadQuotaDeps,
  uid: string,
  files: readonly Pick<StoredAttachment, 'path' | 'size'>[],
): Promise<void> {
  if (files.length === 0) return;
  const ref = db.collection(UPLOAD_QUOTA_COLLECTION).doc(uid);
  await db.runTransaction(async (tx) => {
    const at = now();
    const decision = decideUploadQuota(
      storedUploads((await tx.get(ref)).get('uploads')),
      files,
      UPLOAD_QUOTA,
      at,
    );
    const refusal = refusalOf(decision);
    if (refusal) throw refusal;
    if (!decision.isAllowed || !decision.uploads) return;
    const last = Math.max(...decision.uploads.map((upload) => upload.at));
    tx.set(ref, { uploads: decision.uploads, expiresAt: Timestamp.fromMillis(last + UPLOAD_QUOTA.windowMs) });
  });
}
