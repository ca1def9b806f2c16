import type { z } from 'zod';
import { ADMIN_ERRORS, type UpdateWorkerResponse, type updateWorkerSchema } from '../admin-api.js';
import { fieldMessages } from '../ticket-schemas.js';
import {
  SENSITIVE_WORKER_FIELDS,
  type WorkerProfile,
  withoutSensitiveFields,
  workerProfileSchema,
  workerUpdateSchema,
} from '../worker.js';
import { userPath } from './account-state.js';
import { type AuditChanges, auditEntry } from './audit.js';
import {
  DELETE_FIELD,
  type Decision,
  type DocumentWrite,
  type OperationCaller,
  type WriteData,
  decided,
  refuse,
  refuseFields,
} from './decision.js';

const INVALID = 'Invalid worker details';

/** What the audit log shows for a sensitive value that is there. */
export const MASKED = '***';

/** Every editable field but the name may be emptied. */
const CLEARABLE_FIELDS: readonly string[] = Object.keys(workerUpdateSchema.shape).filter(
  (field) => field !== 'name',
);

type Stored = Record<string, unknown>;

const isRecord = (value: unknown): value is Stored =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Takes the emptied fields ('' or null) out of a payload's `changes` before the schema sees them,
 * so that every optional field, dates included, can be cleared; what stays is parsed as usual.
 */
export function splitClearedFields(data: unknown): { data: unknown; cleared: string[] } {
  if (!isRecord(data) || !isRecord(data.changes)) return { data, cleared: [] };
  const cleared: string[] = [];
  const rest: Stored = {};
  for (const [field, value] of Object.entries(data.changes)) {
    if (CLEARABLE_FIELDS.includes(field) && isEmpty(value)) cleared.push(field);
    else rest[field] = value;
  }
  return { data: { ...data, changes: rest }, cleared };
}

/** The edit: the parsed payload plus the fields it empties. */
export type UpdateWorkerOperation = z.infer<typeof updateWorkerSchema> & { cleared: readonly string[] };

export type UpdateWorkerState = {
  /** The stored `workers/{workerId}` document; null when there is none. */
  worker: Stored | null;
  /** The account of this worker (the users document naming it, else the one with its e-mail). */
  linkedUid: string | null;
};

/** The answer, with what the log line says: the linked account and the fields that changed. */
export type UpdateWorkerResult = UpdateWorkerResponse & { linkedUid: string | null; changedFields: string[] };

/** A field's before/after for the audit log; sensitive values only say whether there is one. */
function auditValue(field: string, value: unknown): unknown {
  if (isEmpty(value)) return null;
  return (SENSITIVE_WORKER_FIELDS as readonly string[]).includes(field) ? MASKED : value;
}

/**
 * The merged record, checked with the full profile schema so that the shared schema holds for
 * what is stored, not just for the edit. Problems in edited fields are reported as `changes.X`.
 */
function validProfile(
  merged: Stored,
  edited: readonly string[],
): { worker: WorkerProfile } | { fields: Record<string, string> } {
  const parsed = workerProfileSchema.safeParse(merged);
  if (parsed.success) return { worker: parsed.data };
  const fields = Object.fromEntries(
    Object.entries(fieldMessages(parsed.error)).map(([path, key]) => {
      const field = path.split('.')[0] ?? path;
      return [edited.includes(field) ? `changes.${path}` : path, key];
    }),
  );
  return { fields };
}

/**
 * updateWorker (the caller holds EDIT_WORKER_MONDAY_DATA): the worker exists -> the record with
 * the edit is a valid profile -> the changed fields set and the emptied ones removed (id and
 * e-mail stay), the audit entry (from/to of each field that really changed, sensitive values as
 * '***') and, when the name changed, the name in the linked account's `users/{uid}`. An edit that
 * changes nothing writes nothing. The answer's worker carries no sensitive field.
 */
export function decideUpdateWorker(
  state: UpdateWorkerState,
  request: UpdateWorkerOperation,
  caller: OperationCaller,
  now: number,
): Decision<UpdateWorkerResult> {
  const current = state.worker;
  if (!current) return refuse('not-found', ADMIN_ERRORS.workerNotFound);
  const sets = Object.entries(request.changes).filter(([, value]) => value !== undefined);
  const merged: Stored = { ...current, ...Object.fromEntries(sets), id: request.workerId };
  for (const field of request.cleared) delete merged[field];
  const profile = validProfile(merged, [...sets.map(([field]) => field), ...request.cleared]);
  if ('fields' in profile) return refuseFields(profile.fields, INVALID);
  const { worker } = profile;

  const fields: WriteData = {};
  const changes: AuditChanges = {};
  for (const [field, value] of sets) {
    if (current[field] === value) continue;
    fields[field] = value;
    changes[field] = { from: auditValue(field, current[field]), to: auditValue(field, value) };
  }
  for (const field of request.cleared) {
    if (isEmpty(current[field])) continue;
    fields[field] = DELETE_FIELD;
    changes[field] = { from: auditValue(field, current[field]), to: null };
  }
  // The screen reloads the profile (an audited read) after a save: the answer carries no sensitive value.
  const result = {
    worker: withoutSensitiveFields(worker),
    linkedUid: state.linkedUid,
    changedFields: Object.keys(changes),
  };
  if (Object.keys(changes).length === 0) return decided(result);

  const writes: DocumentWrite[] = [{ type: 'update', path: `workers/${request.workerId}`, data: fields }];
  if (state.linkedUid && 'name' in changes) {
    writes.push({
      type: 'set',
      path: userPath(state.linkedUid),
      data: { name: worker.name, updatedAt: new Date(now) },
      merge: true,
    });
  }
  const target = { workerId: request.workerId, uid: state.linkedUid, email: worker.email };
  return decided(result, {
    writes,
    log: [auditEntry({ caller, action: 'updateWorker', target, changes }, now)],
  });
}
