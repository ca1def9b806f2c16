// Tells staff once when a ticket passes its answer day unanswered: the assignee, or every member of
// staff who processes tickets when nobody is assigned yet. Run every hour by notifyOverdueTickets.
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { type OverdueNoticeState, decideOverdueNotice } from '../domain/operations/overdue-notice.js';
import { runOperation } from '../callable/run-operation.js';
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
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The ticket as the notice needs it, from its stored data (null when it is gone). */
function overdueStateOf(id: string, data: Record<string, unknown> | undefined): OverdueNoticeState['ticket'] {
  if (!data) return null;
  return {
    id,
    number: text(data.number) || id,
    status: text(data.status),
    createdBy: text(data.createdBy),
    assigneeUid: text(data.assigneeUid) || null,
    answerDueDay: text(data.answerDueDay) || null,
    firstResponseAt: data.firstResponseAt,
    overdueNotifiedAt: data.overdueNotifiedAt,
  };
}

export type OverdueNotifierReport = { overdue: number; notified: number; notifications: number };

/**
 * One run: every open ticket past its answer day that staff have not answered is decided in its
 * own transaction (`decideOverdueNotice`), which reads it again and goes ahead only while it is still
 * overdue and not yet notified (`overdueNotifiedAt`), so a second run, or two runs at once, never
 * tell anybody twice. Each recipient gets a `ticketOverdue` notification (and so a push in their
 * language); the ticket's owner is never one of them.
 */
export async function runOverdueNotifier(deps: OverdueNotifierDeps): Promise<OverdueNotifierReport> {
  const { db, logger } = deps;
  const now = new Date(deps.now());
  const overdue = await readOverdueTickets(db, now);
  let staff: Promise<string[]> | null = null;
  const staffUids = () => (staff ??= listTicketStaff(deps).then((members) => members.map((m) => m.uid)));
  const report: OverdueNotifierReport = { overdue: overdue.length, notified: 0, notifications: 0 };

  for (const row of overdue) {
    const staffIfUnassigned = row.assignedTo ? [] : await staffUids();
    const ref = db.doc(`tickets/${row.id}`);
    const { result } = await runOperation(
      { db, logger },
      {
        name: 'notifyOverdueTicket',
        read: async (tx): Promise<OverdueNoticeState> => ({
          ticket: overdueStateOf(ref.id, (await tx.get(ref)).data()),
        }),
        decide: (state) => decideOverdueNotice(state, staffIfUnassigned, now.getTime()),
      },
    );
    if (result === null) continue;
    report.notified += 1;
    report.notifications += result.told;
  }
  logger.info('overdue tickets notified', report);
  return report;
}
