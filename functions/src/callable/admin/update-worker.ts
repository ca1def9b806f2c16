import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  PERMISSIONS,
  SENSITIVE_WORKER_FIELDS,
  type WorkerProfile,
  fieldMessages,
  updateWorkerSchema,
  workerProfileSchema,
  withoutSensitiveFields,
  workerUpdateSchema,
} from '../../domain/index.js';
import { invalidArgument, parseOrThrow } from '../errors.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { type AuditChanges, addAuditEntry } from './audit.js';
import { userDoc } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';
import { defineCallable } from '../define-callable.js';

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
 * Takes the emptied fields ('' or null) out of `changes` before the schema sees them, so that
 * every optional field, dates included, can be cleared; what stays is parsed as usual.
 */
function splitClearedFields(data: unknown): { data: unknown; cleared: string[] } {
  if (!isRecord(data) || !isRecord(data.changes)) return { data, cleared: [] };
  const cleared: string[] = [];
  const rest: Stored = {};
  for (const [field, value] of Object.entries(data.changes)) {
    if (CLEARABLE_FIELDS.includes(field) && isEmpty(value)) cleared.push(field);
    else rest[field] = value;
  }
  return { data: { ...data, changes: rest }, cleared };
}

/** A field's before/after for the audit log; sensitive values only say whether there is one. */
function auditValue(field: string, value: unknown): unknown {
  if (isEmpty(value)) return null;
  return (SENSITIVE_WORKER_FIELDS as readonly string[]).includes(field) ? MASKED : value;
}

/** The account of this worker: the `users` document that names it, else the one with its e-mail. */
async function linkedAccountUid(db: Firestore, workerId: string, email: string): Promise<string | null> {
  const users = db.collection('users');
  const byWorker = await users.where('workerId', '==', workerId).limit(1).get();
  if (!byWorker.empty) return byWorker.docs[0]?.id ?? null;
  const byEmail = await users.where('email', '==', email).limit(1).get();
  return byEmail.docs[0]?.id ?? null;
}

/**
 * The merged record, checked with the full profile schema so that the shared schema holds for
 * what is stored, not just for the edit. Problems in edited fields are reported as `changes.X`.
 */
function validProfile(merged: Stored, edited: readonly string[]): WorkerProfile {
  const parsed = workerProfileSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(
    Object.entries(fieldMessages(parsed.error)).map(([path, key]) => {
      const field = path.split('.')[0] ?? path;
      return [edited.includes(field) ? `changes.${path}` : path, key];
    }),
  );
  throw invalidArgument(fields, INVALID);
}

/**
 * The updateWorker callable (EDIT_WORKER_MONDAY_DATA): changes the given fields of
 * `workers/{workerId}` ('' or null empties an optional field); id and e-mail stay. One batch
 * holds the worker update, the audit entry (from/to of each field that really changed; sensitive
 * values recorded as '***') and, when the name changed, the name in the linked account's
 * `users/{uid}`. An edit that changes nothing succeeds and writes nothing, no audit entry either.
 * The answer's worker carries no sensitive field (the screen reloads the profile, an audited read).
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden'; `invalid-argument`
 * with `details.fields`; `not-found` 'workerNotFound'; `internal` 'updateWorkerFailed'.
 */
export function createUpdateWorkerHandler(deps: AdminDeps) {
  return defineCallable('updateWorker', deps, {
    access: adminAccess(PERMISSIONS.EDIT_WORKER_MONDAY_DATA),
    // The emptied clearable fields are taken out before the schema sees them (it refuses empty values).
    parse: (data) => {
      const split = splitClearedFields(data);
      return { split, input: parseOrThrow(updateWorkerSchema, split.data, INVALID) };
    },
    run: async ({ caller, input: { split, input } }) => {
      if (input.workerId.includes('/')) throw new HttpsError('not-found', ADMIN_ERRORS.workerNotFound);

      const ref = deps.db.collection('workers').doc(input.workerId);
      const snapshot = await ref.get();
      const current = snapshot.data();
      if (!snapshot.exists || !current) throw new HttpsError('not-found', ADMIN_ERRORS.workerNotFound);

      const sets = Object.entries(input.changes).filter(([, value]) => value !== undefined);
      const merged: Stored = { ...current, ...Object.fromEntries(sets), id: input.workerId };
      for (const field of split.cleared) delete merged[field];
      const worker = validProfile(merged, [...sets.map(([field]) => field), ...split.cleared]);

      const update: Stored = {};
      const emptied: string[] = [];
      const changes: AuditChanges = {};
      for (const [field, value] of sets) {
        if (current[field] === value) continue;
        update[field] = value;
        changes[field] = { from: auditValue(field, current[field]), to: auditValue(field, value) };
      }
      for (const field of split.cleared) {
        if (isEmpty(current[field])) continue;
        emptied.push(field);
        changes[field] = { from: auditValue(field, current[field]), to: null };
      }
      // The screen reloads the profile (an audited read) after a save: the answer carries no sensitive value.
      if (Object.keys(changes).length === 0) return { worker: withoutSensitiveFields(worker) };

      const linkedUid = await linkedAccountUid(deps.db, input.workerId, worker.email);
      const now = deps.now();
      const batch = deps.db.batch();
      // The changed fields set, the emptied ones deleted; only if nobody changed the worker since it
      // was read, so a concurrent edit is never overwritten unseen.
      const fields: Record<string, unknown> = { ...update };
      for (const field of emptied) fields[field] = FieldValue.delete();
      batch.update(ref, fields, snapshot.updateTime ? { lastUpdateTime: snapshot.updateTime } : {});
      if (linkedUid && 'name' in update) {
        batch.set(
          userDoc(deps.db, linkedUid),
          { name: worker.name, updatedAt: Timestamp.fromMillis(now) },
          { merge: true },
        );
      }
      addAuditEntry(deps.db, batch, {
        caller,
        action: 'updateWorker',
        target: { workerId: input.workerId, uid: linkedUid, email: worker.email },
        changes,
        now,
      });
      await batch.commit();

      invalidateUserIndex();
      deps.logger.info('updateWorker', {
        by: caller.uid,
        workerId: input.workerId,
        target: linkedUid,
        fields: Object.keys(changes),
      });
      return { worker: withoutSensitiveFields(worker) };
    },
  });
}
