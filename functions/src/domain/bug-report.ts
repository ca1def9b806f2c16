import { z } from 'zod';
import { MAX_FILES } from './constants.js';
import {
  attachmentMetaSchema,
  hasVisibleText,
  requestIdSchema,
  storedAttachmentSchema,
} from './ticket-schemas.js';

/*
 * The bug report (spec sections 3 and 8): what went wrong, where, and on which browser and app
 * version. The form checks `bugReportFormSchema` before anything is uploaded; the submitBugReport
 * callable checks `bugReportSchema`, whose attachments carry their Storage paths.
 */

export const BUG_REPORT_LIMITS = {
  PAGE_MAX_CHARS: 300,
  TEXT_MAX_CHARS: 4000,
  BROWSER_MAX_CHARS: 500,
  APP_VERSION_MAX_CHARS: 100,
} as const;

const maxChars = (max: number) => `validation.maxChars:${max}`;

/** Optional text: absent or blank is ''. */
const optionalText = (max: number) =>
  z.string('validation.invalid').trim().max(max, maxChars(max)).default('');

const fields = {
  requestId: requestIdSchema,
  /** The app path the report is about, e.g. `/ticket-history?status=new`; may be empty. */
  page: optionalText(BUG_REPORT_LIMITS.PAGE_MAX_CHARS),
  description: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(BUG_REPORT_LIMITS.TEXT_MAX_CHARS, maxChars(BUG_REPORT_LIMITS.TEXT_MAX_CHARS))
    .refine(hasVisibleText, 'validation.required'),
  steps: optionalText(BUG_REPORT_LIMITS.TEXT_MAX_CHARS),
  expected: optionalText(BUG_REPORT_LIMITS.TEXT_MAX_CHARS),
  actual: optionalText(BUG_REPORT_LIMITS.TEXT_MAX_CHARS),
  /** The reporter's user agent, attached by the app. */
  browser: optionalText(BUG_REPORT_LIMITS.BROWSER_MAX_CHARS),
  /** The running bundle's version, attached by the app. */
  appVersion: optionalText(BUG_REPORT_LIMITS.APP_VERSION_MAX_CHARS),
};

/** What the form checks before uploading: the chosen files as metadata, without paths yet. */
export const bugReportFormSchema = z.object({
  ...fields,
  attachments: z.array(attachmentMetaSchema).max(MAX_FILES, 'validation.maxFiles').default([]),
});
/** The form's values as typed. */
export type BugReportFormValues = z.input<typeof bugReportFormSchema>;
/** The form's values once the schema has checked and trimmed them. */
export type BugReportFormData = z.output<typeof bugReportFormSchema>;

/** What submitBugReport accepts: the uploaded files with their Storage paths. */
export const bugReportSchema = z.object({
  ...fields,
  attachments: z.array(storedAttachmentSchema).max(MAX_FILES, 'validation.maxFiles').default([]),
});
export type BugReport = z.infer<typeof bugReportSchema>;
export type BugReportInput = z.input<typeof bugReportSchema>;

/**
 * Where a report's attachments live in Storage: the reporter's folder of that request
 * (storage.rules let only the reporter create files there).
 */
export const bugReportFilesFolder = (uid: string, requestId: string) => `bug-reports/${uid}/${requestId}/`;
