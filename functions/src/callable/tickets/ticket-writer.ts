// Creates tickets: idempotent per (uid, requestId), numbered with a drawn number (ticket-numbers.ts:
// no document that every submission writes), one presalary per salary period, in one transaction
// that reads the ticket, the presalary lock and the number's claim, so a conflicting concurrent call
// retries and sees the first one's writes.
import { createHash } from 'node:crypto';
import { type DocumentReference, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  DEFAULT_SERVICE_LEVELS,
  type ServiceLevels,
  type TicketSubmission,
  answerDueDay,
  selectablePresalaryPeriods,
  serviceLevelsSchema,
} from '../../domain/index.js';
import { PRESALARY_PERIOD_TAKEN, presalaryLockPath } from '../../domain/operations/ticket-state.js';
import { SERVICE_LEVELS_PATH } from '../../domain/operations/save-service-levels.js';
import type { Caller } from '../caller.js';
import { type CallableLogger, invalidArgument, isAlreadyExists } from '../errors.js';
import type { SubmitTicketResponse } from '../../domain/callables.js';
import { type ResolvedTool, buildTicketDocument, createdEntry } from '../../domain/ticket-document.js';
import { type TicketNumbering, drawnTicketNumbers } from './ticket-numbers.js';

export type TicketWriterDeps = {
  db: Firestore;
  /** Milliseconds since the epoch; a parameter so tests can move the clock. */
  now: () => number;
  logger: CallableLogger;
  /** How numbers are claimed; drawn numbers unless a load test compares another way. */
  numbering?: TicketNumbering;
};

export { SERVICE_LEVELS_PATH };

/** The stored service levels, or the defaults when none are stored or they do not parse. */
export function serviceLevelsOf(data: unknown): ServiceLevels {
  const parsed = serviceLevelsSchema.safeParse(data);
  return parsed.success ? parsed.data : DEFAULT_SERVICE_LEVELS;
}

/** Presalary requests of one user and salary period lock each other out through this document. */
export { presalaryLockPath };

/**
 * The ticket id of a submission: the same user and requestId always give the same id, so a retry
 * finds the ticket its first attempt created. Hashed, so the id reveals neither.
 */
export function ticketIdFor(uid: string, requestId: string): string {
  return createHash('sha256').update(`${uid}:${requestId}`).digest('hex').slice(0, 20);
}

/** The UTC calendar day of a moment, `YYYY-MM-DD`. */
export const utcDay = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/** Time zones run from UTC-12 to UTC+14: a worker's "today" is within this of the UTC day. */
const MAX_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * The periods a presalary may be requested for now, wherever the worker is: the form offers the
 * current and next period of the device's day, which near midnight may differ from the UTC day.
 */
export function allowedPresalaryPeriods(millis: number): string[] {
  const days = [utcDay(millis - MAX_ZONE_OFFSET_MS), utcDay(millis + MAX_ZONE_OFFSET_MS)];
  return [...new Set(days.flatMap((day) => selectablePresalaryPeriods(day)))];
}

export const periodTaken = () => new HttpsError('failed-precondition', PRESALARY_PERIOD_TAKEN);

