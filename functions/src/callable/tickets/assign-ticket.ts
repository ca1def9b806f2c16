import type { Auth, UserRecord } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { TICKET_PROCESSING_ERRORS } from '../../domain/index.js';
import { type Caller, accountAsCaller } from '../caller.js';
import type { PersonRef } from './ticket-document.js';
import {
  type ProcessTicketDeps,
  canProcessTickets,
  fieldEntry,
  newActivityRef,
  personOfCaller,
  staffOnly,
  readTicket,
  ticketArchived,
  ticketRef,
} from './process-ticket.js';
import { defineCallable } from '../define-callable.js';

/** assignTicket also reads the assignee's account (role claim, disabled flag) from Auth. */
export type AssignTicketDeps = ProcessTicketDeps & { auth: Pick<Auth, 'getUser'> };

const notStaff = () => new HttpsError('failed-precondition', TICKET_PROCESSING_ERRORS.assigneeNotStaff);

const isUserNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/user-not-found';

/**
 * The staff member a ticket may be assigned to, named as the ticket will show them: an enabled
 * account whose role claim plus users/{uid} permission changes give PROCESS_TICKETS. Anyone else
 * (no account, disabled, a worker) is `failed-precondition` 'tickets.processing.errors.assigneeNotStaff'.
 */
async function staffMember(deps: AssignTicketDeps, caller: Caller, uid: string): Promise<PersonRef> {
  if (uid === caller.uid) return personOfCaller(caller);
  let account: UserRecord;
  try {
    account = await deps.auth.getUser(uid);
  } catch (error) {
    if (isUserNotFound(error)) throw notStaff();
    throw error;
  }
  if (account.disabled) throw notStaff();
  const users = (await deps.db.collection('users').doc(uid).get()).data();
  const assignee = accountAsCaller(account, users);
  if (!canProcessTickets(assignee)) throw notStaff();
  return { uid, name: assignee.name };
}

/**
 * The assignTicket callable: signed in -> payload valid -> caller holds PROCESS_TICKETS -> the
 * assignee is a staff member (or null: unassign) -> the ticket exists and is not archived -> in
 * one transaction: `assignedTo` {uid, name} | null with `assigneeUid` (the uid, '' for nobody:
 * the queue filters on it), `lastUpdate` and an activity entry
 * `assignedTo` from the previous name to the new one (null when nobody). Assigning the current
 * assignee again changes and logs nothing (`isChanged: false`).
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `permission-denied`
 * 'tickets.processing.errors.forbidden'; `not-found` 'tickets.processing.errors.notFound';
 * `failed-precondition` 'tickets.processing.errors.assigneeNotStaff' or
 * 'tickets.processing.errors.archived'; `internal` 'tickets.processing.errors.assignFailed'.
 */
export function createAssignTicketHandler(deps: AssignTicketDeps) {
  const { db, logger, now } = deps;
  return defineCallable('assignTicket', deps, {
    access: staffOnly,
    run: async ({ caller, input }) => {
      const assignee = input.assigneeUid === null ? null : await staffMember(deps, caller, input.assigneeUid);
      const ref = ticketRef(db, input.ticketId);

      const isChanged = await db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        const ticket = readTicket(snapshot);
        if (ticket.archived) throw ticketArchived();
        const previous = ticket.assignedTo;
        const assigneeUid = assignee?.uid ?? '';
        if ((previous?.uid ?? '') === assigneeUid) {
          // Nothing to log; only a ticket whose queue field disagrees (filed before it existed)
          // is brought in line, so the queue's assignee filters find it.
          if (snapshot.get('assigneeUid') !== assigneeUid) tx.update(ref, { assigneeUid });
          return false;
        }
        const at = Timestamp.fromMillis(now());
        const entry = fieldEntry(
          personOfCaller(caller),
          at,
          'assignedTo',
          previous?.name ?? null,
          assignee?.name ?? null,
        );
        tx.create(newActivityRef(ref), entry);
        tx.update(ref, { assignedTo: assignee, assigneeUid, lastUpdate: at });
        return true;
      });

      if (isChanged) {
        logger.info('ticket assigned', { ticketId: ref.id, assignee: assignee?.uid ?? null, by: caller.uid });
      }
      return { ticketId: ref.id, assignedTo: assignee, isChanged };
    },
  });
}
