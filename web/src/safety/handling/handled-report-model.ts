import { type OwnSafetyReport, toDate, toOwnSafetyReport } from '../api/report-model';
import {
  SAFETY_STATUSES,
  SAFETY_STEPS,
  SAFETY_URGENCIES,
  type SafetyStatus,
  type SafetyStep,
  compareForQueue,
  stepRefusal,
} from '../domain';

/*
 * A safety report as the people told of it (the site's foremen) and its handlers
 * (HANDLE_SAFETY_REPORTS) read it, from `safetyReports/{id}`. Pure, as report-model.ts: an odd
 * stored value reads as empty, never as a crash.
 */

/** Where the phone was when the report was made. */
export type ReportLocation = { latitude: number; longitude: number; accuracyMeters: number };

export type HandledSafetyReport = OwnSafetyReport & {
  /** The reporter's name; null for a report made without it (the field is not stored then). */
  reporterName: string | null;
  location: ReportLocation | null;
  minutesToAcknowledge: number | null;
  updatedAt: Date | null;
};

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function toLocation(value: unknown): ReportLocation | null {
  if (!isRecord(value)) return null;
  const { latitude, longitude, accuracyMeters } = value;
  if (!isNumber(latitude) || !isNumber(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude, accuracyMeters: isNumber(accuracyMeters) ? accuracyMeters : 0 };
}

/** Report `id` of `safetyReports` as its readers see it. */
export function toHandledSafetyReport(id: string, data: Data): HandledSafetyReport {
  const reporter = isRecord(data.reporter) ? data.reporter : null;
  const reporterName =
    data.anonymous !== true && reporter && typeof reporter.name === 'string' && reporter.name.trim() !== ''
      ? reporter.name
      : null;
  return {
    ...toOwnSafetyReport(id, data),
    reporterName,
    location: toLocation(data.location),
    minutesToAcknowledge:
      isNumber(data.minutesToAcknowledge) && data.minutesToAcknowledge >= 0
        ? data.minutesToAcknowledge
        : null,
    updatedAt: toDate(data.updatedAt),
  };
}

/** The OpenStreetMap page centred on a location. */
export function mapLink({ latitude, longitude }: ReportLocation): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
}

const isStatus = (value: string): value is SafetyStatus =>
  (SAFETY_STATUSES as readonly string[]).includes(value);

/** The steps a handler may take on a report of `status` now, in the domain's order (stepRefusal). */
export function allowedSteps(status: string): SafetyStep[] {
  if (!isStatus(status)) return [];
  return SAFETY_STEPS.filter((step) => stepRefusal(status, step) === null);
}

/** Whether a step needs a text: an update says what changed, made safe what was done. */
export const stepNeedsText = (step: SafetyStep) => step === 'update' || step === 'madeSafe';

/** The queue's rank of an urgency (0: immediate danger to life); unknown ones last. */
const rankOf = (urgency: string) => {
  const rank = (SAFETY_URGENCIES as readonly string[]).indexOf(urgency);
  return rank === -1 ? SAFETY_URGENCIES.length : rank;
};

/**
 * The queue's order (compareForQueue): open first, then the most urgent, then the oldest. A report
 * without a known status or date goes after the ones with them.
 */
export function sortForQueue(reports: readonly HandledSafetyReport[]): HandledSafetyReport[] {
  const key = (report: HandledSafetyReport) => ({
    status: isStatus(report.status) ? report.status : 'closed',
    urgencyRank: rankOf(report.urgency),
    createdAt: report.createdAt ?? new Date(8_640_000_000_000_000),
  });
  return [...reports].sort((a, b) => compareForQueue(key(a), key(b)));
}

/** The sites of some reports, each once (ignoring case and outer spaces), by name. */
export function sitesOf(reports: readonly HandledSafetyReport[]): string[] {
  const byKey = new Map<string, string>();
  for (const report of reports) {
    const name = report.site.trim();
    if (name === '') continue;
    const key = name.toLocaleLowerCase('pl');
    if (!byKey.has(key)) byKey.set(key, name);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pl'));
}

/** Whether a report is of `site` (as sitesOf names it). */
export const isOfSite = (report: HandledSafetyReport, site: string) =>
  report.site.trim().toLocaleLowerCase('pl') === site.trim().toLocaleLowerCase('pl');
