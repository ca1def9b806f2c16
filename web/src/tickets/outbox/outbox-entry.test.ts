import { MAX_FILES } from '@domain';
import { describe, expect, it } from 'vitest';
import type { CallableFailure } from '../../lib/callable-failure';
import { callableErrorOf } from '../../lib/callable-keys';
import {
  OUTBOX_VERSION,
  isConnectionFailure,
  outboxFiles,
  readOutboxEntry,
  refusalOf,
  toOutboxEntry,
} from './outbox-entry';
import { UID, carSubmission, outboxEntry, outboxFile, photo } from './testing/outbox-fixtures';

const QUEUED_AT = new Date(2026, 10, 22, 7, 45).getTime();

describe('toOutboxEntry', () => {
  it('keeps the submission under its request id, waiting, with the files as blobs', () => {
    const submission = carSubmission('req-0042');
    const file = photo('bumper.jpg');

    const entry = toOutboxEntry(UID, submission, [file], QUEUED_AT);

    expect(entry).toEqual({
      version: OUTBOX_VERSION,
      id: 'req-0042',
      uid: UID,
      queuedAt: QUEUED_AT,
      submission,
      files: [{ name: 'bumper.jpg', type: 'image/jpeg', lastModified: file.lastModified, blob: file }],
      status: 'waiting',
      attempts: 0,
    });
    expect(entry.files[0]?.blob).toBeInstanceOf(Blob);
  });

  it(`keeps at most ${MAX_FILES} files`, () => {
    const files = Array.from({ length: MAX_FILES + 2 }, (_, index) => photo(`photo-${index}.jpg`));

    const entry = toOutboxEntry(UID, carSubmission('req-0042'), files, QUEUED_AT);

    expect(entry.files.map((file) => file.name)).toEqual(files.slice(0, MAX_FILES).map((file) => file.name));
  });
});

describe('readOutboxEntry', () => {
  const withFile = outboxEntry({ files: [outboxFile(photo())] });

  it('accepts an entry of this account in the current shape', () => {
    expect(readOutboxEntry(withFile, UID)).toEqual(withFile);
    expect(readOutboxEntry(toOutboxEntry(UID, carSubmission('req-7'), [], QUEUED_AT), UID)).not.toBeNull();
  });

  it.each(['waiting', 'sending', 'refused'] as const)('accepts the status %s', (status) => {
    expect(readOutboxEntry(outboxEntry({ status }), UID)).not.toBeNull();
  });

  it.each([
    ['another account’s entry', outboxEntry({ uid: 'u-other' })],
    ['an entry of another version', { ...outboxEntry(), version: OUTBOX_VERSION + 1 }],
    ['an entry of no version', { ...outboxEntry(), version: undefined }],
    ['an entry without its submission', { ...outboxEntry(), submission: undefined }],
    [
      'an entry whose id is not its request id',
      outboxEntry({ id: 'req-0001', submission: carSubmission('req-9') }),
    ],
    ['an entry without a queue time', { ...outboxEntry(), queuedAt: '2026-11-22' }],
    ['an entry whose files are not a list', { ...outboxEntry(), files: 'bumper.jpg' }],
    ['a file without its blob', { ...withFile, files: [{ name: 'bumper.jpg', type: 'image/jpeg' }] }],
    ['a file whose blob is not a Blob', { ...withFile, files: [{ name: 'a.jpg', type: '', blob: 'jpeg' }] }],
    ['an unknown status', { ...outboxEntry(), status: 'sent' }],
    ['no record at all', undefined],
    ['a string', 'req-0001'],
  ])('rejects %s', (_name, record) => {
    expect(readOutboxEntry(record, UID)).toBeNull();
  });
});

describe('outboxFiles', () => {
  it('gives the entry’s files back as File objects with their names and types', () => {
    const entry = outboxEntry({
      files: [outboxFile(photo('bumper.jpg')), outboxFile(photo('report.pdf', 'application/pdf', '%PDF'))],
    });

    const files = outboxFiles(entry);

    expect(files.every((file) => file instanceof File)).toBe(true);
    expect(files.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'bumper.jpg', type: 'image/jpeg' },
      { name: 'report.pdf', type: 'application/pdf' },
    ]);
    expect(files[1]?.lastModified).toBe(1_700_000_000_000);
    expect(files[1]?.size).toBe('%PDF'.length);
  });
});

