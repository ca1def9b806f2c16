import type { StoredImage } from '../../components/stored-image';
/*
 * A safety report as its reporter follows it, from their own copy
 * (`users/{uid}/safetyReports/{id}`, kept in step by the server with every change). Pure: a
 * Firestore Timestamp is recognised by its toDate() method, so the mapping is tested without
 * Firebase. Stored data is never trusted to be complete: an odd value reads as empty, never as a
 * crash.
 */

/** Who took a step, as the reporter sees them. */
/** Who took a step: their name, and their role (foreman, manager, admin; '' when unknown). */
export type StepActor = { name: string; role: string };

export type OwnSafetyReport = {
  id: string;
  kind: string;
  type: string;
  urgency: string;
  status: string;
  description: string;
  site: string;
  siteArea: string;
  anonymous: boolean;
  photoCount: number;
  /** The report's photos as the server keeps them (read under storage.rules). */
  photos: StoredImage[];
  /** The photos a handler added when marking it made safe. */
  madeSafePhotos: StoredImage[];
  notifiedCount: number;
  createdAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedBy: StepActor | null;
  madeSafeAt: Date | null;
  madeSafeBy: StepActor | null;
  madeSafeText: string;
  closedAt: Date | null;
  closedBy: StepActor | null;
  lastUpdateAt: Date | null;
  lastUpdateText: string;
};

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A Firestore Timestamp (anything with toDate()), a Date, or an ISO string; else null. */
export function toDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (isRecord(value) && typeof value.toDate === 'function') {
    const converted: unknown = (value.toDate as () => unknown)();
    date = converted instanceof Date ? converted : null;
  } else if (typeof value === 'string' && value !== '') date = new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

const toActor = (value: unknown): StepActor | null =>
  isRecord(value) && text(value.name).trim() !== ''
    ? { name: text(value.name), role: text(value.role) }
    : null;

/** The stored photos a list holds: each with its name and path; anything else is left out. */
const storedImages = (value: unknown): StoredImage[] =>
  Array.isArray(value)
    ? value.flatMap((item) =>
        isRecord(item) && text(item.path) !== '' ? [{ name: text(item.name), path: text(item.path) }] : [],
      )
    : [];

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/** The reporter's copy of report `id` as the reporter view shows it. */
export function toOwnSafetyReport(id: string, data: Data): OwnSafetyReport {
  return {
    id,
    kind: text(data.kind),
    type: text(data.type),
    urgency: text(data.urgency),
    status: text(data.status),
    description: text(data.description),
    site: text(data.site),
    siteArea: text(data.siteArea),
    anonymous: data.anonymous === true,
    photoCount: Array.isArray(data.photos) ? data.photos.length : 0,
    photos: storedImages(data.photos),
    madeSafePhotos: storedImages(data.madeSafePhotos),
    notifiedCount: count(data.notifiedCount),
    createdAt: toDate(data.createdAt),
    acknowledgedAt: toDate(data.acknowledgedAt),
    acknowledgedBy: toActor(data.acknowledgedBy),
    madeSafeAt: toDate(data.madeSafeAt),
    madeSafeBy: toActor(data.madeSafeBy),
    madeSafeText: text(data.madeSafeText),
    closedAt: toDate(data.closedAt),
    closedBy: toActor(data.closedBy),
    lastUpdateAt: toDate(data.lastUpdateAt),
    lastUpdateText: text(data.lastUpdateText),
  };
}

/** One step the reporter sees on their report after it was made. */
export type ReportStep =
  | { kind: 'seen'; at: Date; name: string; role: string }
  | { kind: 'update'; at: Date; text: string }
  | { kind: 'madeSafe'; at: Date; text: string }
  | { kind: 'closed'; at: Date };

/**
 * The steps taken on a report so far, oldest first: seen (acknowledged), the last update, made safe,
 * closed. The last update is left out when it is the text the report was made safe with (the
 * server keeps that text as the last update too), so no text shows twice; a text given on closing
 * shows as the update it is.
 */
export function reportSteps(report: OwnSafetyReport): ReportStep[] {
  const steps: ReportStep[] = [];
  if (report.acknowledgedAt) {
    const { name = '', role = '' } = report.acknowledgedBy ?? {};
    steps.push({ kind: 'seen', at: report.acknowledgedAt, name, role });
  }
  if (report.madeSafeAt) steps.push({ kind: 'madeSafe', at: report.madeSafeAt, text: report.madeSafeText });
  const sameMoment = (a: Date | null, b: Date | null) =>
    a !== null && b !== null && a.getTime() === b.getTime();
  const isMadeSafeText = sameMoment(report.lastUpdateAt, report.madeSafeAt);
  if (report.lastUpdateAt && report.lastUpdateText.trim() !== '' && !isMadeSafeText) {
    steps.push({ kind: 'update', at: report.lastUpdateAt, text: report.lastUpdateText });
  }
  if (report.closedAt) steps.push({ kind: 'closed', at: report.closedAt });
  // A stable sort: steps taken in one moment keep the order above.
  return steps.sort((a, b) => a.at.getTime() - b.at.getTime());
}
