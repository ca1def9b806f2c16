import type { PermissionSubject } from '../access.js';
import type { AssignTicketRequest } from '../ticket-workflow-schemas.js';
import { type AssignTicketResponse, TICKET_PROCESSING_ERRORS, actsAsStaffOn } from '../ticket-workflow.js';
import {
  type Decision,
  type LogEntry,
  type OperationCaller,
  type Refused,
  decided,
  refuse,
} from './decision.js';
import { notificationEntry, notifyOwner } from './notify.js';
import {
  type PersonRef,
  type StoredTicket,
  canProcessTickets,
  fieldEntry,
  forbidden,
  personOfCaller,
  ticketArchived,
  ticketNotFound,
  ticketPatch,
} from './ticket-state.js';

/** The account a ticket is to be assigned to, as Auth and its users/{uid} record describe it. */
export type AssigneeAccount = PermissionSubject & { uid: string; name: string; disabled: boolean };

export type AssignTicketState = {
  ticket: StoredTicket | null;
  /** The account of `request.assigneeUid`; null when there is none (or nobody is to be assigned). */
  assignee: AssigneeAccount | null;
};

const notStaff = () => refuse('failed-precondition', TICKET_PROCESSING_ERRORS.assigneeNotStaff);

/**
 * Nobody processes their own request (actsAsStaffOn): staff do not assign, reassign or unassign
 * their own ticket, and nobody makes a ticket's owner its assignee.
 */
function ownTicketRefusal(
  ticket: StoredTicket,
  assignee: PersonRef | null,
  caller: OperationCaller,
): Refused | null {
  if (!actsAsStaffOn(ticket, caller.uid, canProcessTickets(caller))) {
    return refuse('permission-denied', TICKET_PROCESSING_ERRORS.ownTicket);
  }
  if (assignee && assignee.uid === ticket.createdBy) {
    return refuse('failed-precondition', TICKET_PROCESSING_ERRORS.assigneeIsOwner);
  }
  return null;
}

/**
 * Who hears of an assignment: the assignee ("assigned to you") unless they assigned themselves,
 * and the owner (to whom it went) unless they did it or are the assignee. Unassigning tells nobody.
 */
function assignmentNotifications(
  ticket: StoredTicket,
  assignee: PersonRef | null,
  caller: OperationCaller,
  at: Date,
): LogEntry[] {
  if (!assignee) return [];
  const toAssignee =
    assignee.uid === caller.uid
      ? []
      : [
          notificationEntry(
            assignee.uid,
            ticket,
            'assignedToYou',
            { number: ticket.number, by: caller.name },
            at,
          ),
        ];
  const toOwner =
    assignee.uid === ticket.createdBy
      ? []
      : notifyOwner(ticket, caller, 'assigned', { number: ticket.number, name: assignee.name }, at);
  return [...toOwner, ...toAssignee];
}

/**
 * assignTicket: the caller holds PROCESS_TICKETS -> the assignee is the caller, or an enabled
 * account holding PROCESS_TICKETS (or nobody: unassign) -> the ticket exists -> it is not the
 * caller's own ticket (`ownTicket`) and the assignee is not its owner (`assigneeIsOwner`) -> it is
 * not archived -> `assignedTo` {uid, name} | null, `assigneeUid` (the uid, '' for nobody: the queue filters on
 * it), `lastUpdate` and an activity entry `assignedTo` from the previous name to the new one.
 * The owner and the assignee are notified (see assignmentNotifications).
 * Assigning the current assignee again logs nothing (`isChanged: false`); it only brings a stored
 * `assigneeUid` that disagrees (a ticket filed before the field existed) in line.
 */
export function decideAssignTicket(
  state: AssignTicketState,
  request: AssignTicketRequest,
  caller: OperationCaller,
  now: number,
): Decision<AssignTicketResponse> {
  if (!canProcessTickets(caller)) return forbidden();
  let assignee: PersonRef | null = null;
  if (request.assigneeUid === caller.uid) assignee = personOfCaller(caller);
  else if (request.assigneeUid !== null) {
    const account = state.assignee;
    if (!account || account.uid !== request.assigneeUid || account.disabled || !canProcessTickets(account)) {
      return notStaff();
    }
    assignee = { uid: account.uid, name: account.name };
  }
  const { ticket } = state;
  if (!ticket) return ticketNotFound();
  const refusal = ownTicketRefusal(ticket, assignee, caller);
  if (refusal) return refusal;
  if (ticket.archived) return ticketArchived();

  const assigneeUid = assignee?.uid ?? '';
  const result = { ticketId: ticket.id, assignedTo: assignee };
  if ((ticket.assignedTo?.uid ?? '') === assigneeUid) {
    const writes = ticket.assigneeUid === assigneeUid ? [] : [ticketPatch(ticket.id, { assigneeUid })];
    return decided({ ...result, isChanged: false }, { writes });
  }
  const at = new Date(now);
  return decided(
    { ...result, isChanged: true },
    {
      writes: [ticketPatch(ticket.id, { assignedTo: assignee, assigneeUid, lastUpdate: at })],
      log: [
        fieldEntry(
          ticket.id,
          personOfCaller(caller),
          at,
          'assignedTo',
          ticket.assignedTo?.name ?? null,
          assignee?.name ?? null,
        ),
        ...assignmentNotifications(ticket, assignee, caller, at),
      ],
    },
  );
}
