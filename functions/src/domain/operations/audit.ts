import type { LogEntry, OperationCaller } from './decision.js';

/** Every admin operation that leaves a trace in `auditLog`. */
export type AuditAction =
  | 'updateUserRole'
  | 'saveUserPermissions'
  | 'resetUserPassword'
  | 'setAccountStatus'
  | 'createAccount'
  | 'updateWorker'
  | 'setBackendLogLevel'
  | 'saveServiceLevels'
  | 'testSecurityLog'
  | 'viewSensitiveWorkerData'
  | 'viewSafetyReporter';

/** Whom the operation was done to: an account, a directory worker, or a setting. */
export type AuditTarget = {
  uid?: string | null;
  workerId?: string | null;
  email?: string | null;
  setting?: string;
  /** The safety report whose reporter was read. */
  safetyReportId?: string;
};

/** What changed: field -> { from, to }; empty for operations that change no field (a reset link). */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** One `auditLog` document: who did what to whom and when. */
export type AuditRecord = {
  at: Date;
  action: AuditAction;
  by: { uid: string; email: string | null; name: string; role: string };
  target: AuditTarget;
  changes: AuditChanges;
  /** For a read: which sensitive fields the caller was shown. */
  fields?: string[];
};

export const AUDIT_LOG = 'auditLog';

/**
 * The audit entry of an operation, appended in the same write as the change, so the change and
 * its trace are stored together or not at all. Target parts that are undefined are left out.
 */
export function auditEntry(
  input: {
    caller: OperationCaller;
    action: AuditAction;
    target: AuditTarget;
    changes?: AuditChanges;
    fields?: string[];
  },
  now: number,
): LogEntry & { data: AuditRecord } {
  const { caller } = input;
  const target = Object.fromEntries(Object.entries(input.target).filter(([, value]) => value !== undefined));
  return {
    collection: AUDIT_LOG,
    data: {
      at: new Date(now),
      action: input.action,
      by: { uid: caller.uid, email: caller.email, name: caller.name, role: caller.role },
      target,
      changes: input.changes ?? {},
      ...(input.fields ? { fields: input.fields } : {}),
    },
  };
}
