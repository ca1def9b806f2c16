import { z } from 'zod';
import { ALLOWED_FILE_TYPE_PATTERN, MAX_FILES, MAX_FILE_SIZE_BYTES, PRESALARY } from './constants.js';
import { salaryPeriodOf } from './presalary.js';
import { requestIdSchema } from './request-id.js';

/*
 * One schema per ticket form, used three times: by the form (zodResolver), by the submitTicket
 * callable (safeParse, field messages in the error details) and by the tests. Messages are
 * translation keys; `validation.maxChars:2000` carries its parameter after the colon.
 */

export const DESCRIPTION_MAX_CHARS = 2000;
export const REASON_MAX_CHARS = 500;
export const ADDRESS_MAX_CHARS = 200;
export const CAR_PLATE_MAX_CHARS = 15;
export const MAX_ITEM_QUANTITY = 20;
export const MAX_TOOL_QUANTITY = 99;
export const MAX_WORK_HOURS = 1000;
/** Receipts may be in any of these; presalary is paid in euro only (its limits are in euro). */
export const RECEIPT_CURRENCIES = ['EUR', 'SEK', 'PLN', 'NOK', 'DKK'] as const;

/** Message with a parameter, e.g. `maxChars(2000)` -> `validation.maxChars:2000`. */
const maxChars = (max: number) => `validation.maxChars:${max}`;

/** Whitespace that trim() keeps: zero-width spaces and joiners, word joiner, BOM. */
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF]/g;

/** Whether a text holds anything a person can read (not only spaces or zero-width characters). */
export const hasVisibleText = (text: string) => text.replace(INVISIBLE, '') !== '';

const requiredText = (max: number) =>
  z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(max, maxChars(max))
    .refine(hasVisibleText, 'validation.required');

const requiredNumber = z.number({
  error: (issue) =>
    issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.number',
});

/** A calendar day `YYYY-MM-DD`. */
export const isoDaySchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine(isRealDay, 'validation.date');

/** Whether `YYYY-MM-DD` names a day that exists (no 30 February, no 31 April). */
function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** A salary period id such as `2026-11-H2`. */
export const salaryPeriodSchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .regex(/^\d{4}-(0[1-9]|1[0-2])-H[12]$/, 'validation.required');

/** What the client declares about a file before uploading it; the server checks it again. */
export const attachmentMetaSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, maxChars(200)),
  size: z
    .number('validation.number')
    .int('validation.number')
    .nonnegative('validation.number')
    .max(MAX_FILE_SIZE_BYTES, 'validation.fileTooLarge'),
  contentType: z.string().regex(ALLOWED_FILE_TYPE_PATTERN, 'validation.fileType'),
});
export type AttachmentMeta = z.infer<typeof attachmentMetaSchema>;

export const attachmentsSchema = z.array(attachmentMetaSchema).max(MAX_FILES, 'validation.maxFiles');

export { requestIdSchema };

const base = {
  requestId: requestIdSchema,
  description: requiredText(DESCRIPTION_MAX_CHARS),
  attachments: attachmentsSchema.default([]),
};

function endNotBeforeStart(value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  const areDays =
    isoDaySchema.safeParse(value.startDate).success && isoDaySchema.safeParse(value.endDate).success;
  if (areDays && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  }
}

// --- presalary -----------------------------------------------------------------------------

export const presalarySchema = z.object({
  ...base,
  category: z.literal('presalary'),
  subcategory: z.literal('advance', 'validation.required'),
  amount: requiredNumber
    .positive('validation.amountGreaterThanZero')
    .min(PRESALARY.MIN_AMOUNT, 'validation.presalaryMin')
    .max(PRESALARY.MAX_AMOUNT, 'validation.presalaryMax')
    .multipleOf(0.01, 'validation.number'),
  currency: z.literal(PRESALARY.CURRENCY, 'validation.required'),
  reason: requiredText(REASON_MAX_CHARS),
  period: salaryPeriodSchema,
  termsAccepted: z.literal(true, 'validation.required'),
});

/**
 * The payment periods a presalary may be requested for on a given day: the current salary
 * period and the next one.
 */
export function selectablePresalaryPeriods(today: string): [string, string] {
  const current = salaryPeriodOf(today);
  const [year, month, half] = current.split('-') as [string, string, string];
  if (half === 'H1') return [current, `${year}-${month}-H2`];
  const nextMonth = Number(month) === 12 ? 1 : Number(month) + 1;
  const nextYear = Number(month) === 12 ? Number(year) + 1 : Number(year);
  return [current, `${nextYear}-${String(nextMonth).padStart(2, '0')}-H1`];
}

