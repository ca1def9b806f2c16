// Tells staff once when a ticket passes its answer day unanswered: the assignee, or every member of
// staff who processes tickets when nobody is assigned yet. Run every hour by notifyOverdueTickets.
import type { Auth } from 'firebase-admin/auth';
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import { NOTIFICATIONS_COLLECTION, isAnswerOverdue } from '../domain/index.js';
import { notificationEntry } from '../domain/operations/notify.js';
import { listTicketStaff } from '../callable/tickets/list-ticket-staff.js';
import { readOverdueTickets } from '../callable/tickets/list-ticket-queue.js';
import type { CallableLogger } from '../callable/errors.js';

export type OverdueNotifierDeps = {
  db: Firestore;
  auth: Pick<Auth, 'listUsers'>;
  now: () => number;
  logger: CallableLogger;
};

/** Tickets found overdue, tickets marked notified in this run, notifications written. */
export type OverdueNotifierReport = { overdue: number; notified: number; notifications: number };

/**
 * One run: every open ticket past its answer day that staff have not answered is looked at in its
 * own transaction, which reads it again and goes ahead only while it is still overdue and not yet
 * notified (`overdueNotifiedAt`), so a second run, or two runs at once, never tell anybody twice.
 * Each recipient gets a `ticketOverdue` notification (and so a push in their language); the
 * ticket's owner is never one of them.
 */
export async function runOverdueNotifier(deps: OverdueNotifierDeps): Promise<OverdueNotifierReport> {
  const { db, logger } = deps;
  const now = new Date(deps.now());
  const overdue = await readOverdueTickets(db, now);
  let staff: Promise<string[]> | null = null;
  const staffUids = () => (staff ??= listTicketStaff(deps).then((members) => members.map((m) => m.uid)));
  const report: OverdueNotifierReport = { overdue: overdue.length, notified: 0, notifications: 0 };

  for (const row of overdue) {
    const recipientsIfUnassigned = row.assignedTo ? [] : await staffUids();
    const ref = db.doc(`tickets/${row.id}`);
    const sent = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      const data = snapshot.data();
      if (!data || data.overdueNotifiedAt != null) return null;
      const answerDueDay = typeof data.answerDueDay === 'string' ? data.answerDueDay : null;
      const status = typeof data.status === 'string' ? data.status : '';
      if (
        !answerDueDay ||
        !isAnswerOverdue({ answerDueDay, firstResponseAt: data.firstResponseAt, status }, now)
      ) {
        return null;
      }
      const owner = typeof data.createdBy === 'string' ? data.createdBy : '';
      const assignee = typeof data.assigneeUid === 'string' && data.assigneeUid ? data.assigneeUid : null;
      const recipients = (assignee ? [assignee] : recipientsIfUnassigned).filter((uid) => uid !== owner);
      const ticket = { id: ref.id, number: typeof data.number === 'string' ? data.number : ref.id };
      for (const recipient of recipients) {
        const entry = notificationEntry(
          recipient,
          ticket,
          'ticketOverdue',
          { number: ticket.number, dueDay: answerDueDay },
          now,
        );
        tx.create(db.collection(NOTIFICATIONS_COLLECTION).doc(), entry.data);
      }
      tx.update(ref, { overdueNotifiedAt: Timestamp.fromDate(now) });
      return recipients.length;
    });
    if (sent === null) continue;
    report.notified += 1;
    report.notifications += sent;
  }
  logger.info('overdue tickets notified', report);
  return report;
}
