import type { Firestore, Timestamp, Transaction, WriteBatch } from 'firebase-admin/firestore';
import {
  type AuditAction,
  type AuditChanges,
  type AuditRecord,
  type AuditTarget,
  auditEntry,
} from '../../domain/operations/audit.js';
import { decided } from '../../domain/operations/decision.js';
import type { Caller } from '../caller.js';
import { applyDecision } from '../run-operation.js';

export type { AuditAction, AuditChanges, AuditTarget };

/** An `auditLog` document as stored (its time a Firestore timestamp). */
export type AuditEntry = Omit<AuditRecord, 'at'> & { at: Timestamp };

/**
 * Adds one `auditLog/{autoId}` entry (who did what to whom and when, see `auditEntry`) to the
 * batch or transaction that makes the change, so the change and its trace are written together
 * or not at all. For operations that are not run through runOperation (reads, settings).
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
  const [ref] = applyDecision(db, writer, decided(null, { log: [auditEntry(input, input.now)] }));
  if (!ref) throw new Error('addAuditEntry wrote no entry');
  return ref.id;
}