describe('isConnectionFailure', () => {
  /** A failure of call(): the SDK's error with this code and message, mapped as call() maps it. */
  const error = (code: string, message = '') =>
    callableErrorOf('submitTicket', Object.assign(new Error(message), { code }));

  it.each([
    ['any error while offline', error('functions/invalid-argument', 'Invalid ticket'), false, true],
    ['no error at all while offline', undefined, false, true],
    ['functions/unavailable', error('functions/unavailable'), true, true],
    ['functions/deadline-exceeded', error('functions/deadline-exceeded'), true, true],
    [
      'a fetch that got no answer (internal, "internal")',
      error('functions/internal', 'internal'),
      true,
      true,
    ],
    [
      'a server error (internal with its message)',
      error('functions/internal', 'tickets.errors.submitFailed'),
      true,
      false,
    ],
    ['functions/invalid-argument', error('functions/invalid-argument', 'Invalid ticket'), true, false],
    [
      'functions/failed-precondition',
      error('functions/failed-precondition', 'tickets.presalary.periodTaken'),
      true,
      false,
    ],
    ['functions/permission-denied', error('functions/permission-denied'), true, false],
    ['a token refresh without network', error('auth/network-request-failed'), true, true],
    [
      'a token refresh without network, outside call()',
      Object.assign(new Error(''), { code: 'auth/network-request-failed' }),
      true,
      true,
    ],
    ['a plain error', error('', 'boom'), true, false],
    ['a plain error outside call()', new Error('boom'), true, false],
    ['no error at all while online', undefined, true, false],
  ])('%s -> %s', (_name, failure, isOnline, expected) => {
    expect(isConnectionFailure(failure, isOnline)).toBe(expected);
  });
});

describe('refusalOf', () => {
  /** The submitTicket failure of an SDK error with this code, message and details. */
  const failure = (code: string, message = '', details?: unknown) =>
    callableErrorOf(
      'submitTicket',
      Object.assign(new Error(message), { code: `functions/${code}`, details }),
    );

  it.each<[string, CallableFailure, ReturnType<typeof refusalOf>]>([
    ['no connection', failure('unavailable', 'unavailable'), null],
    ['a timeout', failure('deadline-exceeded', 'deadline-exceeded'), null],
    ['a session the server refused', failure('unauthenticated', 'auth.errors.sessionFailed'), null],
    [
      'a period already asked for',
      failure('failed-precondition', 'tickets.presalary.periodTaken'),
      { key: 'tickets.presalary.periodTaken' },
    ],
    [
      'no permission',
      failure('permission-denied', 'tickets.errors.forbidden'),
      { key: 'tickets.errors.forbidden' },
    ],
    ['no permission, no key', failure('permission-denied', 'Nope'), { key: 'tickets.errors.forbidden' }],
    [
      'the hourly limit',
      failure('resource-exhausted', 'errors.tooManyRequests', { retryAfterMinutes: 22 }),
      { key: 'errors.tooManyRequests', values: { count: 22 } },
    ],
    [
      'invalid fields',
      failure('invalid-argument', 'Invalid ticket', {
        fields: { carPlate: 'validation.maxChars', description: 'validation.required' },
      }),
      { key: 'validation.maxChars' },
    ],
    [
      'invalid, no fields',
      failure('invalid-argument', 'Invalid ticket', { fields: {} }),
      { key: 'tickets.form.invalid' },
    ],
    [
      'invalid, an empty message',
      failure('invalid-argument', 'Invalid ticket', { fields: { carPlate: '' } }),
      { key: 'tickets.form.invalid' },
    ],
    ['anything else', failure('internal', 'INTERNAL'), { key: 'tickets.errors.submitFailed' }],
  ])('%s -> %o', (_name, refused, expected) => {
    expect(refusalOf(refused)).toEqual(expected);
  });
});
