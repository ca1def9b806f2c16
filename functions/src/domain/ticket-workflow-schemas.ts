import { z } from 'zod';
import { MAX_FILES } from './constants.js';
import { hasVisibleText, isoDaySchema, requestIdSchema, storedAttachmentSchema } from './ticket-schemas.js';
import {
  MAX_PAID_AMOUNT,
  REJECTION_REASON_MAX_CHARS,
  type StatusChangeTicket,
  TARGET_STATUSES,
  UPDATE_TEXT_MAX_CHARS,
  statusChangeErrors,
} from './ticket-workflow.js';

// The request schemas of the ticket-processing callables, apart from ticket-workflow.ts so that a
// screen that only asks which moves a ticket allows (the ticket page) does not load zod's schema
// code.

const required = (invalid: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? 'validation.required' : invalid,
});

export const ticketIdSchema = z
  .string(required('validation.invalid'))
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid');

const optionalReason = z
  .string('validation.invalid')
  .trim()
  .max(REJECTION_REASON_MAX_CHARS, `validation.maxChars:${REJECTION_REASON_MAX_CHARS}`)
  .optional();

/**
 * changeTicketStatus: the target status, a reason (at most 1000 characters) and the paid amount
 * and day. Which of them a change needs depends on the ticket (see `statusChangeErrors`); a reason
 * or payment sent with a change that does not take one is not stored.
 */
export const changeStatusSchema = z.object({
  ticketId: ticketIdSchema,
  status: z.enum(TARGET_STATUSES, required('validation.invalid')),
  reason: optionalReason,
  paidAmount: z
    .number('validation.number')
    .positive('validation.amountGreaterThanZero')
    .max(MAX_PAID_AMOUNT, 'validation.number')
    .multipleOf(0.01, 'validation.number')
    .optional(),
  paidDate: isoDaySchema.optional(),
});
export type ChangeStatusRequest = z.infer<typeof changeStatusSchema>;
export type ChangeStatusInput = z.input<typeof changeStatusSchema>;

/** The status-change schema of one ticket's form: `changeStatusSchema` plus what the ticket needs. */
export function changeStatusSchemaFor(ticket: StatusChangeTicket) {
  return changeStatusSchema.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(statusChangeErrors(ticket, value))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

/** assignTicket: a staff member's uid, or null to unassign. */
export const assignTicketSchema = z.object({
  ticketId: ticketIdSchema,
  assigneeUid: z
    .string(required('validation.invalid'))
    .regex(/^[^/\s]{1,128}$/, 'validation.invalid')
    .nullable(),
});
export type AssignTicketRequest = z.infer<typeof assignTicketSchema>;

/** addTicketUpdate: text and uploaded files; `requestId` makes a retry return the first update. */
export const addTicketUpdateSchema = z.object({
  requestId: requestIdSchema,
  ticketId: ticketIdSchema,
  text: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(UPDATE_TEXT_MAX_CHARS, `validation.maxChars:${UPDATE_TEXT_MAX_CHARS}`)
    .refine(hasVisibleText, 'validation.required'),
  attachments: z.array(storedAttachmentSchema).max(MAX_FILES, 'validation.maxFiles').default([]),
});
export type AddTicketUpdateRequest = z.infer<typeof addTicketUpdateSchema>;
export type AddTicketUpdateInput = z.input<typeof addTicketUpdateSchema>;

/** confirmTicketItem: one line of a tools or clothes ticket, confirmed or not. */
export const confirmItemSchema = z.object({
  ticketId: ticketIdSchema,
  index: z
    .number(required('validation.number'))
    .int('validation.number')
    .nonnegative('validation.number')
    .max(999, 'validation.number'),
  confirmed: z.boolean(required('validation.invalid')),
});
export type ConfirmItemRequest = z.infer<typeof confirmItemSchema>;
