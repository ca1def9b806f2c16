import { createHash } from 'node:crypto';
import { type DocumentReference, Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  type AddTicketUpdateRequest,
  type AddTicketUpdateResponse,
  type StoredAttachment,
  TICKET_PROCESSING_ERRORS,
  isOpenStatus,
  updateFileFolders,
  updateSummary,
  workerMayAddUpdate,
} from '../../domain/index.js';
import { type FileInspector, isFileDirectlyIn } from '../../storage/file-inspector.js';
import type { Caller } from '../caller.js';
import { type FieldErrors, invalidArgument, isAlreadyExists } from '../errors.js';
import {
  type ProcessTicketDeps,
  type StoredTicket,
  fieldEntry,
  forbidden,
  newActivityRef,
  personOfCaller,
  canProcessTickets,
  readTicket,
  ticketArchived,
  ticketRef,
} from './process-ticket.js';
import { inspectAttachments } from '../inspect-attachments.js';
import { defineCallable } from '../define-callable.js';

export type AddTicketUpdateDeps = ProcessTicketDeps;

/** The document of an update `tickets/{id}/updates/{updateId}`, in the shape the ticket page reads. */
export type TicketUpdateDocument = {
  text: string;
  by: { uid: string; name: string };
  at: Timestamp;
  attachments: StoredAttachment[];
};

/**
 * The update id of a request: the same user and requestId always give the same id, so a retry
 * finds the update its first attempt wrote. Hashed, so the id reveals neither.
 */
export function updateIdFor(uid: string, requestId: string): string {
  return createHash('sha256').update(`update:${uid}:${requestId}`).digest('hex').slice(0, 20);
}

/**
 * Whether the caller may add an update to this ticket: staff to any ticket that is not archived,
 * the owner to their own open one. Someone else's ticket is `permission-denied`; an archived or
 * (for its owner) closed ticket is `failed-precondition`.
 */
function assertMayAddUpdate(caller: Caller, isStaff: boolean, ticket: StoredTicket) {
  const isOwner = ticket.createdBy === caller.uid;
  if (!isStaff && !isOwner) throw forbidden();
  if (ticket.archived) throw ticketArchived();
  if (isStaff || workerMayAddUpdate(ticket, caller.uid)) return;
  if (!isOpenStatus(ticket.status)) {
    throw new HttpsError('failed-precondition', TICKET_PROCESSING_ERRORS.ticketClosed);
  }
  throw forbidden();
}

/** Field errors for attachments outside the folders this caller may upload update files to. */
function pathErrors(caller: Caller, isStaff: boolean, ticket: StoredTicket, input: AddTicketUpdateRequest) {
  const folders = updateFileFolders({
    ownerUid: ticket.createdBy,
    ticketId: ticket.id,
    isStaff,
    isOwner: ticket.createdBy === caller.uid,
  });
  const errors: FieldErrors = {};
  input.attachments.forEach((file, index) => {
    if (!folders.some((folder) => isFileDirectlyIn(folder, file.path))) {
      errors[`attachments.${index}.path`] = 'validation.filePath';
    }
  });
  return errors;
}

/**
 * The attachments as Storage really holds them: a missing file is `failed-precondition`
 * 'tickets.processing.errors.fileMissing' with `details.paths`, one over 5 MB or of another type
 * `invalid-argument`.
 */
async function inspectAll(files: FileInspector | undefined, input: AddTicketUpdateRequest) {
  if (input.attachments.length === 0) return [];
  if (!files) throw new Error('addTicketUpdate needs a file inspector for attachments');
  return inspectAttachments(files, input.attachments, {
    field: 'attachments',
    missingKey: TICKET_PROCESSING_ERRORS.fileMissing,
    message: 'Invalid update',
  });
}

const duplicate = (ticketId: string, ref: DocumentReference): AddTicketUpdateResponse => ({
  ticketId,
  updateId: ref.id,
  isDuplicate: true,
});

/**
 * The addTicketUpdate callable: signed in -> payload valid -> the ticket exists -> an earlier call
 * with this requestId is answered with its update -> the caller may add one (PROCESS_TICKETS on a
 * ticket that is not archived, or the owner on their own open ticket) -> every attachment in a
 * folder the caller may upload to (see `updateFileFolders`) -> the files exist and are within
 * the limits -> in one transaction: `updates/{updateId}` {text, by, at, attachments}, the
 * ticket's `lastUpdate` and an activity entry `update` (from null to the text's first 80
 * characters).
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields` (`text`,
 * `attachments.N.path` 'validation.filePath', `attachments.N.size` 'validation.fileTooLarge',
 * `attachments.N.contentType` 'validation.fileType', ...); `not-found`
 * 'tickets.processing.errors.notFound'; `permission-denied' 'tickets.processing.errors.forbidden';
 * `failed-precondition` 'tickets.processing.errors.archived', '...ticketClosed' or
 * '...fileMissing' (with `details.paths`); `internal` 'tickets.processing.errors.updateFailed'.
 */
export function createAddTicketUpdateHandler(deps: AddTicketUpdateDeps) {
  const { db, logger, now } = deps;
  return defineCallable('addTicketUpdate', deps, {
    run: async ({ caller, input }) => {
      const isStaff = canProcessTickets(caller);
      const ref = ticketRef(db, input.ticketId);
      const updateRef = ref.collection('updates').doc(updateIdFor(caller.uid, input.requestId));

      // Checked before Storage is asked, so a refused request costs no metadata reads.
      const [ticketSnapshot, existing] = await db.getAll(ref, updateRef);
      if (!ticketSnapshot) throw new Error('getAll returned no ticket snapshot');
      const ticket = readTicket(ticketSnapshot);
      if (existing?.exists) return duplicate(ref.id, updateRef);
      assertMayAddUpdate(caller, isStaff, ticket);
      const outside = pathErrors(caller, isStaff, ticket, input);
      if (Object.keys(outside).length > 0) throw invalidArgument(outside, 'Invalid update');
      const attachments = await inspectAll(deps.files, input);

      try {
        const result = await db.runTransaction(async (tx): Promise<AddTicketUpdateResponse> => {
          const [current, earlier] = await tx.getAll(ref, updateRef);
          if (!current) throw new Error('getAll returned no ticket snapshot');
          const fresh = readTicket(current);
          if (earlier?.exists) return duplicate(ref.id, updateRef);
          assertMayAddUpdate(caller, isStaff, fresh);
          const at = Timestamp.fromMillis(now());
          const by = personOfCaller(caller);
          const update: TicketUpdateDocument = { text: input.text, by, at, attachments };
          // The create comes first: a concurrent retry fails on it before anything else is written.
          tx.create(updateRef, update);
          tx.create(newActivityRef(ref), fieldEntry(by, at, 'update', null, updateSummary(input.text)));
          tx.update(ref, { lastUpdate: at });
          return { ticketId: ref.id, updateId: updateRef.id, isDuplicate: false };
        });
        if (!result.isDuplicate) {
          logger.info('ticket update added', {
            ticketId: ref.id,
            updateId: updateRef.id,
            attachments: attachments.length,
            by: caller.uid,
          });
        }
        return result;
      } catch (error) {
        // A concurrent call with the same requestId won the race: answer with its update.
        if (isAlreadyExists(error) && (await updateRef.get()).exists) return duplicate(ref.id, updateRef);
        throw error;
      }
    },
  });
}
