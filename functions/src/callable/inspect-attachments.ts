import { HttpsError } from 'firebase-functions/v2/https';
import type { StoredAttachment } from '../domain/index.js';
import { type FileInspector, fileProblems } from '../storage/file-inspector.js';
import { type FieldErrors, invalidArgument } from './errors.js';

/**
 * Uploaded attachments as Storage really holds them, ready to store (the client's size and type
 * claims are never kept). A missing file is `failed-precondition` `missingKey` with
 * `details.paths`; one over the size limit is `invalid-argument` with `<field>.N.size`
 * 'validation.fileTooLarge'; one of a type that is not allowed, or whose name, path or first bytes
 * say otherwise (an SVG, a page or a program called a photo), `<field>.N.contentType`
 * 'validation.fileType'.
 */
export async function inspectAttachments(
  files: FileInspector,
  attachments: readonly Pick<StoredAttachment, 'name' | 'path'>[],
  errorsOf: { field: string; missingKey: string; message: string },
): Promise<StoredAttachment[]> {
  const checked = await Promise.all(
    attachments.map(async (file) => ({ file, real: await files.inspect(file.path) })),
  );
  const missing = checked.filter(({ real }) => !real).map(({ file }) => file.path);
  if (missing.length > 0) {
    throw new HttpsError('failed-precondition', errorsOf.missingKey, { paths: missing });
  }
  const errors: FieldErrors = {};
  const stored = checked.flatMap(({ file, real }, index): StoredAttachment[] => {
    if (!real) return [];
    const { isTooLarge, isWrongType } = fileProblems([file.name, file.path], real);
    if (isTooLarge) errors[`${errorsOf.field}.${index}.size`] = 'validation.fileTooLarge';
    if (isWrongType) errors[`${errorsOf.field}.${index}.contentType`] = 'validation.fileType';
    return [{ name: file.name, path: file.path, size: real.size, contentType: real.contentType }];
  });
  if (Object.keys(errors).length > 0) throw invalidArgument(errors, errorsOf.message);
  return stored;
}
