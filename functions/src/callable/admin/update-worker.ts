import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { PERMISSIONS, updateWorkerSchema } from '../../domain/index.js';
import { decideUpdateWorker, splitClearedFields } from '../../domain/operations/update-worker.js';
import { defineCallable } from '../define-callable.js';
import { parseOrThrow } from '../errors.js';
import { runOperation } from '../run-operation.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { invalidateUserIndex } from './user-index.js';

const INVALID = 'Invalid worker details';

/** The account of this worker: the `users` document that names it, else the one with its e-mail. */
async function linkedAccountUid(db: Firestore, tx: Transaction, workerId: string, email: unknown) {
  const users = db.collection('users');
  const byWorker = await tx.get(users.where('workerId', '==', workerId).limit(1));
  if (!byWorker.empty) return byWorker.docs[0]?.id ?? null;
  if (typeof email !== 'string') return null;
  const byEmail = await tx.get(users.where('email', '==', email).limit(1));
  return byEmail.docs[0]?.id ?? null;
}

/** The stored worker and its account, read in the transaction that writes the edit. */
async function readWorker(db: Firestore, tx: Transaction, workerId: string) {
  // No document id holds a '/': such an id names no worker.
  if (workerId.includes('/')) return { worker: null, linkedUid: null };
  const worker = (await tx.get(db.collection('workers').doc(workerId))).data() ?? null;
  return { worker, linkedUid: worker ? await linkedAccountUid(db, tx, workerId, worker.email) : null };
}

/**
 * The updateWorker callable (EDIT_WORKER_MONDAY_DATA): changes the given fields of
 * `workers/{workerId}` ('' or null empties an optional field); see `decideUpdateWorker`. The
 * worker is read in the transaction that writes the edit, so a concurrent edit is never
 * overwritten unseen. The answer's worker carries no sensitive field (the screen reloads the
 * profile, an audited read).
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
      return { ...parseOrThrow(updateWorkerSchema, split.data, INVALID), cleared: split.cleared };
    },
    run: async ({ caller, input }) => {
      const { result } = await runOperation(deps, {
        name: 'updateWorker',
        read: (tx) => readWorker(deps.db, tx, input.workerId),
        decide: (state) => decideUpdateWorker(state, input, caller, deps.now()),
      });
      const { linkedUid, changedFields, ...response } = result;
      if (changedFields.length === 0) return response;
      invalidateUserIndex();
      deps.logger.info('updateWorker', {
        by: caller.uid,
        workerId: input.workerId,
        target: linkedUid,
        fields: changedFields,
      });
      return response;
    },
  });
}
