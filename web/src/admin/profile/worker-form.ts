import {
  type GetUserProfileResponse,
  type WorkerProfile,
  type WorkerUpdate,
  workerUpdateSchema,
} from '@domain';
import { ZodOptional, ZodString, type z } from 'zod';

/*
 * The edit-worker-details form's model: every directory field of workerUpdateSchema (all worker
 * profile fields but the id and e-mail) as text, and the changes the form stands for.
 */

export type WorkerField = keyof WorkerUpdate;
export type WorkerFormValues = Record<WorkerField, string>;

export type WorkerSection = 'personal' | 'assignment' | 'certificates' | 'workwear';

/** Where each field sits in the form and its label; exhaustive, so a new schema field is not forgotten. */
export const WORKER_FIELDS = {
  name: { section: 'personal', label: 'admin.dialogs.worker.fields.name' },
  phone: { section: 'personal', label: 'profile.personal.phone' },
  location: { section: 'personal', label: 'profile.personal.location' },
  employeeId: { section: 'personal', label: 'profile.personal.employeeId' },
  jobTitle: { section: 'personal', label: 'profile.personal.jobTitle' },
  personalAddress: { section: 'personal', label: 'profile.personal.personalAddress' },
  pesel: { section: 'personal', label: 'profile.personal.pesel' },
  ssn: { section: 'personal', label: 'profile.personal.ssn' },
  taxNumber: { section: 'personal', label: 'profile.personal.taxNumber' },
  swedishPersonalNumber: { section: 'personal', label: 'profile.personal.swedishPersonalNumber' },
  bankAccount: { section: 'personal', label: 'profile.personal.bankAccount' },
  currentProject: { section: 'assignment', label: 'profile.assignment.currentProject' },
  siteName: { section: 'assignment', label: 'profile.assignment.siteName' },
  siteAddress: { section: 'assignment', label: 'profile.assignment.siteAddress' },
  accommodationAddress: { section: 'assignment', label: 'profile.assignment.accommodationAddress' },
  rotationStart: { section: 'assignment', label: 'profile.assignment.rotationStart', isDate: true },
  rotationReturn: { section: 'assignment', label: 'profile.assignment.rotationReturn', isDate: true },
  supervisorName: { section: 'assignment', label: 'profile.assignment.supervisorName' },
  supervisorPhone: { section: 'assignment', label: 'profile.assignment.supervisorPhone' },
  ssgExpiry: { section: 'certificates', label: 'admin.dialogs.worker.fields.ssgExpiry', isDate: true },
  greenCardExpiry: {
    section: 'certificates',
    label: 'admin.dialogs.worker.fields.greenCardExpiry',
    isDate: true,
  },
  hotWorkPermitExpiry: {
    section: 'certificates',
    label: 'admin.dialogs.worker.fields.hotWorkPermitExpiry',
    isDate: true,
  },
  jacketSize: { section: 'workwear', label: 'profile.workwear.jacket' },
  glovesSize: { section: 'workwear', label: 'profile.workwear.gloves' },
  pantsSize: { section: 'workwear', label: 'profile.workwear.pants' },
  shoesSize: { section: 'workwear', label: 'profile.workwear.shoes' },
} as const satisfies Record<WorkerField, { section: WorkerSection; label: string; isDate?: boolean }>;

export const WORKER_SECTIONS: readonly WorkerSection[] = [
  'personal',
  'assignment',
  'certificates',
  'workwear',
];

export const ALL_WORKER_FIELDS = Object.keys(WORKER_FIELDS) as WorkerField[];

export function isDateField(field: WorkerField): boolean {
  return 'isDate' in WORKER_FIELDS[field];
}

/** The longest text the schema accepts for a field, for the input's maxLength; null when none. */
export function maxLengthOf(field: WorkerField): number | null {
  // partial() wraps the already optional fields once more.
  let schema: z.ZodType = workerUpdateSchema.shape[field];
  while (schema instanceof ZodOptional) schema = schema.unwrap() as z.ZodType;
  return schema instanceof ZodString ? schema.maxLength : null;
}

export function workerFormValues(worker: WorkerProfile): WorkerFormValues {
  return Object.fromEntries(
    ALL_WORKER_FIELDS.map((field) => [field, worker[field] ?? '']),
  ) as WorkerFormValues;
}

/**
 * The fields that differ from the directory entry: only those are sent, so a field nobody
 * touched is never overwritten. An emptied text field is sent as '' (cleared); an emptied date
 * stays '' and the schema refuses it, which the form shows on that field.
 */
export function changedFields(
  initial: WorkerFormValues,
  values: WorkerFormValues,
): Partial<WorkerFormValues> {
  return Object.fromEntries(
    ALL_WORKER_FIELDS.filter((field) => values[field].trim() !== initial[field].trim()).map((field) => [
      field,
      values[field],
    ]),
  );
}

/** The labels a field's board column takes: a status column (one label) or a dropdown (`multiple`). */
export type FieldLabels = { labels: string[]; multiple: boolean };

/** The board's labels per worker field, as getUserProfile answers them; null without a board. */
export type WorkerFieldLabels = GetUserProfileResponse['workerFieldLabels'];

/** The labels the form offers for a field instead of free text; null when its column has none. */
export function labelsOf(all: WorkerFieldLabels | undefined, field: WorkerField): FieldLabels | null {
  const labels = all?.[field];
  return labels && labels.labels.length > 0 ? labels : null;
}

/** A dropdown field's value as its labels, read as the server reads it ("A, B" -> ["A", "B"]). */
export function labelsOfValue(value: string): string[] {
  return value
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);
}

/**
 * The choices a field offers: the board's labels, then what the worker holds now that is none of
 * them, so opening and saving the form never drops a value silently.
 */
export function labelChoices(labels: FieldLabels, current: string): string[] {
  const held = labels.multiple ? labelsOfValue(current) : current.trim() ? [current] : [];
  return [...new Set([...labels.labels, ...held])];
}

/**
 * A dropdown field's value after ticking or unticking `label`: the ticked labels in the order
 * offered, joined with ", " (what the server takes); exactly the worker's own value again when the
 * same labels are ticked as before, so the field does not count as changed.
 */
export function toggleLabel(
  value: string,
  label: string,
  isTicked: boolean,
  choices: readonly string[],
  initial: string,
): string {
  const ticked = new Set(labelsOfValue(value));
  if (isTicked) ticked.add(label);
  else ticked.delete(label);
  const next = choices.filter((choice) => ticked.has(choice));
  const before = new Set(labelsOfValue(initial));
  const isAsBefore = next.length === before.size && next.every((choice) => before.has(choice));
  return isAsBefore ? initial : next.join(', ');
}

/** Translation keys for zod's own issues (the worker schema gives no messages of its own but one). */
export function issueKey(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'too_big') return `validation.maxChars:${String(issue.maximum)}`;
  if (issue.code === 'too_small') return 'validation.required';
  if (issue.code === 'invalid_format') return 'validation.date';
  return 'validation.invalid';
}

/** A field message as a translation key: the schema's `invalidDate`, or a key already. */
export function fieldMessageKey(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  if (message === 'invalidDate') return 'validation.date';
  return /^[a-zA-Z]+\.[\w.]+(:\S*)?$/.test(message) ? message : 'validation.invalid';
}
