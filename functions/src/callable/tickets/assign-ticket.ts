import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { type AssigneeAccount, decideAssignTicket } from '../../domain/operations/assign-ticket.js';
import { accountAsCaller } from '../caller.js';
import { defineCallable } from '../define-callable.js';
import { runOperation } from '../run-operation.js';
import { type ProcessTicketDeps, readStoredTicket, staffOnly } from './process-ticket.js';

/** assignTicket also reads the assignee's account (role claim, disabled flag) from Auth. */
export type AssignTicketDeps = ProcessTicketDeps & { auth: Pick<Auth, 'getUser'> };

const isUserNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/user-not-found';

/**
 * The account of a would-be assignee (Auth plus its users/{uid} record), or null when there is none
 * or staff did not make it (such an account holds no permission).
 */
async function assigneeAccount(
  deps: { db: Firestore; auth: Pick<Auth, 'getUser'> },
  uid: string,
): Promise<AssigneeAccount | null> {
  try {
    const account = await deps.auth.getUser(uid);
    const users = (await deps.db.collection('users').doc(uid).get()).data();
    const member = accountAsCaller(account, users);
    return member ? { ...member, disabled: account.disabled } : null;
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

/**
 * The assignTicket callable (PROCESS_TICKETS): see `decideAssignTicket`; the assignee's account is
 * read before the transaction (the caller assigning themself needs none), the ticket in it.
 *
 * Errors: `unauthenticated`; `invalid-argument` with `details.fields`; `permission-denied`
 * 'tickets.processing.errors.forbidden'; `not-found` 'tickets.processing.errors.notFound';
 * `failed-precondition` 'tickets.processing.errors.assigneeNotStaff' or
 * 'tickets.processing.errors.archived'; `internal` 'tickets.processing.errors.assignFailed'.
 */
export function createAssignTicketHandler(deps: AssignTicketDeps) {
  const { db, logger, now } = deps;
  return defineCallable('assignTicket', deps, {
    rateLimit: { operation: 'assignTicket' },
    access: staffOnly,
    run: async ({ caller, input }) => {
      const uid = input.assigneeUid;
      const assignee = uid === null || uid === caller.uid ? null : await assigneeAccount(deps, uid);
      const { result } = await runOperation(
        { db, logger },
        {
          name: 'assignTicket',
          read: async (tx) => ({ ticket: await readStoredTicket(db, tx, input.ticketId), assignee }),
          decide: (state) => decideAssignTicket(state, input, caller, now()),
        },
      );
      if (result.isChanged) {
        logger.info('ticket assigned', { ticketId: result.ticketId, assignee: uid, by: caller.uid });
      }
      return result;
    },
  });
}
