import { isAnswerOverdue } from '../working-days.js';
import { type Decision, decided } from './decision.js';
import { notificationEntry } from './notify.js';
import { ticketPatch } from './ticket-state.js';

/** What the notifier reads of one ticket, in its transaction. */
export type OverdueNoticeState = {
  ticket: {
    id: string;
    number: string;
    status: string;
    createdBy: string;
    assigneeUid: string | null;
    answerDueDay: string | null;
    firstResponseAt: unknown;
    overdueNotifiedAt: unknown;
  } | null;
};

/**
 * One ticket's overdue notice: still there, still open and unanswered past its answer day, not
 * told yet -> a `ticketOverdue` notification to its assignee, or to `staff` when nobody is assigned
 * (never to the ticket's owner), and `overdueNotifiedAt`, so no later run tells anybody again.
 * Answers how many were told; null when nothing was to be done.
 */
export function decideOverdueNotice(
  state: OverdueNoticeState,
  staff: readonly string[],
  now: number,
): Decision<{ told: number } | null> {
  const { ticket } = state;
  const at = new Date(now);
  if (!ticket || ticket.overdueNotifiedAt != null || !ticket.answerDueDay) return decided(null);
  if (!isAnswerOverdue({ ...ticket, answerDueDay: ticket.answerDueDay }, at)) return decided(null);
  const recipients = (ticket.assigneeUid ? [ticket.assigneeUid] : staff).filter(
    (uid) => uid !== ticket.createdBy,
  );
  return decided(
    { told: recipients.length },
    {
      writes: [ticketPatch(ticket.id, { overdueNotifiedAt: at })],
      log: recipients.map((recipient) =>
        notificationEntry(
          recipient,
          ticket,
          'ticketOverdue',
          { number: ticket.number, dueDay: ticket.answerDueDay as string },
          at,
        ),
      ),
    },
  );
}
