// The board's own description of the mapped columns, read by the full sync and kept in
// `config/mondayBoard`: which status and dropdown labels each field may take (the edit dialog offers
// them, and an unknown label is refused before any board call), and a check that every mapped
// column is still on the board with the type the mapping says (a removed or re-created e-mail
// column must stop the sync, not empty the directory).
//
// A status or dropdown label that does not exist fails with ColumnValueException unless the
// mutation sets create_labels_if_missing (which needs permission to change the board's
// structure): https://developer.monday.com/api-reference/docs/status and
// https://developer.monday.com/api-reference/docs/dropdown. The labels are in the column's
// `settings_str` (`columns { id title type settings_str }`; the error's page:
// https://developer.monday.com/api-reference/changelog/bug-fix-column-value-exception-error-column_type-update).
// The documentation shows no full `labels` sample, so both shapes seen in practice are read: a
// status column `{"labels": {"0": "Working on it", ...}}` (or objects with a `name`), a dropdown
// column `{"labels": [{"id": 1, "name": "Carpenter"}, ...]}`; a column whose labels cannot be
// read is not checked here (the board still refuses an unknown label).
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import type { BoardApiVersion, BoardColumn } from './client.js';
import type { MondayColumnMap, ProfileField } from './config.js';

export const BOARD_COLUMNS_DOC = 'config/mondayBoard';

/** The labels a status or dropdown field may take; `multiple`: a dropdown holds a list of them. */
export type FieldLabels = { labels: string[]; multiple: boolean };
export type BoardLabels = Partial<Record<ProfileField, FieldLabels>>;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The label names in a status or dropdown column's settings_str (empty for other columns). */
export function labelsOfSettings(type: string, settings: string | null | undefined): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(settings || '{}');
  } catch {
    return [];
  }
  const labels = asRecord(parsed).labels;
  const names: string[] = [];
  if (type === 'status') {
    // {"0": "Working on it", ...}; newer boards may give objects ({"name": ...}) for each index.
    for (const value of Object.values(asRecord(labels))) {
      const name = typeof value === 'string' ? value : asRecord(value).name;
      if (typeof name === 'string' && name.trim()) names.push(name.trim());
    }
  } else if (type === 'dropdown' && Array.isArray(labels)) {
    for (const value of labels) {
      const name = typeof value === 'string' ? value : asRecord(value).name;
      if (typeof name === 'string' && name.trim()) names.push(name.trim());
    }
  }
  return [...new Set(names)];
}

/** Whether a dropdown column holds one label only (its settings limit the selection to one). */
function isSingleSelect(settings: string | null | undefined) {
  try {
    const parsed = asRecord(JSON.parse(settings || '{}'));
    return parsed.limit_select === true && Number(parsed.label_limit_count ?? 1) === 1;
  } catch {
    return false;
  }
}

export type ColumnCheck = {
  labels: BoardLabels;
  /** Mapped fields whose column is not on the board, or has another type. */
  problems: { field: ProfileField; columnId: string; problem: string }[];
};

/** The mapped columns against the board's columns: labels of the status and dropdown ones, and what is missing. */
export function checkColumns(columns: MondayColumnMap, onBoard: readonly BoardColumn[]): ColumnCheck {
  const byId = new Map(onBoard.map((column) => [column.id, column]));
  const result: ColumnCheck = { labels: {}, problems: [] };
  for (const [field, column] of Object.entries(columns) as [
    ProfileField,
    NonNullable<MondayColumnMap[ProfileField]>,
  ][]) {
    if (column.type === 'name') continue;
    const found = byId.get(column.id);
    if (!found) {
      result.problems.push({ field, columnId: column.id, problem: 'not on the board' });
      continue;
    }
    if (found.type !== column.type) {
      result.problems.push({
        field,
        columnId: column.id,
        problem: `is a ${found.type} column, mapped as ${column.type}`,
      });
      continue;
    }
    if (column.type === 'status' || column.type === 'dropdown') {
      result.labels[field] = {
        labels: labelsOfSettings(column.type, found.settings_str),
        multiple: column.type === 'dropdown' && !isSingleSelect(found.settings_str),
      };
    }
  }
  return result;
}

export async function saveBoardColumns(
  db: Firestore,
  labels: BoardLabels,
  version: BoardApiVersion | null,
  at: Date,
) {
  await db.doc(BOARD_COLUMNS_DOC).set({ labels, apiVersion: version, readAt: Timestamp.fromDate(at) });
}

/** The labels kept by the last full sync; null before the first one. */
export async function readBoardLabels(db: Firestore): Promise<BoardLabels | null> {
  const snapshot = await db.doc(BOARD_COLUMNS_DOC).get();
  return snapshot.exists ? ((snapshot.get('labels') as BoardLabels | undefined) ?? {}) : null;
}

/** A dropdown field's value as its list of labels ("A, B" -> ["A", "B"]). */
export const labelsOfValue = (value: string) =>
  value
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);

/** The fields of `changes` whose value is no label of their column (empty values clear and pass). */
export function unknownLabels(
  changes: Partial<Record<ProfileField, string | null>>,
  labels: BoardLabels,
): ProfileField[] {
  const unknown: ProfileField[] = [];
  for (const [field, value] of Object.entries(changes) as [ProfileField, string | null][]) {
    const allowed = labels[field];
    if (!allowed || allowed.labels.length === 0 || !value?.trim()) continue;
    const chosen = allowed.multiple ? labelsOfValue(value) : [value.trim()];
    if (!allowed.multiple && chosen.length > 1) unknown.push(field);
    else if (chosen.some((label) => !allowed.labels.includes(label))) unknown.push(field);
  }
  return unknown;
}
