import { MAX_FILES } from '@domain';
import { describe, expect, it } from 'vitest';
import type { SubmitFailure } from '../api/submit-ticket';
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
  const error = (code: string, message = '') => Object.assign(new Error(message), { code });

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
    ['a plain error', new Error('boom'), true, false],
    ['no error at all while online', undefined, true, false],
  ])('%s -> %s', (_name, failure, isOnline, expected) => {
    expect(isConnectionFailure(failure, isOnline)).toBe(expected);
  });
});

describe('refusalOf', () => {
  it.each<[SubmitFailure, ReturnType<typeof refusalOf>]>([
    [{ kind: 'offline' }, null],
    [{ kind: 'unauthenticated' }, null],
    [{ kind: 'periodTaken' }, { key: 'tickets.presalary.periodTaken' }],
    [{ kind: 'forbidden' }, { key: 'tickets.errors.forbidden' }],
    [
      { kind: 'tooManyRequests', values: { count: 22 } },
      { key: 'errors.tooManyRequests', values: { count: 22 } },
    ],
    [
      { kind: 'invalid', fields: { carPlate: 'validation.maxChars', description: 'validation.required' } },
      { key: 'validation.maxChars' },
    ],
    [{ kind: 'invalid', fields: {} }, { key: 'tickets.form.invalid' }],
    [{ kind: 'invalid', fields: { carPlate: '' } }, { key: 'tickets.form.invalid' }],
    [{ kind: 'other' }, { key: 'tickets.form.submitFailed' }],
  ])('%o -> %o', (failure, expected) => {
    expect(refusalOf(failure)).toEqual(expected);
  });
});
