// Who a ticket may be assigned to: the enabled accounts that hold PROCESS_TICKETS, judged
// and named exactly as assignTicket judges and names an assignee.
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { type TicketStaffMember } from '../../domain/index.js';
import { accountAsCaller } from '../caller.js';
import { type CallableLogger } from '../errors.js';
import { canProcessTickets, queueAccess } from './process-ticket.js';
import { defineCallable } from '../define-callable.js';

export type TicketStaffDeps = {
  db: Firestore;
  auth: Pick<Auth, 'listUsers'>;
  logger: CallableLogger;
};

/** The most accounts the Auth API lists in one page. */
const AUTH_PAGE_SIZE = 1000;

async function listAllAccounts(auth: TicketStaffDeps['auth']): Promise<UserRecord[]> {
  const accounts: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(AUTH_PAGE_SIZE, pageToken);
    accounts.push(...page.users);
    pageToken = page.pageToken;
  } while (pageToken);
  return accounts;
}

/**
 * The users documents by uid, with only the fields accountAsCaller reads: whether staff made the
 * account (role, workerId), its permission changes, name and e-mail.
 */
async function readUsersDocs(db: Firestore): Promise<Map<string, Record<string, unknown>>> {
  const snapshot = await db
    .collection('users')
    .select('name', 'email', 'role', 'workerId', 'assignedPermissions', 'revokedPermissions')
    .get();
  return new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}

const collator = new Intl.Collator('pl', { sensitivity: 'base' });

/** By name (locale order, ignoring case and accents), then e-mail, then uid, so the order is stable. */
const byName = (a: TicketStaffMember, b: TicketStaffMember) =>
  collator.compare(a.name, b.name) ||
  collator.compare(a.email ?? '', b.email ?? '') ||
  a.uid.localeCompare(b.uid);

/** The staff among every account: enabled, holding PROCESS_TICKETS, sorted by name. */
export async function listTicketStaff(
  deps: Pick<TicketStaffDeps, 'db' | 'auth'>,
): Promise<TicketStaffMember[]> {
  const [accounts, usersDocs] = await Promise.all([listAllAccounts(deps.auth), readUsersDocs(deps.db)]);
  const staff: TicketStaffMember[] = [];
  for (const account of accounts) {
    if (account.disabled) continue;
    const member = accountAsCaller(account, usersDocs.get(account.uid));
    if (!member || !canProcessTickets(member)) continue;
    staff.push({ uid: member.uid, name: member.name, email: member.email, role: member.role });
  }
  return staff.sort(byName);
}

/**
 * The listTicketStaff callable: signed in -> caller holds PROCESS_TICKETS -> every enabled account
 * whose role claim plus users/{uid} changes give PROCESS_TICKETS (foreman and up, workers granted
 * it by hand; not those it is revoked from), with name, e-mail and role, sorted by name. Exactly
 * the accounts assignTicket accepts as an assignee. Takes no payload.
 *
 * Errors: `unauthenticated`; `permission-denied` 'tickets.queue.errors.forbidden'; `internal`
 * 'tickets.queue.errors.staffFailed'.
 */
export function createListTicketStaffHandler(deps: TicketStaffDeps) {
  return defineCallable('listTicketStaff', deps, {
    access: queueAccess,
    run: async () => {
      return { staff: await listTicketStaff(deps) };
    },
  });
}
