import { MAX_FILE_SIZE_BYTES } from '@domain';
import { describe, expect, it } from 'vitest';
import { DRAFT_FILES_MAX_BYTES, DRAFT_VERSION, isUntouched, readDraft, toDraftRecord } from './ticket-draft';

const owner = { uid: 'u-worker', category: 'car', subcategory: 'damage' };
const pristine = { description: '', carPlate: '' };

const fileOf = (name: string, size: number) => {
  const file = new File(['x'], name, { type: 'image/jpeg', lastModified: 1000 });
  Object.defineProperty(file, 'size', { value: size });
  return { key: name, file };
};

const record = (patch: Record<string, unknown> = {}) => ({
  version: DRAFT_VERSION,
  ...owner,
  savedAt: 1_700_000_000_000,
  values: { description: 'Dented bumper', carPlate: 'PO 5TX21' },
  files: [],
  ...patch,
});

describe('toDraftRecord', () => {
  it('keeps the fields, not the request id or the attachments metadata, and the files as blobs', () => {
    const photo = fileOf('bumper.jpg', 1000);
    const stored = toDraftRecord(
      owner,
      {
        requestId: 'r-1',
        category: 'car',
        subcategory: 'damage',
        attachments: [{}],
        carPlate: 'PO 1',
        description: 'x',
      },
      [photo],
      42,
    );
    expect(stored).toEqual({
      version: DRAFT_VERSION,
      ...owner,
      savedAt: 42,
      values: { carPlate: 'PO 1', description: 'x' },
      files: [{ name: 'bumper.jpg', type: 'image/jpeg', lastModified: 1000, blob: photo.file }],
    });
  });

  it('leaves out the files beyond the size cap and keeps the fields', () => {
    const big = Array.from({ length: 6 }, (_, index) => fileOf(`f${index}.jpg`, MAX_FILE_SIZE_BYTES));
    const stored = toDraftRecord(owner, pristine, big, 1);
    expect(stored.files).toHaveLength(5);
    expect(stored.files.reduce((sum, file) => sum + file.blob.size, 0)).toBeLessThanOrEqual(
      DRAFT_FILES_MAX_BYTES,
    );
    expect(stored.values).toEqual(pristine);
  });
});

describe('readDraft', () => {
  it('gives back the values and files of a draft of this account and form', () => {
    const blob = new Blob(['photo'], { type: 'image/jpeg' });
    const restored = readDraft(
      record({ files: [{ name: 'bumper.jpg', type: 'image/jpeg', lastModified: 5, blob }] }),
      owner,
      pristine,
    );
    expect(restored?.savedAt).toBe(1_700_000_000_000);
    expect(restored?.values).toEqual({ description: 'Dented bumper', carPlate: 'PO 5TX21' });
    expect(restored?.files.map(({ file }) => [file.name, file.type, file.size])).toEqual([
      ['bumper.jpg', 'image/jpeg', 5],
    ]);
  });

  it.each([
    ['another account', record({ uid: 'u-other' })],
    ['another category', record({ category: 'receipts' })],
    ['another subcategory', record({ subcategory: 'fine' })],
    ['an older shape', record({ version: 0 })],
    ['no time', record({ savedAt: 'yesterday' })],
    ['values that are no object', record({ values: 'text' })],
    ['nothing', undefined],
    ['a string', 'garbage'],
    ['an array', [1, 2]],
  ])('ignores %s', (_name, stored) => {
    expect(readDraft(stored, owner, pristine)).toBeNull();
  });

  it('drops fields the form does not have, values of the wrong kind and damaged files', () => {
    const restored = readDraft(
      record({
        values: { description: 7, carPlate: 'PO 1', isAdmin: true },
        files: [{ name: 'a.jpg', type: 'image/jpeg' }, 'junk', null],
      }),
      owner,
      pristine,
    );
    expect(restored?.values).toEqual({ carPlate: 'PO 1' });
    expect(restored?.files).toEqual([]);
  });
});

describe('isUntouched', () => {
  it('tells a form still as it opened from one with something typed', () => {
    expect(isUntouched({ requestId: 'r-2', ...pristine }, pristine)).toBe(true);
    expect(isUntouched({ ...pristine, description: 'a' }, pristine)).toBe(false);
  });
});
