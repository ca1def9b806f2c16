import { describe, expect, it } from 'vitest';
import type { FileInspector, InspectedFile } from './file-inspector.js';
import { checkUploadedObject } from './upload-check.js';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const HTML = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');

/** An inspector over a fixed set of objects, recording what it was asked about. */
function inspectorOf(objects: Record<string, InspectedFile>) {
  const asked: string[] = [];
  const files: FileInspector = {
    inspect: (path) => {
      asked.push(path);
      return Promise.resolve(objects[path] ?? null);
    },
  };
  return { files, asked };
}

function warnings() {
  const logged: { message: string; details?: Record<string, unknown> }[] = [];
  return {
    logged,
    logger: {
      warn: (message: string, details?: Record<string, unknown>) => logged.push({ message, details }),
    },
  };
}

describe('checkUploadedObject', () => {
  it.each([
    ['a photo of a ticket', 'tickets/u1/t1/photo.png'],
    ['a staff reply file', 'ticket-updates/u1/t1/photo.png'],
    ['a bug report screenshot', 'bug-reports/u1/r1/photo.png'],
  ])('keeps %s whose first bytes are what its type says', async (_name, path) => {
    const { files } = inspectorOf({ [path]: { size: PNG.length, contentType: 'image/png', head: PNG } });
    const { logged, logger } = warnings();
    expect(await checkUploadedObject(path, { files, logger })).toBe('kept');
    expect(logged).toEqual([]);
  });

  it.each([
    ['a page uploaded as a photo', { size: HTML.length, contentType: 'image/png', head: HTML }],
    ['a file over 5 MB', { size: 5 * 1024 * 1024 + 1, contentType: 'image/png' }],
    ['a type that is not allowed', { size: 10, contentType: 'text/html' }],
  ])('refuses %s in an upload folder, never recorded, and says so', async (_name, inspected) => {
    const path = 'tickets/u1/never-submitted/photo.png';
    const { files, asked } = inspectorOf({ [path]: inspected });
    const { logged, logger } = warnings();
    expect(await checkUploadedObject(path, { files, logger })).toBe('refused');
    expect(asked).toEqual([path]);
    expect(logged).toEqual([expect.objectContaining({ details: expect.objectContaining({ path }) })]);
  });

  it('leaves objects outside the upload folders alone, and answers gone for a deleted one', async () => {
    const { files, asked } = inspectorOf({});
    const { logger } = warnings();
    expect(await checkUploadedObject('tool-images/level.svg', { files, logger })).toBe('ignored');
    expect(await checkUploadedObject('tickets/u1/t1/deep/x.png', { files, logger })).toBe('ignored');
    expect(asked).toEqual([]);
    expect(await checkUploadedObject('tickets/u1/t1/gone.png', { files, logger })).toBe('gone');
  });
});
