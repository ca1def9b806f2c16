// Adds uploaded files to a ticket. The files are checked against what Storage really holds; the
// ticket update and its activity entry are written in one transaction.
import { type DocumentSnapshot, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  type AttachFilesRequest,
  MAX_FILES,
  type StoredAttachment,
  type WorkflowTicket,
  ownerMayAttachFiles,
  ticketFilesFolder,
  toTicketStatus,
} from '../../domain/index.js';
import { type FileInspector, isFileDirectlyIn } from '../../storage/file-inspector.js';
import type { Caller } from '../caller.js';
import { type CallableLogger, type FieldErrors, invalidArgument } from '../errors.js';
import type { ActivityEntry, TicketPatch } from '../../domain/ticket-document.js';
import { inspectAttachments } from '../inspect-attachments.js';
import { consumeUploadQuota } from '../upload-quota.js';

export type TicketAttachmentsDeps = {
  db: Firestore;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
  logger: CallableLogger;
  files: FileInspector;
};

/**
 * Field errors for paths outside `tickets/{uid}/{ticketId}/`: a file must sit directly in the
 * caller's folder of that ticket, which is also the only place storage.rules let them upload to.
 */
export function pathErrors(uid: string, request: AttachFilesRequest): FieldErrors {
  const folder = ticketFilesFolder(uid, request.ticketId);
  const errors: FieldErrors = {};
  request.files.forEach((file, index) => {
    if (!isFileDirectlyIn(folder, file.path)) errors[`files.${index}.path`] = 'validation.filePath';
  });
  return errors;
}

/** The stored attachments of a ticket, read leniently: anything without a path is dropped. */
function storedAttachments(value: unknown): StoredAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, path, size, contentType } = entry as Record<string, unknown>;
    if (typeof path !== 'string' || path === '') return [];
    return [
      {
        name: typeof name === 'string' ? name : path.slice(path.lastIndexOf('/') + 1),
        path,
        size: typeof size === 'number' ? size : 0,
        contentType: typeof contentType === 'string' ? contentType : '',
      },
    ];
  });
}

/** Existing attachments with the new ones added; a path already there is replaced, not repeated. */
export function mergeAttachments(
  existing: readonly StoredAttachment[],
  added: readonly StoredAttachment[],
): StoredAttachment[] {
  const byPath = new Map<string, StoredAttachment>();
  for (const attachment of [...existing, ...added]) byPath.set(attachment.path, attachment);
  return [...byPath.values()];
}

/** The refusal of files for a ticket that is paid, rejected or archived (ownerMayAttachFiles). */
export const FILES_CLOSED_KEY = 'tickets.errors.filesClosed';

/** The parts of a stored ticket that decide whether its owner may still add files. */
const workflowTicketOf = (snapshot: DocumentSnapshot): WorkflowTicket => ({
  createdBy: String(snapshot.get('createdBy') ?? ''),
  status: toTicketStatus(snapshot.get('status')),
  archived: snapshot.get('archived') === true,
});

const tooMany = () => invalidArgument({ files: 'validation.maxFiles' }, 'Invalid files');

/** Adds files to tickets; see the module comment. */
export function createTicketAttachments({ db, now, logger, files }: TicketAttachmentsDeps) {
  /**
   * The request's files as Storage really holds them, ready to store: a missing file is
   * `failed-precondition`, one over the size limit or of another type is `invalid-argument`.
   */
  function inspectAll(request: AttachFilesRequest): Promise<StoredAttachment[]> {
    return inspectAttachments(files, request.files, {
      field: 'files',
      missingKey: 'tickets.errors.fileMissing',
      message: 'Invalid files',
    });
  }

  return {
    /**
     * Adds the request's files to the caller's own ticket and returns all its attachments. The
     * stored size and type are what Storage reports. At most MAX_FILES per ticket; re-sending a
     * file that is already attached replaces it and logs nothing new.
     */
    async attach(caller: Caller, request: AttachFilesRequest): Promise<StoredAttachment[]> {
      const ref = db.collection('tickets').doc(request.ticketId);
      const assertOwnTicket = (snapshot: DocumentSnapshot) => {
        if (!snapshot.exists) throw new HttpsError('not-found', 'tickets.errors.notFound');
        if (snapshot.get('createdBy') !== caller.uid) {
          throw new HttpsError('permission-denied', 'tickets.errors.forbidden');
        }
        if (!ownerMayAttachFiles(workflowTicketOf(snapshot), caller.uid)) {
          throw new HttpsError('failed-precondition', FILES_CLOSED_KEY);
        }
      };
      // Checked before Storage is asked, so a refused request costs no metadata reads.
      const before = await ref.get();
      assertOwnTicket(before);
      // Counted with the client's claims first; the stored values come from Storage below.
      if (mergeAttachments(storedAttachments(before.get('attachments')), request.files).length > MAX_FILES) {
        throw tooMany();
      }

      const added = await inspectAll(request);
      await consumeUploadQuota({ db, now }, caller.uid, added);

      const attachments = await db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        assertOwnTicket(snapshot);
        const existing = storedAttachments(snapshot.get('attachments'));
        const merged = mergeAttachments(existing, added);
        if (merged.length > MAX_FILES) throw tooMany();
        const at = Timestamp.fromMillis(now());
        tx.update(ref, { attachments: merged, lastUpdate: at } satisfies TicketPatch<Timestamp>);
        if (merged.length !== existing.length) {
          const entry: ActivityEntry<Timestamp> = {
            at,
            by: { uid: caller.uid, name: caller.name },
            change: { type: 'field', field: 'attachments', from: existing.length, to: merged.length },
          };
          tx.create(ref.collection('activity').doc(), entry);
        }
        return merged;
      });
      logger.info('ticket files attached', { ticketId: ref.id, count: attachments.length });
      return attachments;
    },
  };
}

export type TicketAttachments = ReturnType<typeof createTicketAttachments>;