/** The most recent salary periods, newest first, for the salary form's period choice. */
export function recentSalaryPeriods(today: string, count: number): string[] {
  const periods: string[] = [];
  let [year, month, half] = salaryPeriodOf(today).split('-') as [string, string, string];
  for (let i = 0; i < count; i++) {
    periods.push(`${year}-${month}-${half}`);
    if (half === 'H2') {
      half = 'H1';
    } else {
      half = 'H2';
      const previous = Number(month) === 1 ? 12 : Number(month) - 1;
      if (previous === 12) year = String(Number(year) - 1);
      month = String(previous).padStart(2, '0');
    }
  }
  return periods;
}

// --- absences ------------------------------------------------------------------------------

export const ABSENCE_TYPES = ['sickLeave', 'vacation', 'unpaidLeave', 'personal'] as const;

export const absenceSchema = z
  .object({
    ...base,
    category: z.literal('absences'),
    /** The absence type is the subcategory. */
    subcategory: z.enum(ABSENCE_TYPES, 'validation.required'),
    reason: requiredText(REASON_MAX_CHARS),
    startDate: isoDaySchema,
    endDate: isoDaySchema,
    hasMedicalCertificate: z.boolean().default(false),
  })
  .superRefine(endNotBeforeStart)
  .superRefine((value, ctx) => {
    const needsFile = isAttachmentRequired('absences', value.subcategory, value.hasMedicalCertificate);
    if (needsFile && value.attachments.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['attachments'], message: 'validation.sickLeaveFile' });
    }
  });

/** The days of a ticket that a real request can name: from 2000 to two years after today. */
export const EARLIEST_TICKET_DAY = '2000-01-01';
export const MAX_TICKET_YEARS_AHEAD = 2;
const DAY_FIELDS = ['startDate', 'endDate', 'purchaseDate'] as const;

/**
 * Field errors (field -> 'validation.dateRange') for days outside that range: a typo such as 0202 or 2062
 * is caught before it reaches the office. `today` is `YYYY-MM-DD` (the form's day, the server's UTC day).
 */
export function dayRangeErrors(values: Record<string, unknown>, today: string): Record<string, string> {
  const latest = `${Number(today.slice(0, 4)) + MAX_TICKET_YEARS_AHEAD}${today.slice(4)}`;
  const errors: Record<string, string> = {};
  for (const field of DAY_FIELDS) {
    const day = values[field];
    if (typeof day === 'string' && day !== '' && (day < EARLIEST_TICKET_DAY || day > latest)) {
      errors[field] = 'validation.dateRange';
    }
  }
  return errors;
}

/**
 * Whether a ticket needs at least one file: receipts always, an absence when it is sick leave or a
 * medical certificate is ticked. The schemas refuse a submission without one; the form marks the
 * field as required.
 */
export function isAttachmentRequired(
  category: string,
  subcategory: string,
  hasMedicalCertificate: unknown,
): boolean {
  if (category === 'receipts') return true;
  return category === 'absences' && (subcategory === 'sickLeave' || hasMedicalCertificate === true);
}

// --- clothes -------------------------------------------------------------------------------

export const CLOTHES_ITEM_TYPES = ['jacket', 'pants', 'shoes', 'longSleeveShirt', 'beanie', 'buff'] as const;
export type ClothesItemType = (typeof CLOTHES_ITEM_TYPES)[number];
/** Items that come in a summer and a winter version. */
export const CLOTHES_WITH_VARIANT: readonly ClothesItemType[] = ['jacket', 'pants', 'shoes'];
export const CLOTHES_VARIANTS = ['summer', 'winter'] as const;

export const clothesItemSchema = z
  .object({
    type: z.enum(CLOTHES_ITEM_TYPES),
    variant: z.enum(CLOTHES_VARIANTS).nullable().default(null),
    size: z.string('validation.selectSize').trim().max(10, maxChars(10)),
    quantity: requiredNumber
      .int('validation.number')
      .min(1, 'validation.positive')
      .max(MAX_ITEM_QUANTITY, `validation.maxQuantity:${MAX_ITEM_QUANTITY}`),
  })
  .superRefine((item, ctx) => {
    if (CLOTHES_WITH_VARIANT.includes(item.type) && !item.variant) {
      ctx.addIssue({ code: 'custom', path: ['variant'], message: 'validation.required' });
    }
  });
export type ClothesItem = z.infer<typeof clothesItemSchema>;

export const clothesSchema = z
  .object({
    ...base,
    category: z.literal('clothes'),
    subcategory: z.enum(['newWorkwear', 'replacement'], 'validation.required'),
    items: z.array(clothesItemSchema).min(1, 'validation.selectItem').max(CLOTHES_ITEM_TYPES.length),
  })
  .superRefine((value, ctx) => {
    // One message for the list: every chosen item needs its size.
    if (value.items.some((item) => item.size === '')) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'validation.selectSize' });
    }
    const types = value.items.map((item) => `${item.type}/${item.variant ?? ''}`);
    if (new Set(types).size !== types.length) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'validation.duplicateItem' });
    }
  });

