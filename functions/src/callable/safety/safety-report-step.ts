import { createHash } from 'node:crypto';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { AUTH_RULES } from '../../domain/index.js';
import {
  type SafetyReportStepState,
  activityPath,
  decideSafetyReportStep,
  reportPath,
  reporterPath,
} from '../../domain/operations/safety-report.js';
import {
  SAFETY_ERRORS,
  SAFETY_STATUSES,
  SAFETY_URGENCIES,
  type StoredSafetyReport,
  handlesSafetyReports,
} from '../../domain/safety.js';
import type { FileInspector } from '../../storage/file-inspector.js';
import { type CallableShellDeps, defineCallable } from '../define-callable.js';
import { isAlreadyExists } from '../errors.js';
import { inspectAttachments } from '../inspect-attachments.js';
import { decideOrThrow, runOperation } from '../run-operation.js';
import { consumeUploadQuota } from '../upload-quota.js';

export type SafetyReportStepDeps = CallableShellDeps & { now: () => number; files?: FileInspector };

/** The activity entry id of a step: one per caller and requestId, so a retry finds its first. */
export function safetyStepIdFor(uid: string, requestId: string): string {
  return createHash('sha256').update(`safety-step:${uid}:${requestId}`).digest('hex').slice(0, 20);
}

const dateOf = (value: unknown): Date | null =>
  value && typeof (value as { toDate?: unknown }).toDate === 'function'
    ? (value as { toDate: () => Date }).toDate()
    : null;

/** The stored report as the operation reads it; null for a missing or unreadable one. */
export function storedSafetyReportOf(snapshot: DocumentSnapshot): StoredSafetyReport | null {
  const data = snapshot.data();
  if (!data) return null;
  const status = SAFETY_STATUSES.find((known) => known === data.status);
  const urgency = SAFETY_URGENCIES.find((known) => known === data.urgency);
  const createdAt = dateOf(data.createdAt);
  if (!status || !urgency || !createdAt) return null;
  return {
    ...(data as StoredSafetyReport),
    id: snapshot.id,
    status,
    urgency,
    anonymous: data.anonymous === true,
    createdAt,
    updatedAt: dateOf(data.updatedAt) ?? createdAt,
    acknowledgedAt: dateOf(data.acknowledgedAt),
    madeSafeAt: dateOf(data.madeSafeAt),
    closedAt: dateOf(data.closedAt),
  };
}

type GetAll = (...refs: DocumentReference[]) => Promise<DocumentSnapshot[]>;

/**
 * The safetyReportStep callable (HANDLE_SAFETY_REPORTS): see `decideSafetyReportStep`. Decided once
 * before Storage is asked, then the photos are inspected and the step written in a transaction that
 * decides again.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (`text`, `photos.N.path`, ...);
 * `not-found` 'safety.errors.notFound'; `permission-denied` 'safety.errors.forbidden';
 * `failed-precondition` 'safety.errors.closed', '...alreadyAcknowledged', '...alreadyMadeSafe' or
 * '...photoMissing'; `resource-exhausted` 'errors.tooManyRequests'; `internal` 'safety.errors.stepFailed'.
 */
export function createSafetyReportStepHandler(deps: SafetyReportStepDeps) {
  const { db, logger, now } = deps;
  return defineCallable('safetyReportStep', deps, {
    rateLimit: { operation: 'safetyReportStep', key: (input) => input.requestId },
    run: async ({ caller, input }) => {
      const ref = db.doc(reportPath(input.reportId));
      const entryId = safetyStepIdFor(caller.uid, input.requestId);
      const entryRef = db.doc(activityPath(input.reportId, entryId));
      const reporterRef = db.doc(reporterPath(input.reportId));
      const isHandler = handlesSafetyReports(caller, AUTH_RULES);
      const readState = async (getAll: GetAll): Promise<SafetyReportStepState> => {
        const [report, entry, reporter] = await getAll(ref, entryRef, reporterRef);
        const reporterUid = reporter?.get('uid');
        return {
          report: report ? storedSafetyReportOf(report) : null,
          reporterUid: typeof reporterUid === 'string' && reporterUid !== '' ? reporterUid : null,
          entryId,
          hasEarlierStep: entry?.exists === true,
          isHandler,
        };
      };
      const checked = decideOrThrow(
        decideSafetyReportStep(await readState((...refs) => db.getAll(...refs)), input, caller, now()),
      );
      if (checked.result.isDuplicate) return checked.result;
      let photos: Awaited<ReturnType<typeof inspectAttachments>> = [];
      if (input.photos.length > 0) {
        if (!deps.files) throw new Error('safetyReportStep needs a file inspector for photos');
        photos = await inspectAttachments(deps.files, input.photos, {
          field: 'photos',
          missingKey: SAFETY_ERRORS.photoMissing,
          message: 'Invalid safety report step',
        });
      }
      await consumeUploadQuota(deps, caller.uid, photos);
      try {
        const { result } = await runOperation(deps, {
          name: 'safetyReportStep',
          read: (tx) => readState((...refs) => tx.getAll(...refs)),
          decide: (state) => decideSafetyReportStep(state, { ...input, photos }, caller, now()),
        });
        logger.info('safety report step', { reportId: input.reportId, step: input.step, by: caller.uid });
        return result;
      } catch (error) {
        if (isAlreadyExists(error) && (await entryRef.get()).exists) {
          const report = storedSafetyReportOf(await ref.get());
          return { reportId: input.reportId, status: report?.status ?? 'open', isDuplicate: true };
        }
        throw error;
      }
    },
  });
}
