import { z } from 'zod';
import { type AuthRules, hasPermission } from './access.js';
import { PERMISSIONS } from './permissions.js';
import { requestIdSchema } from './request-id.js';
import { hasVisibleText, storedAttachmentSchema } from './ticket-schemas.js';

/*
 * Safety reports: a hazard, a near miss or an accident a worker reports from the site. The report
 * reaches the site's foremen and everyone who handles safety reports (HANDLE_SAFETY_REPORTS) at
 * once; a report of immediate danger to life reaches the admins too. Handlers acknowledge it, add
 * updates, mark it made safe and close it; the reporter follows each step.
 *
 * Where it is stored:
 * - `safetyReports/{id}`: the report as its readers see it. A report made "without my name" has
 *   no reporter field at all, so nobody who can read the report can read who made it.
 * - `safetyReports/{id}/private/reporter`: who made it, always; no client reads it (an admin asks
 *   revealSafetyReporter, which writes an audit entry).
 * - `safetyReports/{id}/activity/{entryId}`: every step, for the handlers.
 * - `users/{uid}/safetyReports/{id}`: the reporter's own copy, kept in step with every change, so
 *   an anonymous reporter still follows their report.
 */

export const SAFETY_REPORTS_COLLECTION = 'safetyReports';
/** The reporter's copies: `users/{uid}/safetyReports/{id}`. */
export const OWN_SAFETY_REPORTS_COLLECTION = 'safetyReports';
/** The document under a report that names its reporter (`safetyReports/{id}/private/reporter`). */
export const SAFETY_REPORTER_DOC = 'private/reporter';

/** What is wrong, as one tap. */
export const SAFETY_KINDS = [
  'fallFromHeight',
  'scaffold',
  'electrical',
  'fireGas',
  'machinery',
  'chemicals',
  'other',
] as const;
export type SafetyKind = (typeof SAFETY_KINDS)[number];

/** A hazard (could hurt someone), a near miss (almost did) or an accident (did). */
export const SAFETY_TYPES = ['hazard', 'nearMiss', 'accident'] as const;
export type SafetyType = (typeof SAFETY_TYPES)[number];

/** How urgent, most urgent first: the queue sorts by this order. */
export const SAFETY_URGENCIES = ['lifeThreatening', 'serious', 'minor'] as const;
export type SafetyUrgency = (typeof SAFETY_URGENCIES)[number];

/** A report's steps, in order. */
export const SAFETY_STATUSES = ['open', 'acknowledged', 'madeSafe', 'closed'] as const;
export type SafetyStatus = (typeof SAFETY_STATUSES)[number];

export const SAFETY_MAX_PHOTOS = 5;
export const SAFETY_DESCRIPTION_MAX_CHARS = 2000;
export const SAFETY_AREA_MAX_CHARS = 200;
export const SAFETY_SITE_MAX_CHARS = 120;
export const SAFETY_UPDATE_MAX_CHARS = 2000;

/** The rank the queue sorts by: 0 for immediate danger to life. */
export const urgencyRank = (urgency: SafetyUrgency): number => SAFETY_URGENCIES.indexOf(urgency);

/**
 * The Storage folder of one report's photos: the reporter's own folder of the report's request, so
 * the phone can upload before the report exists (and queue both while offline).
 */
export const safetyPhotosFolder = (uid: string, requestId: string) => `safetyReports/${uid}/${requestId}/`;

/**
 * Where the server keeps a report's photos once it is made: a folder named after the report only.
 * The upload folder names the reporter, so the photos are moved out of it: the paths a reader of
 * an anonymous report sees must not name anybody.
 */
export const safetyReportPhotosFolder = (reportId: string) => `safetyPhotos/${reportId}/`;

/** The extension of a path's file name, lower case with its dot (`.jpg`), or '' without one. */
const extensionOf = (path: string) => /\.[A-Za-z0-9]{1,5}$/.exec(path)?.[0].toLowerCase() ?? '';

/**
 * A kept photo's path: its position and the uploaded file's extension, nothing of the name the
 * phone gave it (which may name the person); `photoName` is the name readers see.
 */
export const safetyReportPhotoPath = (reportId: string, index: number, uploadedPath: string) =>
  `${safetyReportPhotosFolder(reportId)}${safetyPhotoName(index, uploadedPath)}`;

/** The name a kept photo is shown with: `photo-1.jpg`. */
export const safetyPhotoName = (index: number, uploadedPath: string) =>
  `photo-${index + 1}${extensionOf(uploadedPath)}`;

/** The handlers' Storage folder for the photos of a step (made safe, an update). */
export const safetyStepPhotosFolder = (reportId: string, uid: string) =>
  `safetyReports/steps/${reportId}/${uid}/`;

const requiredText = (max: number) =>
  z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(max, `validation.maxChars:${max}`)
    .refine(hasVisibleText, 'validation.required');

const optionalText = (max: number) => z.string().trim().max(max, `validation.maxChars:${max}`).default('');