// --- tools ---------------------------------------------------------------------------------

export const toolOrderLineSchema = z.object({
  toolId: z.string('validation.unknownTool').regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.unknownTool'),
  quantity: requiredNumber
    .int('validation.number')
    .min(1, 'validation.positive')
    .max(MAX_TOOL_QUANTITY, `validation.maxQuantity:${MAX_TOOL_QUANTITY}`),
});

export const toolsSchema = z
  .object({
    ...base,
    category: z.literal('tools'),
    subcategory: z.enum(['order', 'repair'], 'validation.required'),
    tools: z.array(toolOrderLineSchema).max(50).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.subcategory === 'order' && value.tools.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tools'], message: 'validation.addTool' });
    }
    const ids = value.tools.map((line) => line.toolId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['tools'], message: 'validation.duplicateItem' });
    }
  });

// --- receipts ------------------------------------------------------------------------------

export const receiptsSchema = z
  .object({
    ...base,
    category: z.literal('receipts'),
    subcategory: z.enum(['fuel', 'materials', 'travel', 'otherExpense'], 'validation.required'),
    amount: requiredNumber
      .positive('validation.amountGreaterThanZero')
      .max(1_000_000, 'validation.number')
      .multipleOf(0.01, 'validation.number'),
    currency: z.enum(RECEIPT_CURRENCIES, 'validation.required'),
    // An emptied date field sends ''.
    purchaseDate: z.preprocess((day) => (day === '' ? undefined : day), isoDaySchema.optional()),
  })
  .superRefine((value, ctx) => {
    if (value.attachments.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['attachments'], message: 'validation.receiptFile' });
    }
  });

// --- car, accommodation --------------------------------------------------------------------

export const carSchema = z.object({
  ...base,
  category: z.literal('car'),
  subcategory: z.enum(['damage', 'service', 'fuelCard'], 'validation.required'),
  // Normalised before the length check: "po  5tx21" is the plate "PO 5TX21".
  carPlate: z.preprocess(
    (plate) => (typeof plate === 'string' ? plate.trim().replace(/\s+/g, ' ').toUpperCase() : plate),
    requiredText(CAR_PLATE_MAX_CHARS),
  ),
});

export const accommodationSchema = z.object({
  ...base,
  category: z.literal('accommodation'),
  subcategory: z.enum(['repair', 'change', 'problem'], 'validation.required'),
  address: requiredText(ADDRESS_MAX_CHARS),
});

// --- salary, workhours ---------------------------------------------------------------------

export const salarySchema = z.object({
  ...base,
  category: z.literal('salary'),
  subcategory: z.enum(['missingPayment', 'wrongAmount', 'payslip'], 'validation.required'),
  period: salaryPeriodSchema,
});

export const workhoursSchema = z
  .object({
    ...base,
    category: z.literal('workhours'),
    subcategory: z.enum(['missingHours', 'correction'], 'validation.required'),
    startDate: isoDaySchema,
    endDate: isoDaySchema,
    hours: z
      .number('validation.number')
      .positive('validation.positive')
      .max(MAX_WORK_HOURS, 'validation.number')
      .optional(),
  })
  .superRefine(endNotBeforeStart);

/** Everything submitTicket accepts, told apart by `category`. */
export const ticketSubmissionSchema = z.discriminatedUnion('category', [
  presalarySchema,
  absenceSchema,
  clothesSchema,
  toolsSchema,
  receiptsSchema,
  carSchema,
  accommodationSchema,
  salarySchema,
  workhoursSchema,
]);

export type TicketSubmission = z.infer<typeof ticketSubmissionSchema>;
export type TicketSubmissionInput = z.input<typeof ticketSubmissionSchema>;

/** The form schema of each category. */
export const TICKET_FORM_SCHEMAS = {
  presalary: presalarySchema,
  absences: absenceSchema,
  clothes: clothesSchema,
  tools: toolsSchema,
  receipts: receiptsSchema,
  car: carSchema,
  accommodation: accommodationSchema,
  salary: salarySchema,
  workhours: workhoursSchema,
} as const;

/** Categories whose form takes attachments (all of them: a photo often says more than words). */
export const CATEGORIES_WITH_FILES = Object.keys(TICKET_FORM_SCHEMAS);

/** Field path -> first message key, from a zod error; what the callable sends back. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    messages[path] ??= issue.message;
  }
  return messages;
}

// --- attaching uploaded files --------------------------------------------------------------

export const storedAttachmentSchema = attachmentMetaSchema.extend({
  path: z.string().min(1).max(500),
});
export type StoredAttachment = z.infer<typeof storedAttachmentSchema>;

export const attachFilesSchema = z.object({
  ticketId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  files: z.array(storedAttachmentSchema).min(1).max(MAX_FILES, 'validation.maxFiles'),
});
export type AttachFilesRequest = z.infer<typeof attachFilesSchema>;
