import { createHash } from 'node:crypto';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { type AddTicketUpdateRequest, TICKET_PROCESSING_ERRORS } from '../../domain/index.js';
import {
  type AddTicketUpdateOperation,
  type AddTicketUpdateState,
  decideAddTicketUpdate,
} from '../../domain/operations/add-ticket-update.js';
import { storedTicketOf } from '../../domain/operations/ticket-state.js';
import type { FileInspector } from '../../storage/file-inspector.js';
import { defineCallable } from '../define-callable.js';
import { isAlreadyExists } from '../errors.js';
import { inspectAttachments } from '../inspect-attachments.js';
import { decideOrThrow, runOperation } from '../run-operation.js';
import { consumeUploadQuota } from '../upload-quota.js';
import { type ProcessTicketDeps, ticketRef } from './process-ticket.js';

export type AddTicketUpdateDeps = ProcessTicketDeps;

/**
 * The update id of a request: the same user and requestId always give the same id, so a retry
 * finds the update its first attempt wrote. Hashed, so the id reveals neither.
 */
export function updateIdFor(uid: string, requestId: string): string {
  return createHash('sha256').update(`update:${uid}:${requestId}`).digest('hex').slice(0, 20);
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

type GetAll = (...refs: DocumentReference[]) => Promise<DocumentSnapshot[]>;

/** The ticket and whether this request's update is already there, read together. */
async function readState(getAll: GetAll, ticket: DocumentReference, update: DocumentReference) {
  const [current, earlier] = await getAll(ticket, update);
  const state: AddTicketUpdateState = {
    ticket: storedTicketOf(ticket.id, current?.data()),
    updateId: update.id,
    hasEarlierUpdate: earlier?.exists === true,
  };
  return state;
}

/**
 * The addTicketUpdate callable (PROCESS_TICKETS on a ticket that is not archived, or the owner on
 * their own open ticket): see `decideAddTicketUpdate`. Decided once before Storage is asked, so a
 * refused request costs no metadata reads; then the files are inspected (they exist and are
 * within the limits) and the update written in a transaction that decides again.
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
    rateLimit: { operation: 'addTicketUpdate', key: (input) => input.requestId },
    run: async ({ caller, input }) => {
      const ref = ticketRef(db, input.ticketId);
      const updateRef = ref.collection('updates').doc(updateIdFor(caller.uid, input.requestId));
      const decide = (state: AddTicketUpdateState, request: AddTicketUpdateOperation) =>
        decideAddTicketUpdate(state, request, caller, now());

      const checked = decideOrThrow(
        decide(await readState((...refs) => db.getAll(...refs), ref, updateRef), input),
      );
      if (checked.result.isDuplicate) return checked.result;
      const attachments = await inspectAll(deps.files, input);
      await consumeUploadQuota(deps, caller.uid, attachments);
      try {
        const { result } = await runOperation(deps, {
          name: 'addTicketUpdate',
          read: (tx) => readState((...refs) => tx.getAll(...refs), ref, updateRef),
          decide: (state) => decide(state, { ...input, attachments }),
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
        if (isAlreadyExists(error) && (await updateRef.get()).exists) {
          return { ticketId: ref.id, updateId: updateRef.id, isDuplicate: true };
        }
        throw error;
      }
    },
  });
}
