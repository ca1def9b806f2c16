// Stores bug reports: idempotent per (uid, requestId), with the attachments as Storage really
// holds them. The client's claims about a file (size, type) are never stored.
import { createHash } from 'node:crypto';
import { type DocumentReference, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { type BugReport, type StoredAttachment, bugReportFilesFolder } from '../../domain/index.js';
import { type FileInspector, isFileDirectlyIn } from '../../storage/file-inspector.js';
import type { Caller } from '../caller.js';
import { type CallableLogger, type FieldErrors, isAlreadyExists } from '../errors.js';
import { inspectAttachments } from '../inspect-attachments.js';
import { consumeUploadQuota } from '../upload-quota.js';
import type { SubmitBugReportResponse } from '../../domain/callables.js';

export type BugReportWriterDeps = {
  db: Firestore;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
  logger: CallableLogger;
  files: FileInspector;
};

/** The document `bugReports/{id}` as the callable writes it. */
export type BugReportDocument = Omit<BugReport, 'requestId'> & {
  reporter: { uid: string; name: string; email: string | null };
  createdAt: Timestamp;
};

/**
 * The report id of a submission: the same user and requestId always give the same id, so a retry
 * finds the report its first attempt created. Hashed, so the id reveals neither.
 */
export function bugReportIdFor(uid: string, requestId: string): string {
  return createHash('sha256').update(`bug-report:${uid}:${requestId}`).digest('hex').slice(0, 20);
}

/**
 * Field errors for attachments outside `bug-reports/{uid}/{requestId}/`: a file must sit directly
 * in the caller's folder of this request, the only place storage.rules let them upload to.
 */
export function attachmentPathErrors(uid: string, report: BugReport): FieldErrors {
  const folder = bugReportFilesFolder(uid, report.requestId);
  const errors: FieldErrors = {};
  report.attachments.forEach((file, index) => {
    if (!isFileDirectlyIn(folder, file.path)) errors[`attachments.${index}.path`] = 'validation.filePath';
  });
  return errors;
}

/** Creates bug reports; see the module comment. */
export function createBugReportWriter({ db, now, logger, files }: BugReportWriterDeps) {
  const reports = db.collection('bugReports');

  /** The id of the caller's report under that reference, or null when there is none. */
  async function ownReport(ref: DocumentReference, uid: string): Promise<string | null> {
    const snapshot = await ref.get();
    if (!snapshot.exists) return null;
    if (snapshot.get('reporter.uid') !== uid) {
      // Only a hash collision gets here: never answer with someone else's report.
      throw new Error(`bug report id ${ref.id} belongs to another user`);
    }
    return ref.id;
  }

  /**
   * The attachments as Storage really holds them: a missing file is `failed-precondition`, one
   * over the size limit or of another type is `invalid-argument`.
   */
  function inspectAll(attachments: readonly StoredAttachment[]): Promise<StoredAttachment[]> {
    return inspectAttachments(files, attachments, {
      field: 'attachments',
      missingKey: 'bugReport.errors.fileMissing',
      message: 'Invalid bug report',
    });
  }

  return {
    /**
     * Stores the caller's report, or answers with the one an earlier call with the same requestId
     * stored. The attachment paths must already have passed `attachmentPathErrors`.
     */
    async submit(caller: Caller, report: BugReport): Promise<SubmitBugReportResponse> {
      const ref = reports.doc(bugReportIdFor(caller.uid, report.requestId));
      const existing = await ownReport(ref, caller.uid);
      if (existing) return { reportId: existing };

      const attachments = await inspectAll(report.attachments);
      await consumeUploadQuota({ db, now }, caller.uid, attachments);
      const { requestId: _requestId, ...fields } = report;
      const document: BugReportDocument = {
        ...fields,
        attachments,
        reporter: { uid: caller.uid, name: caller.name, email: caller.email },
        createdAt: Timestamp.fromMillis(now()),
      };
      try {
        await ref.create(document);
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        // A concurrent call with the same requestId won the race: its report is the answer.
        const winner = await ownReport(ref, caller.uid);
        if (winner) return { reportId: winner };
        throw error;
      }
      logger.info('bug report created', { reportId: ref.id, attachments: attachments.length });
      return { reportId: ref.id };
    },
  };
}

export type BugReportWriter = ReturnType<typeof createBugReportWriter>;
