// Board column values <-> worker profile fields, per column type, both ways. monday.com answers
// each column as {id, type, text, value} (value: a JSON string or null) and takes each type's own
// JSON in change_multiple_column_values.
import { type WorkerProfile, workerProfileSchema } from '../../domain/index.js';
import { labelsOfValue } from './board-columns.js';
import type { MondayColumnMap, MondayColumnType, ProfileField } from './config.js';

/** A column as the board answers it (`column_values { id type text value }`). */
export type BoardColumnValue = {
  id: string;
  type?: string | null;
  text: string | null;
  value: string | null;
};
/** An item as the board answers it. */
export type BoardItem = {
  id: string;
  name: string;
  /** active, archived or deleted (`items(ids:)` answers all three). */
  state?: string | null;
  updated_at?: string | null;
  board?: { id: string } | null;
  column_values: BoardColumnValue[];
};

function parseJson(value: string | null): unknown {
  if (value === null || value === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

const nonEmpty = (value: string | undefined | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** The profile value a column holds, or undefined when it is empty. */
export function readColumn(
  type: MondayColumnType,
  column: Pick<BoardColumnValue, 'text' | 'value'>,
): string | undefined {
  const value = asRecord(parseJson(column.value));
  switch (type) {
    case 'email':
      return nonEmpty(stringOf(value.email) ?? column.text)?.toLowerCase();
    case 'phone':
      return nonEmpty(stringOf(value.phone) ?? column.text);
    case 'date':
      return nonEmpty(stringOf(value.date) ?? column.text?.slice(0, 10));
    case 'long_text':
      return nonEmpty(stringOf(value.text) ?? column.text);
    default:
      // text, numbers, status and dropdown: `text` is what the board shows (labels joined by ", ").
      return nonEmpty(column.text);
  }
}

/** Country calling codes of the workforce's countries -> ISO code monday's phone column wants. */
const PHONE_COUNTRIES: readonly [string, string][] = [
  ['+380', 'UA'],
  ['+370', 'LT'],
  ['+371', 'LV'],
  ['+372', 'EE'],
  ['+375', 'BY'],
  ['+358', 'FI'],
  ['+354', 'IS'],
  ['+420', 'CZ'],
  ['+421', 'SK'],
  ['+40', 'RO'],
  ['+44', 'GB'],
  ['+45', 'DK'],
  ['+46', 'SE'],
  ['+47', 'NO'],
  ['+48', 'PL'],
  ['+49', 'DE'],
  ['+31', 'NL'],
  ['+1', 'US'],
];

/** The ISO country of an international number; `fallback` for a number without a known prefix. */
export function phoneCountry(phone: string, fallback = 'PL'): string {
  const compact = compactPhone(phone);
  return PHONE_COUNTRIES.find(([prefix]) => compact.startsWith(prefix))?.[1] ?? fallback;
}

/** The phone without spaces, dashes, dots and brackets; `00` becomes `+`. */
export function compactPhone(phone: string): string {
  const compact = phone.replace(/[\s\-().]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

/** The JSON a column type takes for a value in change_multiple_column_values; '' clears the column. */
export function writeColumn(type: MondayColumnType, value: string): unknown {
  const trimmed = value.trim();
  const isClear = trimmed === '';
  switch (type) {
    case 'name':
    case 'text':
    case 'numbers':
      return trimmed;
    case 'long_text':
      return isClear ? {} : { text: trimmed };
    case 'email':
      return isClear ? {} : { email: trimmed.toLowerCase(), text: trimmed.toLowerCase() };
    case 'phone':
      return isClear ? {} : { phone: compactPhone(trimmed), countryShortName: phoneCountry(trimmed) };
    case 'date':
      return isClear ? {} : { date: trimmed };
    case 'status':
      return isClear ? {} : { label: trimmed };
    case 'dropdown':
      // A dropdown holds a list of labels: "A, B" is written as both.
      return isClear ? {} : { labels: labelsOfValue(trimmed) };
  }
}

/** The column ids to ask the board for (the item name comes with every item). */
export function columnIdsOf(columns: MondayColumnMap): string[] {
  return Object.values(columns)
    .filter((column) => column.type !== 'name')
    .map((column) => column.id);
}

export type ItemMapping =
  { ok: true; profile: WorkerProfile } | { ok: false; itemId: string; problems: string[] };

/** An item as a worker profile, checked with the profile schema; an item without a valid e-mail is not a worker. */
export function itemToProfile(item: BoardItem, columns: MondayColumnMap): ItemMapping {
  const byId = new Map(item.column_values.map((column) => [column.id, column]));
  const raw: Record<string, unknown> = { id: String(item.id) };
  for (const [field, column] of Object.entries(columns) as [
    ProfileField,
    NonNullable<MondayColumnMap[ProfileField]>,
  ][]) {
    const found = byId.get(column.id);
    const value =
      column.type === 'name' ? nonEmpty(item.name) : found ? readColumn(column.type, found) : undefined;
    // An empty column is an absent field, not an undefined one (Firestore refuses undefined).
    if (value !== undefined) raw[field] = value;
  }
  const parsed = workerProfileSchema.safeParse(raw);
  if (parsed.success) return { ok: true, profile: parsed.data };
  return {
    ok: false,
    itemId: String(item.id),
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  };
}

/** Profile changes as change_multiple_column_values' JSON; fields without a column come back in `unmapped`. */
export function changesToColumnValues(
  changes: Partial<Record<ProfileField, string | null | undefined>>,
  columns: MondayColumnMap,
): { columnValues: Record<string, unknown>; unmapped: ProfileField[] } {
  const columnValues: Record<string, unknown> = {};
  const unmapped: ProfileField[] = [];
  for (const [field, value] of Object.entries(changes) as [ProfileField, string | null | undefined][]) {
    if (value === undefined) continue;
    const column = columns[field];
    if (!column) {
      unmapped.push(field);
      continue;
    }
    columnValues[column.id] = writeColumn(column.type, value ?? '');
  }
  return { columnValues, unmapped };
}