/** Where the phone was, only when the worker chose to share it. */
export const safetyLocationSchema = z.object({
  latitude: z.number('validation.invalid').min(-90, 'validation.invalid').max(90, 'validation.invalid'),
  longitude: z.number('validation.invalid').min(-180, 'validation.invalid').max(180, 'validation.invalid'),
  /** The phone's own estimate, in metres (95 % confidence). */
  accuracyMeters: z
    .number('validation.invalid')
    .min(0, 'validation.invalid')
    .max(100_000, 'validation.invalid'),
});
export type SafetyLocation = z.infer<typeof safetyLocationSchema>;

const photosSchema = z
  .array(storedAttachmentSchema)
  .max(SAFETY_MAX_PHOTOS, `validation.maxFiles`)
  .default([]);

/** submitSafetyReport: one report; `requestId` makes a retry (the outbox's too) return the first. */
export const submitSafetyReportSchema = z.object({
  requestId: requestIdSchema,
  kind: z.enum(SAFETY_KINDS, 'validation.required'),
  type: z.enum(SAFETY_TYPES, 'validation.required'),
  urgency: z.enum(SAFETY_URGENCIES, 'validation.required'),
  description: requiredText(SAFETY_DESCRIPTION_MAX_CHARS),
  site: requiredText(SAFETY_SITE_MAX_CHARS),
  siteArea: optionalText(SAFETY_AREA_MAX_CHARS),
  location: safetyLocationSchema.nullable().default(null),
  photos: photosSchema,
  anonymous: z.boolean('validation.invalid').default(false),
});
export type SubmitSafetyReportRequest = z.infer<typeof submitSafetyReportSchema>;
export type SubmitSafetyReportInput = z.input<typeof submitSafetyReportSchema>;

/** A report's document id (the server makes it from the reporter and the requestId). */
export const safetyReportIdSchema = z
  .string('validation.required')
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid');

export const SAFETY_STEPS = ['acknowledge', 'update', 'madeSafe', 'close'] as const;

/**
 * safetyReportStep: one handler's step on a report; `requestId` makes a retry return the first.
 * An update and made safe need a text (what was done); acknowledge and close may have one.
 */
export const safetyReportStepSchema = z.object({
  requestId: requestIdSchema,
  reportId: safetyReportIdSchema,
  step: z.enum(SAFETY_STEPS, 'validation.invalid'),
  text: optionalText(SAFETY_UPDATE_MAX_CHARS),
  photos: photosSchema,
});
export type SafetyReportStepInput = z.input<typeof safetyReportStepSchema>;

/** revealSafetyReporter: who made a report (admins only; every call is audited). */
export const revealSafetyReporterSchema = z.object({ reportId: safetyReportIdSchema });

/** Who took a step, as readers see it. */
export type SafetyActor = { uid: string; name: string; role: string };

/** A report as stored in `safetyReports/{id}` (dates as Dates here, timestamps in Firestore). */
export type StoredSafetyReport = {
  id: string;
  kind: SafetyKind;
  type: SafetyType;
  urgency: SafetyUrgency;
  urgencyRank: number;
  description: string;
  site: string;
  siteArea: string;
  location: SafetyLocation | null;
  photos: z.infer<typeof storedAttachmentSchema>[];
  anonymous: boolean;
  /** Absent when the report was made without the reporter's name. */
  reporter?: { uid: string; name: string };
  status: SafetyStatus;
  /** Everyone told of the report when it arrived: they may read it. */
  readers: string[];
  notifiedCount: number;
  createdAt: Date;
  updatedAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: SafetyActor | null;
  madeSafeAt: Date | null;
  madeSafeBy: SafetyActor | null;
  madeSafeText: string | null;
  closedAt: Date | null;
  closedBy: SafetyActor | null;
  /** Minutes from the report to its acknowledgement (or made safe, when that came first). */
  minutesToAcknowledge: number | null;
};

// --- who is told -------------------------------------------------------------------------------

/** A person who may be told of a report, as the server loads them. */
export type SafetyCandidate = {
  uid: string;
  role: string;
  assignedPermissions?: string[];
  revokedPermissions?: string[];
  /** The site of the worker the account is linked to, from the directory. */
  site: string | null;
  isDisabled?: boolean;
};

export type SafetyRecipientReason = 'siteForeman' | 'handler' | 'admin';
export type SafetyRecipient = { uid: string; reasons: SafetyRecipientReason[] };

/** Two site names name one site when they match ignoring case, accents kept, and outer spaces. */
export const sameSite = (a: string | null | undefined, b: string | null | undefined): boolean =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  a.trim() !== '' &&
  a.trim().toLocaleLowerCase('pl') === b.trim().toLocaleLowerCase('pl');

/** Whether someone handles safety reports (the permission, from their role or given to them). */
export const handlesSafetyReports = (
  person: Pick<SafetyCandidate, 'role' | 'assignedPermissions' | 'revokedPermissions'>,
  rules: AuthRules,
): boolean => hasPermission(person, PERMISSIONS.HANDLE_SAFETY_REPORTS, rules);

