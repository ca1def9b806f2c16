// The attachment sweep, run daily: settles the declarations of tickets whose announced files never
// all arrived, then deletes uploads that no ticket, update or bug report refers to. Both wait out
// the upload grace period, so a client still on its way is never cut off. Decisions are in
// attachment-sweep-plan.ts; this module reads, writes and deletes.
import { FieldPath, type Firestore, type QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { ATTACHMENT_UPLOAD_GRACE_MS } from '../domain/index.js';
import { bugReportIdFor } from '../callable/bug-reports/bug-report-writer.js';
import type { CallableLogger } from '../callable/errors.js';
import type { ActivityEntry, PersonRef, TicketPatch } from '../domain/ticket-document.js';
import type { ObjectStore, StoredObject } from '../storage/object-store.js';
import {
  ATTACHMENT_PREFIXES,
  type Declaration,
  type ObjectOwner,
  isPastGrace,
  ownerKey,
  ownerOfObject,
  settleDeclaration,
} from './attachment-sweep-plan.js';

export type AttachmentSweepDeps = {
  db: Firestore;
  store: ObjectStore;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
  logger: CallableLogger;
  graceMs?: number;
};

export type AttachmentSweepResult = {
  /** Tickets whose declaration was settled, with an activity entry when files were missing. */
  settledTickets: string[];
  deletedObjects: string[];
  /** Tickets or folders that could not be handled this time (logged; the next run tries again). */
  failures: number;
};

/** Who the activity log names for the sweep's entries: no person, so the log shows none. */
export const SWEEP_ACTOR: PersonRef = { uid: 'system', name: '' };

const TICKET_PAGE = 300;
/** Stale objects judged together: their owners' documents are read once per batch. */
const OBJECT_BATCH = 500;
/** Owners whose documents are read at the same time. */
const PARALLEL_READS = 10;

type AttachmentHolder = { attachments?: unknown };

/** The paths of a document's `attachments`, read leniently. */
function attachmentPaths(data: AttachmentHolder | undefined): string[] {
  const { attachments } = data ?? {};
  if (!Array.isArray(attachments)) return [];
  return attachments.flatMap((entry: unknown) => {
    const path = typeof entry === 'object' && entry !== null ? (entry as { path?: unknown }).path : undefined;
    return typeof path === 'string' ? [path] : [];
  });
}

function declarationOf(data: Record<string, unknown>): Declaration {
  const declared = data.declaredAttachments;
  const createdAt = data.createdAt;
  return {
    declared: typeof declared === 'number' ? declared : 0,
    arrived: attachmentPaths(data).length,
    createdAt: createdAt instanceof Timestamp ? createdAt.toMillis() : Number.POSITIVE_INFINITY,
  };
}

/** Runs `task` over `items`, `limit` at a time. */
async function inGroupsOf<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += limit) {
    await Promise.all(items.slice(start, start + limit).map(task));
  }
}