/** Creates tickets; see the module comment for the guarantees. */
export function createTicketWriter({
  db,
  now,
  logger,
  numbering = drawnTicketNumbers(db),
}: TicketWriterDeps) {
  const tickets = db.collection('tickets');

  /** The caller's ticket under that id, or null when there is none. */
  async function ownTicket(ref: DocumentReference, uid: string): Promise<SubmitTicketResponse | null> {
    const snapshot = await ref.get();
    if (!snapshot.exists) return null;
    if (snapshot.get('createdBy') !== uid) {
      // Only a hash collision gets here: never hand out someone else's ticket.
      throw new Error(`ticket id ${ref.id} belongs to another user`);
    }
    return { ticketId: ref.id, number: String(snapshot.get('number')), isDuplicate: true };
  }

  /** The catalogue entries of a tool order, in order; an unknown id is a field error. */
  async function resolveTools(lines: readonly { toolId: string; quantity: number }[]) {
    if (lines.length === 0) return [];
    const snapshots = await db.getAll(...lines.map((line) => db.collection('toolCatalog').doc(line.toolId)));
    return lines.map((line, index): ResolvedTool => {
      const snapshot = snapshots[index];
      const name: unknown = snapshot?.get('name');
      if (!snapshot?.exists || typeof name !== 'string' || name === '') {
        throw invalidArgument({ tools: 'validation.unknownTool' }, 'Invalid ticket');
      }
      const unit: unknown = snapshot.get('unit');
      return {
        toolId: line.toolId,
        name,
        unit: typeof unit === 'string' ? unit : null,
        quantity: line.quantity,
      };
    });
  }

  /** Refuses a second presalary for a period unless every earlier one was rejected. */
  async function assertPeriodFree(uid: string, period: string) {
    const presalaries = await tickets
      .where('createdBy', '==', uid)
      .where('category', '==', 'presalary')
      .where('details.period', '==', period)
      .get();
    if (presalaries.docs.some((doc) => doc.get('status') !== 'rejected')) throw periodTaken();
  }

  /**
   * The submitter as the directory knows them: the name and e-mail of the worker the caller's
   * account is linked to (never the token's display name, which anybody sets for themselves;
   * the staff-made record's where the directory has none), and their site, trimmed, for the staff
   * queue's site filter (null when the worker has none).
   */
  async function submitterOf(caller: Caller): Promise<{ author: Caller; site: string | null }> {
    const worker = (await db.collection('workers').doc(caller.workerId).get()).data() ?? {};
    const filled = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    return {
      author: {
        ...caller,
        name: filled(worker.name) ?? caller.name,
        email: filled(worker.email) ?? caller.email,
      },
      site: filled(worker.siteName),
    };
  }

  /** Writes the ticket, its first activity entry, its number's claim and (presalary) the period lock. */
  async function write(
    ref: DocumentReference,
    caller: Caller,
    submission: TicketSubmission,
    tools: ResolvedTool[],
    site: string | null,
  ) {
    const period = submission.category === 'presalary' ? submission.period : null;
    const lockRef = period ? db.doc(presalaryLockPath(caller.uid, period)) : null;
    const levelsRef = db.doc(SERVICE_LEVELS_PATH);
    return db.runTransaction(async (tx): Promise<SubmitTicketResponse> => {
      const [ticket, levelsDoc, lock] = await tx.getAll(ref, levelsRef, ...(lockRef ? [lockRef] : []));
      if (ticket?.exists) {
        return { ticketId: ref.id, number: String(ticket.get('number')), isDuplicate: true };
      }
      if (lockRef && lock?.exists) {
        // The lock outlives a rejected request; it only blocks while its ticket still counts.
        const lockedId: unknown = lock.get('ticketId');
        const locked = typeof lockedId === 'string' ? await tx.get(tickets.doc(lockedId)) : null;
        if (locked?.exists && locked.get('status') !== 'rejected') throw periodTaken();
      }

      const at = Timestamp.fromMillis(now());
      const { number, write: writeClaim } = await numbering.claim(tx, ref.id, at);

      if (lockRef) {
        const lockData = { uid: caller.uid, period, ticketId: ref.id, at };
        if (lock?.exists) tx.set(lockRef, lockData);
        else tx.create(lockRef, lockData);
      }
      const levels = serviceLevelsOf(levelsDoc?.data());
      const dueDay = answerDueDay(at.toDate(), submission.category, submission.subcategory, levels);
      tx.create(
        ref,
        buildTicketDocument({ submission, caller, number, at, tools, site, answerDueDay: dueDay }),
      );
      tx.create(ref.collection('activity').doc(), createdEntry(caller, at));
      writeClaim();
      return { ticketId: ref.id, number, isDuplicate: false };
    });
  }

  return {
    /**
     * Creates the caller's ticket, or returns the one an earlier call with the same requestId
     * created (`isDuplicate`). The retry check comes before the presalary period checks, so a
     * retried presalary request gets its own ticket back instead of `periodTaken`.
     */
    async submit(caller: Caller, submission: TicketSubmission): Promise<SubmitTicketResponse> {
      const ref = tickets.doc(ticketIdFor(caller.uid, submission.requestId));
      const existing = await ownTicket(ref, caller.uid);
      if (existing) return existing;

      if (submission.category === 'presalary') {
        if (!allowedPresalaryPeriods(now()).includes(submission.period)) {
          throw invalidArgument({ period: 'validation.periodNotAllowed' }, 'Invalid ticket');
        }
        await assertPeriodFree(caller.uid, submission.period);
      }
      const [tools, { author, site }] = await Promise.all([
        submission.category === 'tools' ? resolveTools(submission.tools) : Promise.resolve([]),
        submitterOf(caller),
      ]);

      try {
        const result = await write(ref, author, submission, tools, site);
        if (!result.isDuplicate) {
          logger.info('ticket created', {
            ticketId: result.ticketId,
            number: result.number,
            category: submission.category,
          });
        }
        return result;
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        // A concurrent call won the race: the same request (its ticket is there) or another
        // presalary request for the same period (its lock is there).
        const winner = await ownTicket(ref, caller.uid);
        if (winner) return winner;
        if (submission.category === 'presalary') throw periodTaken();
        throw error;
      }
    },
  };
}

export type TicketWriter = ReturnType<typeof createTicketWriter>;
