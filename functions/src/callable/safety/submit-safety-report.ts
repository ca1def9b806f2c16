import { createHash } from 'node:crypto';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { AUTH_RULES } from '../../domain/index.js';
import {
  type SubmitSafetyReportState,
  decideSubmitSafetyReport,
  reportPath,
} from '../../domain/operations/safety-report.js';
import {
  SAFETY_ERRORS,
  type SubmitSafetyReportRequest,
  safetyPhotoName,
  safetyRecipients,
  safetyReportPhotoPath,
} from '../../domain/safety.js';
import type { FileInspector } from '../../storage/file-inspector.js';
import type { ObjectMover } from '../../storage/object-mover.js';
import type { StoredAttachment } from '../../domain/ticket-schemas.js';
import type { Caller } from '../caller.js';
import { type CallableShellDeps, defineCallable } from '../define-callable.js';
import { isAlreadyExists } from '../errors.js';
import { inspectAttachments } from '../inspect-attachments.js';
import { decideOrThrow, runOperation } from '../run-operation.js';
import { consumeUploadQuota } from '../upload-quota.js';
import { loadSafetyCandidates } from './safety-candidates.js';

export type SubmitSafetyReportDeps = CallableShellDeps & {
  now: () => number;
  /** What Storage holds, and moving the photos where they are kept; needed only for reports with photos. */
  files?: FileInspector;
  mover?: ObjectMover;
};

/** A report's id: the same reporter and requestId always give the same id; hashed, so it reveals neither. */
export function safetyReportIdFor(uid: string, requestId: string): string {
  return createHash('sha256').update(`safety:${uid}:${requestId}`).digest('hex').slice(0, 20);
}

const filled = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The reporter as the directory knows them (never the token's display name). */
async function reporterOf(deps: SubmitSafetyReportDeps, caller: Caller) {
  const worker = (await deps.db.collection('workers').doc(caller.workerId).get()).data() ?? {};
  return {
    uid: caller.uid,
    name: filled(worker.name) ?? caller.name,
    email: filled(worker.email) ?? caller.email,
  };
}

async function readEarlier(
  read: (ref: DocumentReference) => Promise<DocumentSnapshot>,
  ref: DocumentReference,
) {
  const snapshot = await read(ref);
  if (!snapshot.exists) return null;
  const createdAt = snapshot.get('createdAt');
  return {
    createdAt: typeof createdAt?.toDate === 'function' ? (createdAt.toDate() as Date) : new Date(0),
    notifiedCount: Number(snapshot.get('notifiedCount') ?? 0),
  };
}

/**
 * The report's photos, checked and moved to where they are kept (`safetyPhotos/{reportId}/`), with
 * their real size and type. A photo already moved by an earlier attempt (its upload gone, its kept
 * copy there) is taken as it is; a move is a copy and a delete, so the kept copy is looked at first.
 */
async function keepPhotos(
  deps: SubmitSafetyReportDeps,
  reportId: string,
  input: SubmitSafetyReportRequest,
): Promise<StoredAttachment[]> {
  if (input.photos.length === 0) return [];
  const { files, mover } = deps;
  if (!files || !mover) throw new Error('submitSafetyReport needs a file inspector and a mover for photos');
  const photos = await Promise.all(
    input.photos.map(async (photo, index) => {
      const target = safetyReportPhotoPath(reportId, index, photo.path);
      const kept = await files.inspect(target);
      return { photo, target, kept };
    }),
  );
  const toMove = photos.filter(({ kept }) => !kept);
  const checked = await inspectAttachments(
    files,
    toMove.map(({ photo }) => photo),
    { field: 'photos', missingKey: SAFETY_ERRORS.photoMissing, message: 'Invalid safety report' },
  );
  await Promise.all(toMove.map(({ photo, target }) => mover.move(photo.path, target)));
  const movedSize = new Map(checked.map((file) => [file.path, file]));
  return photos.map(({ photo, target, kept }, index) => {
    const real = kept ?? movedSize.get(photo.path);
    return {
      name: safetyPhotoName(index, photo.path),
      size: real?.size ?? 0,
      contentType: real?.contentType ?? '',
      path: target,
    };
  });
}

/**
 * The submitSafetyReport callable: signed in (any staff-made account) -> the request valid -> within
 * the account's limit (RATE_LIMITS.submitSafetyReport; a retry of the same requestId is not counted)
 * -> the photos are the reporter's uploads for this report, within the limits -> the report made and
 * its recipients told, in one transaction (decideSubmitSafetyReport). A retry answers the first.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `failed-precondition`
 * 'safety.errors.photoMissing' (with `details.paths`); `resource-exhausted` 'errors.tooManyRequests';
 * `internal` 'safety.errors.submitFailed'.
 */
export function createSubmitSafetyReportHandler(deps: SubmitSafetyReportDeps) {
  const { db, logger, now } = deps;
  return defineCallable('submitSafetyReport', deps, {
    rateLimit: { operation: 'submitSafetyReport', key: (input) => input.requestId },
    run: async ({ caller, input }) => {
      const reportId = safetyReportIdFor(caller.uid, input.requestId);
      const ref = db.doc(reportPath(reportId));
      const [reporter, candidates] = await Promise.all([reporterOf(deps, caller), loadSafetyCandidates(db)]);
      const state = (earlier: SubmitSafetyReportState['earlier']): SubmitSafetyReportState => ({
        reportId,
        earlier,
        reporter,
        recipients: safetyRecipients(input, caller.uid, candidates, AUTH_RULES),
      });
      const first = decideOrThrow(
        decideSubmitSafetyReport(state(await readEarlier((r) => r.get(), ref)), input, now()),
      );
      if (first.result.isDuplicate) return first.result;
      const photos = await keepPhotos(deps, reportId, input);
      await consumeUploadQuota(deps, caller.uid, photos);
      try {
        const { result } = await runOperation(deps, {
          name: 'submitSafetyReport',
          read: async (tx) => state(await readEarlier((r) => tx.get(r), ref)),
          decide: (current) => decideSubmitSafetyReport(current, input, now(), photos),
        });
        logger.info('safety report made', {
          reportId,
          urgency: input.urgency,
          notified: result.notifiedCount,
          photos: photos.length,
        });
        return result;
      } catch (error) {
        // A concurrent call with the same requestId made it first: answer with that report.
        const earlier = isAlreadyExists(error) ? await readEarlier((r) => r.get(), ref) : null;
        if (earlier) {
          return {
            reportId,
            reportedAt: earlier.createdAt.toISOString(),
            notifiedCount: earlier.notifiedCount,
            isDuplicate: true,
          };
        }
        throw error;
      }
    },
  });
}
