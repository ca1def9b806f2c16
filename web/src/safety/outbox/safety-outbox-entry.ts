import type { StoredAttachment } from '@domain';
import {
  OUTBOX_STATUSES,
  type OutboxFile,
  type OutboxRecord,
  type OutboxStatus,
  areOutboxFiles,
  isRecordObject,
  toOutboxFiles,
} from '../../lib/outbox/outbox-record';
import type { SubmitSafetyReportRequest } from '../domain';

// A danger report waiting on the phone for a connection: what the worker filled in, with its
// request id (so sending it again can only ever make the one report: the server answers a repeated
// request id with the first report), and its photos, already made smaller on the phone, each
// remembered once uploaded so a retry uploads only the rest.

export const SAFETY_OUTBOX_VERSION = 1;

/** The report as filled in, its photos kept apart (uploaded when it is sent). */
export type QueuedSafetyReport = Omit<SubmitSafetyReportRequest, 'photos'>;

export type SafetyOutboxEntry = OutboxRecord & {
  version: typeof SAFETY_OUTBOX_VERSION;
  report: QueuedSafetyReport;
  photos: OutboxFile<StoredAttachment>[];
};

/** The entry for a report the worker just sent with no connection; `photos` already made smaller. */
export function toSafetyOutboxEntry(
  uid: string,
  report: QueuedSafetyReport,
  photos: readonly File[],
  queuedAt: number,
): SafetyOutboxEntry {
  return {
    version: SAFETY_OUTBOX_VERSION,
    id: report.requestId,
    uid,
    queuedAt,
    report,
    photos: toOutboxFiles(photos),
    status: 'waiting',
    attempts: 0,
  };
}

/**
 * The entry `record` holds when it is a waiting danger report of account `uid` in the current
 * shape; null otherwise (another account's, an older shape, a damaged record are never sent or shown).
 */
export function readSafetyOutboxEntry(record: unknown, uid: string): SafetyOutboxEntry | null {
  if (!isRecordObject(record) || record.version !== SAFETY_OUTBOX_VERSION || record.uid !== uid) return null;
  const { id, queuedAt, report, photos, status } = record;
  if (typeof id !== 'string' || typeof queuedAt !== 'number' || !isRecordObject(report)) return null;
  if (report.requestId !== id || typeof report.description !== 'string') return null;
  if (!areOutboxFiles(photos) || !OUTBOX_STATUSES.includes(status as OutboxStatus)) return null;
  return record as SafetyOutboxEntry;
}
