import { MAX_FILES, MAX_FILE_SIZE_BYTES } from '@domain';
import type { PickedFile } from '../../components/ui/file-picker';

// A new-ticket draft as stored on the device, and the checks that decide whether a stored record
// may refill the form: a record of another account, another form, an older shape or a damaged one
// is ignored, never trusted.

export const DRAFT_VERSION = 1;

/** The files one draft keeps at most, in bytes: the form's own limits (5 files of 5 MB). */
export const DRAFT_FILES_MAX_BYTES = MAX_FILES * MAX_FILE_SIZE_BYTES;

/** The shell's values a draft never keeps: each visit has its own request id; attachments are the files. */
const SHELL_KEYS = new Set(['requestId', 'category', 'subcategory', 'attachments']);

export type DraftFile = { name: string; type: string; lastModified: number; blob: Blob };

export type DraftRecord = {
  version: typeof DRAFT_VERSION;
  uid: string;
  category: string;
  subcategory: string;
  /** When it was written, in ms since the epoch. */
  savedAt: number;
  values: Record<string, unknown>;
  files: DraftFile[];
};

export type RestoredDraft = { savedAt: number; values: Record<string, unknown>; files: PickedFile[] };

export type DraftOwner = { uid: string; category: string; subcategory: string };

/** The values a draft keeps: the category's fields and the description, not the shell's bookkeeping. */
export function draftValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SHELL_KEYS.has(key)));
}

/** Whether `values` are still what the form opened with (then there is nothing worth keeping). */
export function isUntouched(values: Record<string, unknown>, pristine: Record<string, unknown>): boolean {
  return JSON.stringify(draftValues(values)) === JSON.stringify(draftValues(pristine));
}

/** The record to store; files beyond the size cap are left out (the fields are always kept). */
export function toDraftRecord(
  owner: DraftOwner,
  values: Record<string, unknown>,
  files: PickedFile[],
  savedAt: number,
): DraftRecord {
  const kept: DraftFile[] = [];
  let bytes = 0;
  for (const { file } of files.slice(0, MAX_FILES)) {
    if (bytes + file.size > DRAFT_FILES_MAX_BYTES) break;
    bytes += file.size;
    kept.push({ name: file.name, type: file.type, lastModified: file.lastModified, blob: file });
  }
  return { version: DRAFT_VERSION, ...owner, savedAt, values: draftValues(values), files: kept };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a stored value may stand in for the form's default of that field. */
function fitsDefault(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(fallback)) return Array.isArray(value);
  if (fallback === undefined || fallback === null) {
    return (
      value === undefined ||
      value === null ||
      ['string', 'number', 'boolean'].includes(typeof value) ||
      Array.isArray(value)
    );
  }
  return typeof value === typeof fallback && Array.isArray(value) === Array.isArray(fallback);
}

function readFile(value: unknown, index: number): PickedFile | null {
  if (!isRecord(value)) return null;
  const { name, type, lastModified, blob } = value;
  if (typeof name !== 'string' || typeof type !== 'string' || !(blob instanceof Blob)) return null;
  const file = new File([blob], name, {
    type,
    lastModified: typeof lastModified === 'number' ? lastModified : undefined,
  });
  return { key: `draft-${index}-${name}-${file.size}`, file };
}

/**
 * The draft to refill the form with, or null when `record` is not a draft of this account and form
 * in the current shape. Only fields the form has, holding a value of their default's kind, come back.
 */
export function readDraft(
  record: unknown,
  owner: DraftOwner,
  pristine: Record<string, unknown>,
): RestoredDraft | null {
  if (!isRecord(record) || record.version !== DRAFT_VERSION) return null;
  if (
    record.uid !== owner.uid ||
    record.category !== owner.category ||
    record.subcategory !== owner.subcategory
  ) {
    return null;
  }
  const { savedAt, values, files } = record;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt) || !isRecord(values)) return null;
  const fields = draftValues(pristine);
  const restored = Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => Object.hasOwn(fields, key) && fitsDefault(value, fields[key]),
    ),
  );
  const restoredFiles = (Array.isArray(files) ? files : [])
    .slice(0, MAX_FILES)
    .map(readFile)
    .filter((file): file is PickedFile => file !== null);
  if (Object.keys(restored).length === 0 && restoredFiles.length === 0) return null;
  return { savedAt, values: restored, files: restoredFiles };
}
