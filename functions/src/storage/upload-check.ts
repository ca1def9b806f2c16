// The content check of every upload, as it arrives: the rules see only the declared type and size,
// so a page or a program uploaded as a photo would sit in Storage until a callable records it (and
// refuses it) or the daily sweep deletes it unrecorded. This reads its first bytes at once.
import { ownerOfObject } from '../scheduled/attachment-sweep-plan.js';
import type { CallableLogger } from '../callable/errors.js';
import { type FileInspector, fileProblems } from './file-inspector.js';

/**
 * What became of an uploaded object: `ignored` outside the upload folders (nothing clients write),
 * `gone` when it was deleted before it could be read, `kept` when it is what its type and name
 * claim, `refused` when not (the production inspector has deleted it).
 */
export type UploadCheck = 'ignored' | 'gone' | 'kept' | 'refused';

/**
 * Inspects one uploaded object in an upload folder (tickets/, ticket-updates/, bug-reports/,
 * safetyReports/{uid}/{requestId}/):
 * its size, type and first bytes against its path, as the callables do for the files they
 * record. The inspector deletes a file with a problem; this logs it as a security warning.
 */
export async function checkUploadedObject(
  path: string,
  deps: { files: FileInspector; logger: Pick<CallableLogger, 'warn'> },
): Promise<UploadCheck> {
  if (!ownerOfObject(path)) return 'ignored';
  const inspected = await deps.files.inspect(path);
  if (!inspected) return 'gone';
  const { isTooLarge, isWrongType } = fileProblems([path], inspected);
  if (!isTooLarge && !isWrongType) return 'kept';
  deps.logger.warn('upload deleted: not what it claims to be', {
    path,
    size: inspected.size,
    contentType: inspected.contentType,
    isTooLarge,
    isWrongType,
  });
  return 'refused';
}
