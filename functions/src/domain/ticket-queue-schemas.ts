import { z } from 'zod';
import {
  QUEUE_ASSIGNEE_FILTERS,
  QUEUE_CATEGORY_IDS,
  QUEUE_MAX_LIMIT,
  QUEUE_PAGE_SIZE,
  QUEUE_STATUS_FILTERS,
} from './ticket-queue.js';

// The request schema of listTicketQueue, apart from ticket-queue.ts so that the screens that only
// need the queue's names and types do not load zod's schema code. Its output is a
// TicketQueueRequest (listTicketQueue hands it to queueQueryShape, so the compiler checks that).

/** listTicketQueue: the quick filters and how many tickets (a multiple of QUEUE_PAGE_SIZE). */
export const ticketQueueRequestSchema = z.object({
  status: z.enum(QUEUE_STATUS_FILTERS, 'validation.invalid').default('open'),
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