/**
 * Who is told of a report: the foremen of its site (their worker's site in the directory), every
 * holder of HANDLE_SAFETY_REPORTS, and, for immediate danger to life, every admin. Never the
 * reporter, never a disabled account; each person once, with every reason they have.
 */
export function safetyRecipients(
  report: { site: string; urgency: SafetyUrgency },
  reporterUid: string,
  candidates: readonly SafetyCandidate[],
  rules: AuthRules,
): SafetyRecipient[] {
  const byUid = new Map<string, SafetyRecipient>();
  for (const person of candidates) {
    if (person.uid === reporterUid || person.isDisabled) continue;
    const reasons: SafetyRecipientReason[] = [];
    if (person.role === 'foreman' && sameSite(person.site, report.site)) reasons.push('siteForeman');
    if (handlesSafetyReports(person, rules)) reasons.push('handler');
    if (report.urgency === 'lifeThreatening' && person.role === rules.ROLES.ADMIN) reasons.push('admin');
    if (reasons.length === 0) continue;
    const known = byUid.get(person.uid);
    if (known) known.reasons = [...new Set([...known.reasons, ...reasons])];
    else byUid.set(person.uid, { uid: person.uid, reasons });
  }
  return [...byUid.values()].sort((a, b) => a.uid.localeCompare(b.uid));
}

// --- the steps ---------------------------------------------------------------------------------

export type SafetyStep = (typeof SAFETY_STEPS)[number];

export const SAFETY_ERRORS = {
  submitFailed: 'safety.errors.submitFailed',
  stepFailed: 'safety.errors.stepFailed',
  revealFailed: 'safety.errors.revealFailed',
  photoMissing: 'safety.errors.photoMissing',
  forbidden: 'safety.errors.forbidden',
  notFound: 'safety.errors.notFound',
  closed: 'safety.errors.closed',
  alreadyAcknowledged: 'safety.errors.alreadyAcknowledged',
  alreadyMadeSafe: 'safety.errors.alreadyMadeSafe',
} as const;

/**
 * Whether `step` may follow `status`; the error key when not. Acknowledge only an open report;
 * made safe from open or acknowledged (it acknowledges too); updates and closing until closed.
 */
export function stepRefusal(status: SafetyStatus, step: SafetyStep): string | null {
  if (status === 'closed') return SAFETY_ERRORS.closed;
  if (step === 'acknowledge' && status !== 'open') return SAFETY_ERRORS.alreadyAcknowledged;
  if (step === 'madeSafe' && status === 'madeSafe') return SAFETY_ERRORS.alreadyMadeSafe;
  return null;
}

/** The status after a step. */
export function statusAfter(status: SafetyStatus, step: SafetyStep): SafetyStatus {
  if (step === 'acknowledge') return 'acknowledged';
  if (step === 'madeSafe') return 'madeSafe';
  if (step === 'close') return 'closed';
  return status;
}

/** Whole minutes between two moments, never below 0. */
export const minutesBetween = (from: Date, to: Date): number =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The median minutes to acknowledge per site, over the reports acknowledged; sites by name. */
export function medianAcknowledgeBySite(
  reports: readonly Pick<StoredSafetyReport, 'site' | 'minutesToAcknowledge'>[],
): { site: string; medianMinutes: number; reports: number }[] {
  const bySite = new Map<string, { name: string; minutes: number[] }>();
  for (const report of reports) {
    if (report.minutesToAcknowledge === null) continue;
    const key = report.site.trim().toLocaleLowerCase('pl');
    const entry = bySite.get(key) ?? { name: report.site.trim(), minutes: [] };
    entry.minutes.push(report.minutesToAcknowledge);
    bySite.set(key, entry);
  }
  return [...bySite.values()]
    .map(({ name, minutes }) => ({
      site: name,
      medianMinutes: median(minutes) ?? 0,
      reports: minutes.length,
    }))
    .sort((a, b) => a.site.localeCompare(b.site, 'pl'));
}

/** The admin dashboard's window for the time to acknowledge. */
export const SAFETY_DASHBOARD_DAYS = 90;
/** At most this many acknowledged reports are read for it (the newest). */
export const SAFETY_DASHBOARD_MAX_REPORTS = 2000;

/** The queue's order: open before the rest, then the most urgent, then the oldest. */
export function compareForQueue(
  a: Pick<StoredSafetyReport, 'status' | 'urgencyRank' | 'createdAt'>,
  b: Pick<StoredSafetyReport, 'status' | 'urgencyRank' | 'createdAt'>,
): number {
  const stage = (status: SafetyStatus) => SAFETY_STATUSES.indexOf(status);
  return (
    stage(a.status) - stage(b.status) ||
    a.urgencyRank - b.urgencyRank ||
    a.createdAt.getTime() - b.createdAt.getTime()
  );
}
