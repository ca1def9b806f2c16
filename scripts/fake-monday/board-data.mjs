// The fake board's data: its columns (status and dropdown ones with labels), the cells of its
// items as the board stores them, and the seed's workers as items. Used by server.mjs; the shapes
// are described in docs/monday-api.md.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDay, isRelativeToken } from '../../emulator-data/relative-dates.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The column map of the fake board, in MONDAY_COLUMN_MAP's format. */
export const FAKE_COLUMN_MAP_JSON = readFileSync(join(HERE, 'column-map.json'), 'utf8');
/** @type {Record<string, {id: string, type: string}>} */
export const FAKE_COLUMN_MAP = JSON.parse(FAKE_COLUMN_MAP_JSON);

/**
 * Labels every board column starts with, before the values the items hold (in that order, so a
 * label's id does not depend on the workers). Keyed by column id.
 */
const EXTRA_LABELS = {
  status_jacket: ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'],
  status_project: ['Between projects'],
  status_site: ['Head office'],
  dropdown_job: ['Labourer', 'Plumber', 'Welder', 'Roofer', 'Crane operator'],
};

/** Colours of status labels, in the `labels_colors` shape of settings_str (cycled). */
const STATUS_COLORS = [
  { color: '#fdab3d', border: '#e99729', var_name: 'orange' },
  { color: '#00c875', border: '#00b461', var_name: 'green-shadow' },
  { color: '#e2445c', border: '#ce3048', var_name: 'red-shadow' },
  { color: '#579bfc', border: '#4387e8', var_name: 'bright-blue' },
  { color: '#a25ddc', border: '#9238af', var_name: 'purple' },
  { color: '#c4c4c4', border: '#b0b0b0', var_name: 'grey' },
];

/** Labels of a dropdown cell's text: "A, B" -> ["A", "B"]. */
export const labelsOfText = (text) =>
  String(text ?? '')
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);

