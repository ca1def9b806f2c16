// The one runner of the processing and admin operations (domain/operations): it reads the state
// in a Firestore transaction, asks the operation's pure `decide`, and either throws its refusal as
// the callable's HttpsError or writes its documents and log entries in that same transaction.
// Account changes (Auth claims, disabled flag, sessions) follow the commit; should one fail, the
// writes are taken back (the decision's `undo`, its log entries removed) and the account changes
// undone, best effort, before the failure goes on to the caller.
import type { Auth } from 'firebase-admin/auth';
import {
  type DocumentReference,
  FieldValue,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  type AccountChange,
  DELETE_FIELD,
  type Decided,
  type Decision,
  type DocumentWrite,
  type Refusal,
  type WriteData,
} from '../domain/operations/decision.js';
import { type CallableLogger, invalidArgument } from './errors.js';

/**
 * Staff act on one ticket in quick succession (several items confirmed, an update beside them):
 * those transactions meet on the ticket document and retry each other. The SDK's default of 5
 * attempts gave up under load; 10 lets such a burst through, each attempt still serialised.
 */
export const OPERATION_TRANSACTION = { maxAttempts: 10 } as const;
/** The Auth calls account changes make. */
export type AccountAuth = Pick<Auth, 'setCustomUserClaims' | 'revokeRefreshTokens' | 'updateUser'>;

export type OperationDeps = {
  db: Firestore;
  logger: CallableLogger;
  /** Needed only by operations that change accounts. */
  auth?: AccountAuth;
};

export type Operation<S, R> = {
  /** The callable's name, for the log line of a failed undo. */
  name: string;
  /** Reads everything `decide` looks at, through the transaction. */
  read: (tx: Transaction) => Promise<S>;
  decide: (state: S) => Decision<R>;
};

/** The callable error of a refusal: its code and translation key, field keys for invalid-argument. */
export function refusalError(refusal: Refusal): HttpsError {
  if (refusal.fields) return invalidArgument(refusal.fields, refusal.message);
  return new HttpsError(refusal.code, refusal.message, refusal.details);
}

/** The decision when it goes ahead; its refusal as the callable's HttpsError otherwise. */
export function decideOrThrow<R>(decision: Decision<R>): Decided<R> {
  if (decision.isRefused) throw refusalError(decision.refusal);
  return decision;
}

/** The data as Firestore takes it: DELETE_FIELD becomes the delete sentinel (Dates store as timestamps). */
function firestoreData(data: WriteData): WriteData {
  return Object.fromEntries(
    Object.entries(data).map(([field, value]) => [
      field,
      value === DELETE_FIELD ? FieldValue.delete() : value,
    ]),
  );
}

function applyWrite(db: Firestore, writer: Transaction | WriteBatch, write: DocumentWrite) {
  // Transaction and WriteBatch share these call shapes; the union needs one of them.
  const batch = writer as WriteBatch;
  const ref = db.doc(write.path);
  if (write.type === 'delete') batch.delete(ref);
  else if (write.type === 'create') batch.create(ref, firestoreData(write.data));
  else if (write.type === 'update') batch.update(ref, firestoreData(write.data));
  else batch.set(ref, firestoreData(write.data), { merge: write.merge === true });
}

/**
 * Adds a decision's writes and log entries (each a new document) to a transaction or batch, so
 * the change and its trace are stored together or not at all. Returns the log entries' documents.
 */
export function applyDecision(
  db: Firestore,
  writer: Transaction | WriteBatch,
  decision: Decided<unknown>,
): DocumentReference[] {
  for (const write of decision.writes) applyWrite(db, writer, write);
  return decision.log.map((entry) => {
    const ref = db.collection(entry.collection).doc();
    (writer as WriteBatch).create(ref, firestoreData(entry.data));
    return ref;
  });
}

async function applyAccountChange(auth: AccountAuth, change: AccountChange): Promise<void> {
  if (change.type === 'setClaims') await auth.setCustomUserClaims(change.uid, change.claims);
  else if (change.type === 'revokeSessions') await auth.revokeRefreshTokens(change.uid);
  else await auth.updateUser(change.uid, { disabled: change.disabled });
}

async function undoAccountChange(auth: AccountAuth, change: AccountChange): Promise<void> {
  if (change.type === 'setClaims') await auth.setCustomUserClaims(change.uid, change.undo);
  else if (change.type === 'setDisabled') await auth.updateUser(change.uid, { disabled: change.undo });
}

/**
 * Takes back a decision after an account change failed: the `undo` writes and the removal of its
 * log entries in one batch, then every account change undone. A failing undo is logged, never
 * thrown, so the caller still sees the original failure.
 */
async function undoQuietly(
  deps: OperationDeps & { auth: AccountAuth },
  name: string,
  decision: Decided<unknown>,
  logRefs: readonly DocumentReference[],
): Promise<void> {
  try {
    const batch = deps.db.batch();
    for (const write of decision.undo) applyWrite(deps.db, batch, write);
    for (const ref of logRefs) batch.delete(ref);
    await batch.commit();
    for (const change of [...decision.accountChanges].reverse()) await undoAccountChange(deps.auth, change);
  } catch (error) {
    deps.logger.error(`${name}: undo failed`, {
      uids: [...new Set(decision.accountChanges.map((change) => change.uid))],
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Runs an operation: read -> decide -> write, in one transaction (retried by Firestore when a
 * concurrent write touches what it read), then the account changes. Answers the decision, so the
 * handler can log what happened and answer its `result`.
 */
export async function runOperation<S, R>(
  deps: OperationDeps,
  operation: Operation<S, R>,
): Promise<Decided<R>> {
  const { db } = deps;
  const { decision, logRefs } = await db.runTransaction(async (tx) => {
    const decided = decideOrThrow(operation.decide(await operation.read(tx)));
    return { decision: decided, logRefs: applyDecision(db, tx, decided) };
  }, OPERATION_TRANSACTION);
  if (decision.accountChanges.length === 0) return decision;
  const { auth } = deps;
  if (!auth) throw new Error(`${operation.name} changes accounts but has no Auth client`);
  try {
    for (const change of decision.accountChanges) await applyAccountChange(auth, change);
  } catch (error) {
    await undoQuietly({ ...deps, auth }, operation.name, decision, logRefs);
    throw error;
  }
  return decision;
}
