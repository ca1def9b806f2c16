import { z } from 'zod';
import {
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_CATEGORY_IDS,
  QUEUE_MAX_LIMIT,
  QUEUE_PAGE_SIZE,
  QUEUE_STATUS_FILTERS,
  type QueueTicket,
  TICKET_QUEUE_ERRORS,
} from '../ticket-queue.js';
import type { TicketStatus } from '../tickets.js';
import { answers } from './contract.js';

/**
 * The quick filters and how many tickets (a multiple of QUEUE_PAGE_SIZE). Its output is a
 * TicketQueueRequest (listTicketQueue hands it to queueQueryShape, so the compiler checks that).
 */
export const ticketQueueRequestSchema = z.object({
  status: z.enum(QUEUE_STATUS_FILTERS, 'validation.invalid').default('open'),
  overdue: z.boolean('validation.invalid').optional(),
  assignee: z.enum(QUEUE_ASSIGNEE_FILTERS, 'validation.invalid').default('any'),
  category: z.enum(QUEUE_CATEGORY_IDS, 'validation.invalid').optional(),
  /** A site name as listed in `sites` of the answer. */
  site: z
    .string('validation.invalid')
    .trim()
    .min(1, 'validation.invalid')
    .max(120, 'validation.invalid')
    .optional(),
  limit: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(QUEUE_MAX_LIMIT, 'validation.invalid')
    .default(QUEUE_PAGE_SIZE),
});
export type TicketQueueInput = z.input<typeof ticketQueueRequestSchema>;

export type TicketQueueResponse = {
  /** Oldest first. */
  tickets: QueueTicket[];
  /** Whether more tickets match than were returned. */
  hasMore: boolean;
  /** Tickets per status under the assignee, category and site filters (not the status filter). */
  counts: Record<TicketStatus, number>;
  /** Of those, the tickets past their answer day that staff have not answered, per status. */
  overdueCounts: Partial<Record<TicketStatus, number>>;
  /** Every site name of the worker directory, sorted, for the site filter. */
  sites: string[];
  /** The caller's own answers to "Did this solve it?": the 👍 and 👎 on tickets assigned to them. */
  myRatings: { up: number; down: number };
};

/** The staff queue: the tickets of the quick filters, counts per status; callers with PROCESS_TICKETS. */
export const listTicketQueue = answers<TicketQueueResponse>()({
  request: ticketQueueRequestSchema,
  failure: TICKET_QUEUE_ERRORS.loadFailed,
  invalid: 'Invalid queue request',
  isPayloadOptional: true,
});
