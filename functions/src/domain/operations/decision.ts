/*
 * The shape of every processing and admin operation: a pure `decide(state, request, caller, now)`
 * that answers either with a refusal (the callable's error code and translation key) or with the
 * documents to write, the activity or audit entries to append, the account changes to make after
 * the write, and the callable's answer. One runner in functions reads the state in a Firestore
 * transaction, asks the decision and applies it, so the rules live here, testable as tables.
 */

/** The error codes an operation refuses with, as the callable answers them. */
export type RefusalCode =
  'permission-denied' | 'not-found' | 'failed-precondition' | 'invalid-argument' | 'already-exists';

/**
 * Why an operation is refused: `message` is a translation key. With `fields` it is an
 * `invalid-argument` whose `details.fields` name the field keys.
 */
export type Refusal = {
  code: RefusalCode;
  message: string;
  details?: Record<string, unknown>;
  fields?: Record<string, string>;
};

/** Who is calling, as the server loaded them (role and permission lists from `users/{uid}`). */
export type OperationCaller = {
  uid: string;
  email: string | null;
  name: string;
  role: string;
  assignedPermissions?: string[];
  revokedPermissions?: string[];
};

/** A field value that removes the field (the runner writes Firestore's delete sentinel). */
export const DELETE_FIELD: unique symbol = Symbol('deleteField');

/** The fields of one document write; a Date is stored as a timestamp. */
export type WriteData = Record<string, unknown>;

/** One document write, by path (`tickets/{id}`, `users/{uid}`, ...). */
export type DocumentWrite =
  | { type: 'create'; path: string; data: WriteData }
  | { type: 'set'; path: string; data: WriteData; merge?: boolean }
  | { type: 'update'; path: string; data: WriteData }
  | { type: 'delete'; path: string };

/** An entry appended to a log collection (`tickets/{id}/activity`, `auditLog`) under a new id. */
export type LogEntry = { collection: string; data: WriteData };

/**
 * A change of an account in Firebase Auth, made after the documents are written; `undo` is
 * what puts it back should a later step fail.
 */
export type AccountChange =
  | { type: 'setClaims'; uid: string; claims: Record<string, unknown>; undo: Record<string, unknown> }
  | { type: 'revokeSessions'; uid: string }
  | { type: 'setDisabled'; uid: string; disabled: boolean; undo: boolean };

/** What an operation goes ahead with. */
export type Decided<R> = {
  isRefused: false;
  writes: DocumentWrite[];
  log: LogEntry[];
  /** Made after the writes; should one fail, `undo` is written and the log entries removed. */
  accountChanges: AccountChange[];
  /** The document writes that take the writes back (the log entries are removed anyway). */
  undo: DocumentWrite[];
  result: R;
};

export type Refused = { isRefused: true; refusal: Refusal };

export type Decision<R> = Decided<R> | Refused;

/** A refusal with an error code and translation key (and `details` the screen reads). */
export function refuse(code: RefusalCode, message: string, details?: Record<string, unknown>): Refused {
  return { isRefused: true, refusal: details ? { code, message, details } : { code, message } };
}

/** An `invalid-argument` refusal with field keys (`details.fields`). */
export function refuseFields(fields: Record<string, string>, message: string): Refused {
  return { isRefused: true, refusal: { code: 'invalid-argument', message, fields } };
}

/** Goes ahead with these writes and entries (none: nothing changes) and answers `result`. */
export function decided<R>(
  result: R,
  changes: Partial<Pick<Decided<R>, 'writes' | 'log' | 'accountChanges' | 'undo'>> = {},
): Decided<R> {
  return {
    isRefused: false,
    writes: changes.writes ?? [],
    log: changes.log ?? [],
    accountChanges: changes.accountChanges ?? [],
    undo: changes.undo ?? [],
    result,
  };
}

/** Whether a decision writes or changes anything. */
export const isChange = (decision: Decided<unknown>) =>
  decision.writes.length > 0 || decision.log.length > 0 || decision.accountChanges.length > 0;
