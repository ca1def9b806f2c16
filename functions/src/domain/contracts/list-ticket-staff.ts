import { TICKET_QUEUE_ERRORS, type TicketStaffMember } from '../ticket-queue.js';
import { NO_REQUEST, answers } from './contract.js';

export type TicketStaffResponse = { staff: TicketStaffMember[] };

/** Who a ticket may be assigned to (enabled accounts with PROCESS_TICKETS); callers with PROCESS_TICKETS. */
export const listTicketStaff = answers<TicketStaffResponse>()({
  ...NO_REQUEST,
  failure: TICKET_QUEUE_ERRORS.staffFailed,
});
