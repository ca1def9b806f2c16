import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { MondayDirectory } from '../../directory/monday/monday-directory.js';
import { MondayError } from '../../directory/monday/errors.js';
import {
  ADMIN_ERRORS,
  PERMISSIONS,
  type WorkerUpdate,
  updateWorkerSchema,
  withoutSensitiveFields,
} from '../../domain/index.js';
import type { Decision } from '../../domain/operations/decision.js';
import {
  type UpdateWorkerOperation,
  type UpdateWorkerResult,
  decideUpdateWorker,
  splitClearedFields,
} from '../../domain/operations/update-worker.js';
import { defineCallable } from '../define-callable.js';
import { parseOrThrow } from '../errors.js';
import { decideOrThrow, runOperation } from '../run-operation.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { invalidateUserIndex } from './user-index.js';

const INVALID = 'Invalid worker details';
/** The board's limits that last longer than a retry (the daily call cap, the per-field limit). */
const BOARD_LIMITS = new Set(['DAILY_LIMIT_EXCEEDED', 'FIELD_LIMIT_EXCEEDED']);

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
 * The board's refusal as the callable's error; the dialog shows it and keeps what was typed. A
 * board over its daily or per-field limit says when to try again (`retryAt`, ISO time).
 */
function boardError(error: MondayError): HttpsError {
  if (error.reason === 'rejected') return new HttpsError('failed-precondition', ADMIN_ERRORS.boardRejected);
  if (error.reason === 'unmapped-fields') {
    return new HttpsError('failed-precondition', ADMIN_ERRORS.boardFieldsUnmapped, {
      fields: error.details.fields ?? [],
    });
  }
  if (error.reason === 'unknown-labels') {
    const fields = Object.fromEntries(
      (error.details.fields ?? []).map((field) => [`changes.${field}`, ADMIN_ERRORS.unknownLabel]),
    );
    return new HttpsError('invalid-argument', INVALID, { fields });
  }
  const { retryAfterMs } = error.details;
  if (retryAfterMs !== undefined && BOARD_LIMITS.has(error.details.code ?? '')) {
    return new HttpsError('unavailable', ADMIN_ERRORS.boardLimited, {
      // The board's wait is counted from the real clock, as the board counts it.
      retryAt: new Date(Date.now() + retryAfterMs).toISOString(),
    });
  }
  return new HttpsError('unavailable', ADMIN_ERRORS.boardUnavailable);
}

/** The edit as the board takes it: the set fields, and the emptied ones as ''. */
function boardChanges(input: UpdateWorkerOperation): WorkerUpdate {
  const cleared = Object.fromEntries(input.cleared.map((field) => [field, '']));
  return { ...input.changes, ...cleared } as WorkerUpdate;
}

/** The decision without its write of the worker document: the board's answer is already in the read model. */
function withoutWorkerWrite(decision: Decision<UpdateWorkerResult>, workerId: string) {
  if (decision.isRefused) return decision;
  return { ...decision, writes: decision.writes.filter((write) => write.path !== `workers/${workerId}`) };
}

/**
 * The board path of an edit: decided on the read model first (a refusal never reaches the board),
 * written to the board (idempotent, serialized, retried by the client), and only when the board
 * accepted it, the audit entry and the account's name written; the read model then holds the
 * board's answer.
 */
async function updateOnBoard(
  deps: UpdateWorkerDeps,
  board: MondayDirectory,
  input: UpdateWorkerOperation,
  caller: Parameters<typeof decideUpdateWorker>[2],
) {
  const before = await deps.db.runTransaction((tx) => readWorker(deps.db, tx, input.workerId));
  const now = deps.now();
  const preview = decideOrThrow(decideUpdateWorker(before, input, caller, now));
  if (preview.result.changedFields.length === 0) return preview.result;
  let saved;
  try {
    saved = await board.update(input.workerId, boardChanges(input), { requestId: input.requestId });
  } catch (error) {
    if (!(error instanceof MondayError)) throw error;
    deps.logger.error('updateWorker: the board refused the edit', {
      by: caller.uid,
      workerId: input.workerId,
      reason: error.reason,
      error: error.message,
    });
    throw boardError(error);
  }
  if (!saved) throw new HttpsError('not-found', ADMIN_ERRORS.workerNotFound);
  const { result } = await runOperation(deps, {
    name: 'updateWorker',
    read: () => Promise.resolve(before),
    decide: (state) => withoutWorkerWrite(decideUpdateWorker(state, input, caller, now), input.workerId),
  });
  return { ...result, worker: withoutSensitiveFields(saved) };
}

/** The board's directory when the workers live on a monday.com board (index.ts), else none. */
export type UpdateWorkerDeps = AdminDeps & { board?: () => MondayDirectory | null };

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
export function createUpdateWorkerHandler(deps: UpdateWorkerDeps) {
  return defineCallable('updateWorker', deps, {
    rateLimit: { operation: 'updateWorker' },
    access: adminAccess(PERMISSIONS.EDIT_WORKER_MONDAY_DATA),
    // The emptied clearable fields are taken out before the schema sees them (it refuses empty values).
    parse: (data) => {
      const split = splitClearedFields(data);
      return { ...parseOrThrow(updateWorkerSchema, split.data, INVALID), cleared: split.cleared };
    },
    run: async ({ caller, input }) => {
      const board = deps.board?.() ?? null;
      const result = board
        ? await updateOnBoard(deps, board, input, caller)
        : (
            await runOperation(deps, {
              name: 'updateWorker',
              read: (tx) => readWorker(deps.db, tx, input.workerId),
              decide: (state) => decideUpdateWorker(state, input, caller, deps.now()),
            })
          ).result;
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
