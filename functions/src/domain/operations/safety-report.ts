import type { NotificationKind, NotificationValues } from '../notifications.js';
import { subjectNotification } from './notify.js';
import {
  OWN_SAFETY_REPORTS_COLLECTION,
  SAFETY_ERRORS,
  SAFETY_REPORTER_DOC,
  SAFETY_REPORTS_COLLECTION,
  type SafetyActor,
  type SafetyRecipient,
  type SafetyStatus,
  type SafetyStep,
  type StoredSafetyReport,
  type SubmitSafetyReportRequest,
  minutesBetween,
  safetyPhotosFolder,
  safetyStepPhotosFolder,
  statusAfter,
  stepRefusal,
  urgencyRank,
} from '../safety.js';
import type { StoredAttachment } from '../ticket-schemas.js';
import { isFileDirectlyIn } from '../ticket-workflow.js';
import {
  type Decision,
  type DocumentWrite,
  type LogEntry,
  type OperationCaller,
  type WriteData,
  decided,
  refuse,
  refuseFields,
} from './decision.js';

/*
 * The safety report operations, pure: a report made (submitSafetyReport) and the handlers' steps
 * on it (safetyReportStep: acknowledge, update, made safe, close). Each writes the report, the
 * reporter's own copy and an activity entry together, and tells whoever should know.
 */

export const reportPath = (id: string) => `${SAFETY_REPORTS_COLLECTION}/${id}`;
export const ownCopyPath = (uid: string, id: string) => `users/${uid}/${OWN_SAFETY_REPORTS_COLLECTION}/${id}`;
export const reporterPath = (id: string) => `${reportPath(id)}/${SAFETY_REPORTER_DOC}`;
export const activityPath = (id: string, entryId: string) => `${reportPath(id)}/activity/${entryId}`;

/** The fields of a report its reporter's copy does not keep: who else was told. */
const withoutReaders = ({ readers: _readers, ...rest }: WriteData) => rest;

/** One notification about a safety report, unread. */
export const safetyNotification = <K extends NotificationKind>(
  recipient: string,
  reportId: string,
  kind: K,
  values: NotificationValues[K],
  at: Date,
): LogEntry => subjectNotification(recipient, { safetyReportId: reportId }, kind, values, at);

// --- submitSafetyReport ------------------------------------------------------------------------

export type SubmitSafetyReportResponse = {
  reportId: string;
  /** When the report arrived (ISO 8601): "Reported at 10:42". */
  reportedAt: string;
  /** How many people were told: "sent to 3 people". */
  notifiedCount: number;
  isDuplicate: boolean;
};

export type SubmitSafetyReportState = {
  reportId: string;
  /** The report this requestId already made (a retry), or null. */
  earlier: Pick<StoredSafetyReport, 'createdAt' | 'notifiedCount'> | null;
  /** The reporter as the directory knows them. */
  reporter: { uid: string; name: string; email: string | null };
  recipients: readonly SafetyRecipient[];
};

/**
 * submitSafetyReport: a retry of a report already made answers it (`isDuplicate`, nothing written)
 * -> every photo is in the reporter's upload folder of this request -> the report (without a reporter
 * field when anonymous), who made it (`private/reporter`), the reporter's own copy, the first
 * activity entry and one notification per recipient, all in one transaction.
 */
export function decideSubmitSafetyReport(
  state: SubmitSafetyReportState,
  request: Omit<SubmitSafetyReportRequest, 'photos'> & { photos: readonly StoredAttachment[] },
  now: number,
  /** The photos where the server keeps them (safetyReportPhotoPath); the uploaded ones when not given. */
  keptPhotos: readonly StoredAttachment[] = request.photos,
): Decision<SubmitSafetyReportResponse> {
  const { reportId, reporter } = state;
  if (state.earlier) {
    return decided({
      reportId,
      reportedAt: state.earlier.createdAt.toISOString(),
      notifiedCount: state.earlier.notifiedCount,
      isDuplicate: true,
    });
  }
  const folder = safetyPhotosFolder(reporter.uid, request.requestId);
  const outside: Record<string, string> = {};
  request.photos.forEach((photo, index) => {
    if (!isFileDirectlyIn(folder, photo.path)) outside[`photos.${index}.path`] = 'validation.filePath';
  });
  if (Object.keys(outside).length > 0) return refuseFields(outside, 'Invalid safety report');

  const at = new Date(now);
  const readers = state.recipients.map((recipient) => recipient.uid);
  const report: WriteData = {
    id: reportId,
    kind: request.kind,
    type: request.type,
    urgency: request.urgency,
    urgencyRank: urgencyRank(request.urgency),
    description: request.description,
    site: request.site,
    siteArea: request.siteArea,
    location: request.location,
    photos: [...keptPhotos],
    anonymous: request.anonymous,
    ...(request.anonymous ? {} : { reporter: { uid: reporter.uid, name: reporter.name } }),
    status: 'open' satisfies SafetyStatus,
    readers,
    notifiedCount: readers.length,
    createdAt: at,
    updatedAt: at,
    acknowledgedAt: null,
    acknowledgedBy: null,
    madeSafeAt: null,
    madeSafeBy: null,
    madeSafeText: null,
    closedAt: null,
    closedBy: null,
    minutesToAcknowledge: null,
    lastUpdateText: null,
    lastUpdateAt: null,
  };
  return decided(
    { reportId, reportedAt: at.toISOString(), notifiedCount: readers.length, isDuplicate: false },
    {
      // The report's create comes first: a concurrent retry fails on it before anything else.
      writes: [
        { type: 'create', path: reportPath(reportId), data: report },
        { type: 'create', path: reporterPath(reportId), data: { ...reporter, at } },
        { type: 'create', path: ownCopyPath(reporter.uid, reportId), data: withoutReaders(report) },
      ],
      log: [
        {
          collection: `${reportPath(reportId)}/activity`,
          data: {
            step: 'reported',
            at,
            by: request.anonymous ? null : { uid: reporter.uid, name: reporter.name, role: null },
            notified: readers.length,
          },
        },
        ...state.recipients.map((recipient) =>
          safetyNotification(
            recipient.uid,
            reportId,
            'safetyReported',
            { hazard: request.kind, urgency: request.urgency, site: request.site },
            at,
          ),
        ),
      ],
    },
  );
}

