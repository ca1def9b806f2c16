import type { StoredAttachment } from '../ticket-schemas.js';
import type { AddTicketUpdateRequest } from '../ticket-workflow-schemas.js';
import {
  type AddTicketUpdateResponse,
  TICKET_PROCESSING_ERRORS,
  actsAsStaffOn,
  isFileDirectlyIn,
  isOpenStatus,
  updateFileFolders,
  updateSummary,
  workerMayAddUpdate,
} from '../ticket-workflow.js';
import {
  type Decision,
  type OperationCaller,
  type Refused,
  decided,
  refuse,
  refuseFields,
} from './decision.js';
import {
  type StoredTicket,
  canProcessTickets,
  fieldEntry,
  firstResponsePatch,
  forbidden,
  personOfCaller,
  ticketArchived,
  ticketNotFound,
  ticketPath,
  ticketPatch,
} from './ticket-state.js';
import { notifyOwner } from './notify.js';

export type AddTicketUpdateState = {
  ticket: StoredTicket | null;
  /** The id the update of this caller and requestId gets (a retry finds its first attempt's). */
  updateId: string;
  /** Whether an earlier call with this requestId already wrote the update. */
  hasEarlierUpdate: boolean;
};

/** The request, its attachments as Storage holds them (size and type read from the files). */
export type AddTicketUpdateOperation = Omit<AddTicketUpdateRequest, 'attachments'> & {
  attachments: readonly StoredAttachment[];
};

/**
 * Whether the caller may add an update to this ticket: staff to any other ticket that is not
 * archived, the owner (staff too) to their own open one. Someone else's ticket is `permission-denied`; an archived or
 * (for its owner) closed ticket is `failed-precondition`.
 */
function mayAddUpdate(caller: OperationCaller, isStaff: boolean, ticket: StoredTicket): Refused | null {
  const isOwner = ticket.createdBy === caller.uid;
  if (!isStaff && !isOwner) return forbidden();
  if (ticket.archived) return ticketArchived();
  if (isStaff || workerMayAddUpdate(ticket, caller.uid)) return null;
  if (!isOpenStatus(ticket.status))
    return refuse('failed-precondition', TICKET_PROCESSING_ERRORS.ticketClosed);
  return forbidden();
}

/** Field errors for attachments outside the folders this caller may upload update files to. */
function pathErrors(
  caller: OperationCaller,
  isStaff: boolean,
  ticket: StoredTicket,
  request: AddTicketUpdateOperation,
) {
  const folders = updateFileFolders({
    ownerUid: ticket.createdBy,
    ticketId: ticket.id,
    isStaff,
    isOwner: ticket.createdBy === caller.uid,
  });
  const errors: Record<string, string> = {};
  request.attachments.forEach((file, index) => {
    if (!folders.some((folder) => isFileDirectlyIn(folder, file.path))) {
      errors[`attachments.${index}.path`] = 'validation.filePath';
    }
  });
  return errors;
}

/**
 * addTicketUpdate: the ticket exists -> an earlier call with this requestId is answered with its
 * update (`isDuplicate`, nothing written) -> the caller may add one (PROCESS_TICKETS on someone
 * else's ticket that is not archived, or the owner, staff or not, on their own open ticket) -> every attachment in a folder the
 * caller may upload to (see `updateFileFolders`) -> `updates/{updateId}` {text, by, at,
 * attachments}, the ticket's `lastUpdate` and an activity entry `update` (from null to the text's
 * first 80 characters), and a notification to the owner when someone else wrote it. The runner asks before it inspects the files (so a refused request costs
 * no Storage reads) and again in the transaction.
 */
export function decideAddTicketUpdate(
  state: AddTicketUpdateState,
  request: AddTicketUpdateOperation,
  caller: OperationCaller,
  now: number,
): Decision<AddTicketUpdateResponse> {
  const { ticket, updateId } = state;
  if (!ticket) return ticketNotFound();
  if (state.hasEarlierUpdate) return decided({ ticketId: ticket.id, updateId, isDuplicate: true });
  // On their own ticket staff write as its owner (actsAsStaffOn): no staff folder, not once closed.
  const isStaff = actsAsStaffOn(ticket, caller.uid, canProcessTickets(caller));
  const refusal = mayAddUpdate(caller, isStaff, ticket);
  if (refusal) return refusal;
  const outside = pathErrors(caller, isStaff, ticket, request);
  if (Object.keys(outside).length > 0) return refuseFields(outside, 'Invalid update');

  const at = new Date(now);
  const by = personOfCaller(caller);
  const path = ticketPath(ticket.id);
  return decided(
    { ticketId: ticket.id, updateId, isDuplicate: false },
    {
      // The create comes first: a concurrent retry fails on it before anything else is written.
      writes: [
        {
          type: 'create',
          path: `${path}/updates/${updateId}`,
          data: { text: request.text, by, at, attachments: [...request.attachments] },
        },
        ticketPatch(ticket.id, {
          lastUpdate: at,
          ...(isStaff ? firstResponsePatch(ticket, caller, at) : {}),
        }),
      ],
      log: [
        fieldEntry(ticket.id, by, at, 'update', null, updateSummary(request.text)),
        ...notifyOwner(ticket, caller, 'updateAdded', { number: ticket.number, by: caller.name }, at),
      ],
    },
  );
}
