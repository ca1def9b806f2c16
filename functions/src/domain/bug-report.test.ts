import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BUG_REPORT_LIMITS,
  bugReportFilesFolder,
  bugReportFormSchema,
  bugReportSchema,
} from './bug-report.js';
import { MAX_FILE_SIZE_BYTES } from './constants.js';
import { fieldMessages } from './ticket-schemas.js';

/** Field path -> first message key of a payload the schema must refuse. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected the schema to refuse ${JSON.stringify(input)}`);
  return fieldMessages(result.error);
}

const REQUEST_ID = '6f1c2a4e-93b1-4d55-8a0e-2b7c9d1e0f42';
const FOLDER = `bug-reports/u-1/${REQUEST_ID}/`;
const screenshot = {
  name: 'screen.png',
  size: 120_000,
  contentType: 'image/png',
  path: `${FOLDER}screen.png`,
};

const valid = {
  requestId: REQUEST_ID,
  page: '/ticket-history?status=new',
  description: '  The list stays empty  ',
  steps: ' 1. Open history\n2. Pick "new" ',
  expected: 'My tickets',
  actual: 'Nothing',
  browser: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
  appVersion: '1.0.0+abc123',
  attachments: [screenshot],
};

const text = (length: number) => 'x'.repeat(length);

describe('bugReportSchema', () => {
  it('accepts a full report and trims the texts', () => {
    expect(bugReportSchema.parse(valid)).toEqual({
      ...valid,
      description: 'The list stays empty',
      steps: '1. Open history\n2. Pick "new"',
    });
  });

  it('needs only the request id and the description; the rest defaults to empty', () => {
    expect(bugReportSchema.parse({ requestId: REQUEST_ID, description: 'Crash' })).toEqual({
      requestId: REQUEST_ID,
      page: '',
      description: 'Crash',
      steps: '',
      expected: '',
      actual: '',
      browser: '',
      appVersion: '',
      attachments: [],
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   \n '],
  ])('refuses a %s description with validation.required', (_name, description) => {
    expect(messagesOf(bugReportSchema, { ...valid, description })).toEqual({
      description: 'validation.required',
    });
  });

  it.each([
    ['page', BUG_REPORT_LIMITS.PAGE_MAX_CHARS, 300],
    ['description', BUG_REPORT_LIMITS.TEXT_MAX_CHARS, 4000],
    ['steps', BUG_REPORT_LIMITS.TEXT_MAX_CHARS, 4000],
    ['expected', BUG_REPORT_LIMITS.TEXT_MAX_CHARS, 4000],
    ['actual', BUG_REPORT_LIMITS.TEXT_MAX_CHARS, 4000],
    ['browser', BUG_REPORT_LIMITS.BROWSER_MAX_CHARS, 500],
    ['appVersion', BUG_REPORT_LIMITS.APP_VERSION_MAX_CHARS, 100],
  ])('takes %s up to its limit and refuses one character more', (field, limit, spec) => {
    expect(limit).toBe(spec);
    expect(bugReportSchema.safeParse({ ...valid, [field]: text(limit) }).success).toBe(true);
    expect(messagesOf(bugReportSchema, { ...valid, [field]: text(limit + 1) })).toEqual({
      [field]: `validation.maxChars:${limit}`,
    });
  });

  it('refuses a missing or malformed request id', () => {
    expect(messagesOf(bugReportSchema, { ...valid, requestId: undefined })).toEqual({
      requestId: 'validation.requestId',
    });
    expect(messagesOf(bugReportSchema, { ...valid, requestId: '../../x' })).toEqual({
      requestId: 'validation.requestId',
    });
  });

  it('refuses a text field that is not a string', () => {
    expect(messagesOf(bugReportSchema, { ...valid, steps: 42 })).toEqual({ steps: 'validation.invalid' });
  });

  it('takes five attachments and refuses a sixth', () => {
    const files = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        ...screenshot,
        name: `${i}.png`,
        path: `${FOLDER}${i}.png`,
      }));
    expect(bugReportSchema.parse({ ...valid, attachments: files(5) }).attachments).toHaveLength(5);
    expect(messagesOf(bugReportSchema, { ...valid, attachments: files(6) })).toEqual({
      attachments: 'validation.maxFiles',
    });
  });

  it('refuses attachments that are too large, of another type or without a path', () => {
    expect(
      messagesOf(bugReportSchema, {
        ...valid,
        attachments: [{ ...screenshot, size: MAX_FILE_SIZE_BYTES + 1 }],
      }),
    ).toEqual({ 'attachments.0.size': 'validation.fileTooLarge' });
    expect(
      messagesOf(bugReportSchema, {
        ...valid,
        attachments: [{ ...screenshot, contentType: 'application/zip' }],
      }),
    ).toEqual({ 'attachments.0.contentType': 'validation.fileType' });
    const { path: _path, ...withoutPath } = screenshot;
    expect(Object.keys(messagesOf(bugReportSchema, { ...valid, attachments: [withoutPath] }))).toEqual([
      'attachments.0.path',
    ]);
  });
});

describe('bugReportFormSchema', () => {
  it('takes the chosen files as metadata, before they have a path', () => {
    const { path: _path, ...chosen } = screenshot;
    expect(bugReportFormSchema.parse({ ...valid, attachments: [chosen] }).attachments).toEqual([chosen]);
    expect(bugReportSchema.safeParse({ ...valid, attachments: [chosen] }).success).toBe(false);
  });

  it('refuses the same things as the callable schema', () => {
    expect(messagesOf(bugReportFormSchema, { ...valid, description: ' ' })).toEqual({
      description: 'validation.required',
    });
    expect(
      messagesOf(bugReportFormSchema, {
        ...valid,
        attachments: Array.from({ length: 6 }, () => ({
          name: 'a.pdf',
          size: 1,
          contentType: 'application/pdf',
        })),
      }),
    ).toEqual({ attachments: 'validation.maxFiles' });
  });
});

describe('bugReportFilesFolder', () => {
  it('is the reporter’s folder of that request', () => {
    expect(bugReportFilesFolder('u-1', REQUEST_ID)).toBe(FOLDER);
  });
});