/** "currentProject" -> "Current project". */
const titleOf = (field) => {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The board's columns from the column map and the texts its items hold: `{id, title, type}` and,
 * for status and dropdown columns, `labels` ([{id, name}], status ids are indexes from 0,
 * dropdown ids from 1, as in monday's settings_str).
 * @param {Record<string, {id: string, type: string}>} columnMap
 * @param {Record<string, string[]>} textsByColumn the cell texts per column id
 */
export function boardColumns(columnMap, textsByColumn = {}) {
  /** @type {Map<string, any>} */
  const columns = new Map([['name', { id: 'name', title: 'Name', type: 'name' }]]);
  for (const [field, { id, type }] of Object.entries(columnMap)) {
    if (type === 'name') continue;
    const column = { id, title: titleOf(field), type };
    if (type === 'status' || type === 'dropdown') {
      column.labels = [];
      const texts = textsByColumn[id] ?? [];
      const names = [
        ...(EXTRA_LABELS[id] ?? []),
        ...(type === 'dropdown' ? texts.flatMap(labelsOfText) : texts.map((t) => String(t).trim())),
      ];
      for (const name of names) addLabel(column, name);
    }
    columns.set(id, column);
  }
  return columns;
}

/** Adds a label to a status or dropdown column (no-op if it is there); returns it. */
export function addLabel(column, name) {
  const trimmed = String(name).trim();
  const found = column.labels.find((label) => label.name === trimmed);
  if (found || !trimmed) return found;
  const label = {
    id: column.type === 'status' ? column.labels.length : column.labels.length + 1,
    name: trimmed,
  };
  column.labels.push(label);
  return label;
}

/** A status label's style (the `labels_colors` entry and the webhook's `label.style`). */
export const styleOf = (index) => STATUS_COLORS[index % STATUS_COLORS.length];

/** settings_str as monday describes status and dropdown columns; "{}" for the others. */
export function settingsStr(column) {
  if (column.type === 'status') {
    return JSON.stringify({
      labels: Object.fromEntries(column.labels.map((l) => [String(l.id), l.name])),
      labels_colors: Object.fromEntries(column.labels.map((l) => [String(l.id), styleOf(l.id)])),
    });
  }
  if (column.type === 'dropdown') {
    return JSON.stringify({ labels: column.labels.map((l) => ({ id: l.id, name: l.name })) });
  }
  return '{}';
}

/**
 * What the board stores for a cell typed in as plain text (the seed, an admin edit), per column
 * type. Status and dropdown cells need their column: a missing label is added, as a user on the
 * board adds one.
 */
export function cellFromText(column, text) {
  if (text === undefined || text === null || text === '') return emptyCell(column);
  const { type } = column;
  switch (type) {
    case 'email':
      return { text, value: JSON.stringify({ email: text, text }) };
    case 'phone': {
      const phone = String(text).replace(/[\s\-().]/g, '');
      return { text: phone, value: JSON.stringify({ phone, countryShortName: '' }) };
    }
    case 'date':
      return { text, value: JSON.stringify({ date: text, time: null }) };
    case 'long_text':
      return { text, value: JSON.stringify({ text }) };
    case 'status': {
      const label = addLabel(column, text);
      return { text: label.name, value: JSON.stringify({ index: label.id }) };
    }
    case 'dropdown': {
      const labels = labelsOfText(text).map((name) => addLabel(column, name));
      return dropdownCell(labels);
    }
    default:
      return { text: String(text), value: JSON.stringify(String(text)) };
  }
}

/** An empty cell: monday answers `text` null for an empty status or dropdown column, "" for the others. */
const emptyCell = (column) =>
  column.type === 'status' || column.type === 'dropdown'
    ? { text: null, value: null }
    : { text: '', value: null };

const dropdownCell = (labels) =>
  labels.length === 0
    ? { text: null, value: null }
    : { text: labels.map((l) => l.name).join(', '), value: JSON.stringify({ ids: labels.map((l) => l.id) }) };

/** A thrown board error; server.mjs turns it into monday's answer. */
export class BoardError extends Error {
  /** @param {string} code @param {string} message @param {Record<string, unknown>} [extensions] */
  constructor(code, message, extensions = {}) {
    super(message);
    this.code = code;
    this.extensions = extensions;
  }
}

/** Monday's column_type in ColumnValueException (`color` is a status column). */
const errorTypeOf = (type) => (type === 'status' ? 'color' : type);

/** The documented ColumnValueException for a label that is not in the column. */
const missingLabel = (column) =>
  new BoardError(
    'ColumnValueException',
    'invalid value - label does not exist in column. Please check our API documentation for the correct data structure for this column. https://developer.monday.com/api-reference/docs/change-column-values',
    { error_data: { column_type: errorTypeOf(column.type) } },
  );

/**
 * A cell from change_multiple_column_values' JSON for its column; throws ColumnValueException for
 * a bad value or (status, dropdown) a label the column lacks, unless `createLabels`.
 */
export function cellFromWrite(column, input, createLabels) {
  const { type, id } = column;
  const bad = () => {
    throw new BoardError(
      'ColumnValueException',
      `invalid value for column ${id}. Please check our API documentation for the correct data structure for this column. https://developer.monday.com/api-reference/docs/change-column-values`,
      { error_data: { column_type: errorTypeOf(type) } },
    );
  };
  const isEmptyObject = typeof input === 'object' && input !== null && Object.keys(input).length === 0;
  if (input === null || input === '' || isEmptyObject) return emptyCell(column);
  const labelNamed = (name) => {
    const found = column.labels.find((label) => label.name === String(name).trim());
    if (found) return found;
    if (!createLabels) throw missingLabel(column);
    return addLabel(column, name);
  };
  switch (type) {
    case 'text':
      if (typeof input !== 'string') bad();
      return { text: input, value: JSON.stringify(input) };
    case 'numbers':
      if (typeof input !== 'string' && typeof input !== 'number') bad();
      if (!/^-?\d+(\.\d+)?$/.test(String(input))) bad();
      return { text: String(input), value: JSON.stringify(String(input)) };
    case 'email':
      if (typeof input.email !== 'string' || !input.email.includes('@')) bad();
      return {
        text: input.email,
        value: JSON.stringify({ email: input.email, text: input.text ?? input.email }),
      };
    case 'phone':
      if (typeof input.phone !== 'string' || !/^\+?\d{5,20}$/.test(input.phone)) bad();
      if (typeof input.countryShortName !== 'string' || !/^[A-Z]{2}$/.test(input.countryShortName)) bad();
      return {
        text: input.phone,
        value: JSON.stringify({ phone: input.phone, countryShortName: input.countryShortName }),
      };
    case 'date':
      if (typeof input.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.date)) bad();
      return { text: input.date, value: JSON.stringify({ date: input.date, time: null }) };
    case 'long_text':
      if (typeof input.text !== 'string') bad();
      return input.text
        ? { text: input.text, value: JSON.stringify({ text: input.text }) }
        : { text: '', value: null };
    case 'status': {
      let label;
      if (typeof input === 'string') label = labelNamed(input);
      else if (typeof input.label === 'string') label = labelNamed(input.label);
      else if (Number.isInteger(input.index)) {
        label = column.labels.find((l) => l.id === input.index);
        if (!label) throw missingLabel(column);
      } else bad();
      return { text: label.name, value: JSON.stringify({ index: label.id }) };
    }
    case 'dropdown': {
      let labels;
      if (typeof input === 'string') labels = labelsOfText(input).map(labelNamed);
      else if (Array.isArray(input.labels) && input.labels.every((l) => typeof l === 'string'))
        labels = input.labels.map(labelNamed);
      else if (Array.isArray(input.ids)) {
        labels = input.ids.map((wanted) => {
          const found = column.labels.find((l) => l.id === Number(wanted));
          if (!found) throw missingLabel(column);
          return found;
        });
      } else bad();
      return dropdownCell([...new Set(labels)]);
    }
    default:
      return bad();
  }
}

/**
 * Board items from profile-like records (the seed's workers): the item id is the worker id, the
 * name the worker name, every mapped field its column. Every item is `active`.
 * @param {Record<string, string>[]} workers
 * @param {Record<string, {id: string, type: string}>} [columnMap]
 * @param {Date} [today]
 * @param {Map<string, any>} [columns] the board's columns (labels are added to them); default: made from the workers
 */
export function itemsFromWorkers(workers, columnMap = FAKE_COLUMN_MAP, today = new Date(), columns) {
  const textOf = (worker, field) => {
    const text = worker[field];
    return typeof text === 'string' && isRelativeToken(text) ? resolveDay(text, today) : text;
  };
  const board = columns ?? boardColumns(columnMap, textsOfWorkers(workers, columnMap));
  return workers.map((worker) => {
    const cells = {};
    for (const [field, column] of Object.entries(columnMap)) {
      if (column.type === 'name') continue;
      const boardColumn = board.get(column.id) ?? { id: column.id, type: column.type, labels: [] };
      cells[column.id] = { type: column.type, ...cellFromText(boardColumn, textOf(worker, field)) };
    }
    return {
      id: String(worker.id),
      name: worker.name,
      state: 'active',
      updated_at: today.toISOString(),
      columns: cells,
    };
  });
}

/** The status and dropdown texts the workers hold, per column id. */
export function textsOfWorkers(workers, columnMap = FAKE_COLUMN_MAP) {
  /** @type {Record<string, string[]>} */
  const texts = {};
  for (const [field, column] of Object.entries(columnMap)) {
    if (column.type !== 'status' && column.type !== 'dropdown') continue;
    texts[column.id] = workers.map((w) => w[field]).filter((t) => typeof t === 'string' && t.trim());
  }
  return texts;
}

/** The status and dropdown texts stored items hold, per column id. */
export function textsOfItems(items) {
  /** @type {Record<string, string[]>} */
  const texts = {};
  for (const item of items) {
    for (const [id, cell] of Object.entries(item.columns ?? {})) {
      if ((cell.type === 'status' || cell.type === 'dropdown') && cell.text)
        (texts[id] ??= []).push(cell.text);
    }
  }
  return texts;
}

/** The seed's workers (emulator-data/fixtures/workers.json). */
export function seedWorkers() {
  return JSON.parse(
    readFileSync(join(HERE, '..', '..', 'emulator-data', 'fixtures', 'workers.json'), 'utf8'),
  );
}

/**
 * `count` made-up workers with numeric ids (as real boards have) for load tests.
 * @param {number} count
 * @param {number} [firstId]
 */
export function generatedWorkers(count, firstId = 7_000_000_001) {
  return Array.from({ length: count }, (_, n) => ({
    id: String(firstId + n),
    name: `Worker ${String(n + 1).padStart(5, '0')}`,
    email: `worker${n + 1}@board.test`,
    phone: `+48 500 ${String(100000 + n).slice(0, 3)} ${String(100000 + n).slice(3)}`,
    currentProject: n % 2 ? 'Brf Sjöbris' : 'Kv. Tornet',
    siteName: n % 3 ? 'Hammarby Sjöstad' : 'Solna',
    pesel: String(88031400000 + n),
    rotationStart: '2026-03-01',
    jacketSize: ['S', 'M', 'L', 'XL'][n % 4],
    shoesSize: String(39 + (n % 8)),
  }));
}