// --- safetyReportStep --------------------------------------------------------------------------

export type SafetyReportStepRequest = {
  reportId: string;
  step: SafetyStep;
  text: string;
  photos: readonly StoredAttachment[];
};

export type SafetyReportStepResponse = { reportId: string; status: SafetyStatus; isDuplicate: boolean };

export type SafetyReportStepState = {
  report: StoredSafetyReport | null;
  /** Who made the report (from `private/reporter`), for their copy and their notification. */
  reporterUid: string | null;
  /** The id this caller's requestId gives the step's activity entry. */
  entryId: string;
  /** Whether an earlier call with this requestId already took the step. */
  hasEarlierStep: boolean;
  /** Whether the caller holds HANDLE_SAFETY_REPORTS. */
  isHandler: boolean;
};

/** The notification kind that tells the reporter of a step. */
const STEP_KINDS = {
  acknowledge: 'safetyAcknowledged',
  update: 'safetyUpdated',
  madeSafe: 'safetyMadeSafe',
  close: 'safetyClosed',
} as const satisfies Record<SafetyStep, NotificationKind>;

/** The steps that need a text: an update says something, made safe says what was done. */
const NEEDS_TEXT: readonly SafetyStep[] = ['update', 'madeSafe'];

/** The report's fields a step changes (its copy gets the same). */
function stepPatch(
  report: StoredSafetyReport,
  request: Pick<SafetyReportStepRequest, 'step' | 'text' | 'photos'>,
  actor: SafetyActor,
  at: Date,
) {
  const { step, text } = request;
  const patch: WriteData = { status: statusAfter(report.status, step), updatedAt: at };
  const acknowledges = step === 'acknowledge' || (step === 'madeSafe' && report.acknowledgedAt === null);
  if (acknowledges) {
    patch.acknowledgedAt = at;
    patch.acknowledgedBy = actor;
    patch.minutesToAcknowledge = minutesBetween(report.createdAt, at);
  }
  if (step === 'madeSafe') {
    patch.madeSafeAt = at;
    patch.madeSafeBy = actor;
    patch.madeSafeText = text;
    // What it looks like now, for the reporter and the readers to see (its own step folder).
    patch.madeSafePhotos = [...request.photos];
  }
  if (step === 'close') {
    patch.closedAt = at;
    patch.closedBy = actor;
  }
  if (text !== '') {
    patch.lastUpdateText = text;
    patch.lastUpdateAt = at;
  }
  return patch;
}

/**
 * safetyReportStep: the report exists -> an earlier call with this requestId is answered
 * (`isDuplicate`) -> the caller handles safety reports -> the step may follow the report's status
 * (see stepRefusal) -> an update and made safe have a text -> every photo is in the caller's step
 * folder of this report -> the report and the reporter's copy changed, an activity entry (under
 * an id the requestId gives, so a concurrent retry fails on it) and, unless the report was made
 * without the reporter's name, a notification to the reporter.
 */
export function decideSafetyReportStep(
  state: SafetyReportStepState,
  request: SafetyReportStepRequest,
  caller: OperationCaller,
  now: number,
): Decision<SafetyReportStepResponse> {
  const { report } = state;
  if (!report) return refuse('not-found', SAFETY_ERRORS.notFound);
  if (state.hasEarlierStep) return decided({ reportId: report.id, status: report.status, isDuplicate: true });
  if (!state.isHandler) return refuse('permission-denied', SAFETY_ERRORS.forbidden);
  const refusal = stepRefusal(report.status, request.step);
  if (refusal) return refuse('failed-precondition', refusal);
  if (NEEDS_TEXT.includes(request.step) && request.text === '') {
    return refuseFields({ text: 'validation.required' }, 'Invalid safety report step');
  }
  const folder = safetyStepPhotosFolder(report.id, caller.uid);
  const outside: Record<string, string> = {};
  request.photos.forEach((photo, index) => {
    if (!isFileDirectlyIn(folder, photo.path)) outside[`photos.${index}.path`] = 'validation.filePath';
  });
  if (Object.keys(outside).length > 0) return refuseFields(outside, 'Invalid safety report step');

  const at = new Date(now);
  const actor: SafetyActor = { uid: caller.uid, name: caller.name, role: caller.role };
  const patch = stepPatch(report, request, actor, at);
  const writes: DocumentWrite[] = [
    {
      type: 'create',
      path: activityPath(report.id, state.entryId),
      data: { step: request.step, at, by: actor, text: request.text, photos: [...request.photos] },
    },
    { type: 'update', path: reportPath(report.id), data: patch },
  ];
  if (state.reporterUid) {
    writes.push({ type: 'set', path: ownCopyPath(state.reporterUid, report.id), data: patch, merge: true });
  }
  const tellsReporter = !report.anonymous && state.reporterUid !== null && state.reporterUid !== caller.uid;
  return decided(
    { reportId: report.id, status: patch.status as SafetyStatus, isDuplicate: false },
    {
      writes,
      log: tellsReporter
        ? [
            safetyNotification(
              state.reporterUid as string,
              report.id,
              STEP_KINDS[request.step],
              { by: caller.name },
              at,
            ),
          ]
        : [],
    },
  );
}
