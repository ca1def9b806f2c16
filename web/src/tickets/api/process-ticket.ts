import {
  type AddTicketUpdateInput,
  type AddTicketUpdateResponse,
  type AssignTicketRequest,
  type AssignTicketResponse,
  type ChangeStatusInput,
  type ChangeStatusResponse,
  type ConfirmItemRequest,
  type ConfirmItemResponse,
  type StoredAttachment,
  TICKET_PROCESSING_ERRORS,
  type TicketStaffResponse,
  ticketFilesFolder,
  ticketUpdateFilesFolder,
} from '@domain';
import { type CallableFailure, toCallableFailure } from '../../lib/callable-failure';
import { call } from '../../lib/call';
import { uploadFileTo } from './submit-ticket';

// The writes of ticket processing: the four callables of functions/src/domain/ticket-workflow.ts
// and the upload of an update's files. The server checks the permission and the transition again;
// the screens only offer what it would accept.

export function changeTicketStatus(request: ChangeStatusInput): Promise<ChangeStatusResponse> {
  return call('changeTicketStatus', request);
}

export function assignTicket(request: AssignTicketRequest): Promise<AssignTicketResponse> {
  return call('assignTicket', request);
}

export function addTicketUpdate(request: AddTicketUpdateInput): Promise<AddTicketUpdateResponse> {
  return call('addTicketUpdate', request);
}

export function confirmTicketItem(request: ConfirmItemRequest): Promise<ConfirmItemResponse> {
  return call('confirmTicketItem', request);
}

/** Who a ticket may be assigned to: active accounts holding PROCESS_TICKETS, by name. */
export function fetchTicketStaff(): Promise<TicketStaffResponse> {
  return call('listTicketStaff');
}

/**
 * Uploads one file of an update: staff into the ticket's update folder, the ticket's owner into
 * their own ticket folder (the two folders storage.rules lets them write; see updateFileFolders).
 */
export function uploadUpdateFile(
  input: { ownerUid: string; ticketId: string; asStaff: boolean },
  file: File,
  onProgress: (percent: number) => void,
): Promise<StoredAttachment> {
  const folder = input.asStaff
    ? ticketUpdateFilesFolder(input.ownerUid, input.ticketId)
    : ticketFilesFolder(input.ownerUid, input.ticketId);
  return uploadFileTo(folder, file, onProgress);
}

/** Why a processing call failed: the message to show and the field errors of the form. */
export type ProcessingFailure = CallableFailure;

const PROCESSING_FAILURE_KEYS = {
  own: /^tickets\.processing\.errors\.[A-Za-z]+$/,
  noConnection: 'tickets.processing.errors.noConnection',
  forbidden: TICKET_PROCESSING_ERRORS.forbidden,
};

/**
 * Maps a callable error to what the ticket actions show: the server's own
 * `tickets.processing.errors.*` key, "no connection", the field errors of an invalid request, or
 * the operation's failure key (for example tickets.processing.errors.statusFailed).
 */
export function toProcessingFailure(error: unknown, fallbackKey: string): ProcessingFailure {
  return toCallableFailure(error, fallbackKey, PROCESSING_FAILURE_KEYS);
}

/** A request id for one update; kept across retries so the update is added once. */
export function newUpdateRequestId(): string {
  return crypto.randomUUID();
}