/** Runs one sweep; see the module comment. A failure on one ticket or folder does not stop the rest. */
export async function runAttachmentSweep(deps: AttachmentSweepDeps): Promise<AttachmentSweepResult> {
  const { db, store, logger } = deps;
  const now = deps.now();
  const graceMs = deps.graceMs ?? ATTACHMENT_UPLOAD_GRACE_MS;
  const result: AttachmentSweepResult = { settledTickets: [], deletedObjects: [], failures: 0 };
  const failed = (message: string, details: Record<string, unknown>, error: unknown) => {
    result.failures += 1;
    logger.error(message, { ...details, error: error instanceof Error ? error.message : String(error) });
  };

  /** Settles one ticket in a transaction: the decision is made again on what it reads. */
  async function settle(ticketId: string): Promise<void> {
    const ref = db.collection('tickets').doc(ticketId);
    const isSettled = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      const settlement = snapshot.exists
        ? settleDeclaration(declarationOf(snapshot.data() ?? {}), now, graceMs)
        : null;
      if (!settlement) return false;
      tx.update(ref, settlement.update satisfies TicketPatch<Timestamp>);
      if (settlement.activity) {
        const { field, from, to } = settlement.activity;
        const entry: ActivityEntry<Timestamp> = {
          at: Timestamp.fromMillis(now),
          by: SWEEP_ACTOR,
          change: { type: 'field', field, from, to },
        };
        tx.create(ref.collection('activity').doc(), entry);
      }
      return true;
    });
    if (isSettled) result.settledTickets.push(ticketId);
  }

  /**
   * Tickets with a declaration still open: one inequality on one field (no composite index), and
   * settled tickets drop out of it, so each run reads only the last day's tickets and stragglers.
   */
  async function settleDeclarations(): Promise<void> {
    let after: QueryDocumentSnapshot | undefined;
    for (;;) {
      let query = db
        .collection('tickets')
        .where('declaredAttachments', '>', 0)
        .orderBy('declaredAttachments')
        .orderBy(FieldPath.documentId())
        .limit(TICKET_PAGE);
      if (after) query = query.startAfter(after);
      const page = await query.get();
      const due = page.docs.filter((doc) => settleDeclaration(declarationOf(doc.data()), now, graceMs));
      await inGroupsOf(due, PARALLEL_READS, async (doc) => {
        try {
          await settle(doc.id);
        } catch (error) {
          failed('attachment sweep: could not settle a ticket', { ticketId: doc.id }, error);
        }
      });
      if (page.size < TICKET_PAGE) return;
      after = page.docs[page.docs.length - 1];
    }
  }

  /** Every path the owner's documents refer to. */
  async function referencedPaths(owner: ObjectOwner): Promise<Set<string>> {
    if (owner.kind === 'nobody') return new Set();
    if (owner.kind === 'bugReport') {
      const report = await db.collection('bugReports').doc(bugReportIdFor(owner.uid, owner.requestId)).get();
      return new Set(attachmentPaths(report.data()));
    }
    const ticketRef = db.collection('tickets').doc(owner.ticketId);
    const [ticket, updates] = await Promise.all([
      ticketRef.get(),
      ticketRef.collection('updates').select('attachments').get(),
    ]);
    return new Set([
      ...attachmentPaths(ticket.data()),
      ...updates.docs.flatMap((update) => attachmentPaths(update.data())),
    ]);
  }

  /** Deletes the objects of one batch that their owners' documents do not refer to. */
  async function sweepBatch(objects: readonly StoredObject[]): Promise<void> {
    const byOwner = new Map<string, { owner: ObjectOwner; objects: StoredObject[] }>();
    for (const object of objects) {
      const owner = ownerOfObject(object.path);
      if (!owner) continue;
      const group = byOwner.get(ownerKey(owner)) ?? { owner, objects: [] };
      group.objects.push(object);
      byOwner.set(ownerKey(owner), group);
    }
    await inGroupsOf([...byOwner.values()], PARALLEL_READS, async ({ owner, objects: owned }) => {
      try {
        const referenced = await referencedPaths(owner);
        for (const { path } of owned.filter((object) => !referenced.has(object.path))) {
          await store.remove(path);
          result.deletedObjects.push(path);
        }
      } catch (error) {
        failed('attachment sweep: could not sweep a folder', { owner: ownerKey(owner) }, error);
      }
    });
  }

  async function deleteUnreferenced(): Promise<void> {
    for (const prefix of ATTACHMENT_PREFIXES) {
      let batch: StoredObject[] = [];
      for await (const object of store.list(prefix)) {
        if (!isPastGrace(object.createdAt, now, graceMs) || !ownerOfObject(object.path)) continue;
        batch.push(object);
        if (batch.length >= OBJECT_BATCH) {
          await sweepBatch(batch);
          batch = [];
        }
      }
      await sweepBatch(batch);
    }
  }

  // Declarations first: a ticket's missing files are then settled before its folder is judged.
  await settleDeclarations();
  await deleteUnreferenced();
  logger.info('attachment sweep done', {
    settledTickets: result.settledTickets.length,
    deletedObjects: result.deletedObjects.length,
    failures: result.failures,
  });
  return result;
}
