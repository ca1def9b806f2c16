import { type Firestore, Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import type { Caller } from '../caller.js';

/** Every admin operation that leaves a trace in `auditLog`. */
export type AuditAction =
  | 'updateUserRole'
  | 'saveUserPermissions'
  | 'resetUserPassword'
  | 'setAccountStatus'
  | 'createAccount'
  | 'updateWorker'
  | 'setBackendLogLevel'
  | 'testSecurityLog'
  | 'viewSensitiveWorkerData';

/** Whom the operation was done to: an account, a directory worker, or a setting. */
export type AuditTarget = {
  uid?: string | null;
  workerId?: string | null;
  email?: string | null;
  setting?: string;
};

/** What changed: field -> { from, to }; empty for operations that change no field (a reset link). */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export type AuditEntry = {
  at: Timestamp;
  action: AuditAction;
  by: { uid: string; email: string | null; name: string; role: string };
  target: AuditTarget;
  changes: AuditChanges;
  /** For a read: which sensitive fields the caller was shown. */
  fields?: string[];
};

/**
 * Adds one `auditLog/{autoId}` entry (who did what to whom and when) to the batch or transaction
 * that makes the change, so the change and its trace are written together or not at all.
 */
export function addAuditEntry(
  db: Firestore,
  writer: WriteBatch | Transaction,
  input: {
    caller: Caller;
    action: AuditAction;
    target: AuditTarget;
    changes?: AuditChanges;
    fields?: string[];
    now: number;
  },
): string {
  const ref = db.collection('auditLog').doc();
  const target = Object.fromEntries(Object.entries(input.target).filter(([, v]) => v !== undefined));
  const entry: AuditEntry = {
    at: Timestamp.fromMillis(input.now),
    action: input.action,
    by: {
      uid: input.caller.uid,
      email: input.caller.email,
      name: input.caller.name,
      role: input.caller.role,
    },
    target,
    changes: input.changes ?? {},
    ...(input.fields ? { fields: input.fields } : {}),
  };
  // Both WriteBatch.set and Transaction.set take (ref, data); the union needs one call shape.
  (writer as WriteBatch).set(ref, entry);
  return ref.id;
}
