// The seed accounts of the local stack (emulator-data/fixtures) keep what the web shows them under
// firestore.rules: each enabled account runs the history list the web runs for it (canSeeAllTickets)
// and opens a ticket, on users documents and tickets written as emulator-data/load.mjs writes them.
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase/firestore';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import {
  AUTH_RULES,
  PERMISSIONS,
  hasAtLeastRole,
  hasPermission,
  ticketSearchTokens,
} from '../functions/src/domain/index.js';
import { resolveDate } from '../emulator-data/relative-dates.mjs';
import {
  PAGE_SIZE,
  type Person,
  historyQuery,
  ticketDetails,
  useRulesEnvironment,
} from './firestore-fixtures.js';

type SeedAccount = {
  uid: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  workerId?: string;
  assignedPermissions?: string[];
  revokedPermissions?: string[];
};
type SeedEntry = { id: string; at: string };
type SeedTicket = {
  id: string;
  number: string;
  description: string;
  createdBy: string;
  archived: boolean;
  createdAt: string;
  lastUpdate: string;
  updates?: SeedEntry[];
  activity?: SeedEntry[];
};

const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(`emulator-data/fixtures/${name}`, 'utf8')) as T[];
const ACCOUNTS = fixture<SeedAccount>('accounts.json');
const TICKETS = fixture<SeedTicket>('tickets.json');
const TODAY = new Date();
const timestamp = (token: string) => Timestamp.fromDate(resolveDate(token, TODAY));

/** An account as load.mjs makes it: the role claim, and users/{uid} with the same role and lists. */
const personOf = (account: SeedAccount): Person & { record: Record<string, unknown> } => ({
  uid: account.uid,
  claims: { role: account.role },
  record: {
    email: account.email,
    name: account.name,
    role: account.role,
    assignedPermissions: account.assignedPermissions ?? [],
    revokedPermissions: account.revokedPermissions ?? [],
    workerId: account.workerId ?? null,
  },
});

/** canSeeAllTickets of web/src/tickets/api/history-query.ts, for the user the web builds from the claim. */
function webCanSeeAll(account: SeedAccount): boolean {
  const user = {
    role: account.role,
    assignedPermissions: account.assignedPermissions ?? [],
    revokedPermissions: account.revokedPermissions ?? [],
  };
  return (
    hasAtLeastRole(user.role, 'foreman', AUTH_RULES) &&
    (hasPermission(user, PERMISSIONS.VIEW_ALL_USER_DATA, AUTH_RULES) ||
      hasPermission(user, PERMISSIONS.PROCESS_TICKETS, AUTH_RULES))
  );
}

const { as } = useRulesEnvironment('demo-rules-seed', {
  people: ACCOUNTS.map(personOf),
  seed(write) {
    for (const { id, updates = [], activity = [], ...ticket } of TICKETS) {
      write(`tickets/${id}`, {
        ...ticket,
        createdAt: timestamp(ticket.createdAt),
        lastUpdate: timestamp(ticket.lastUpdate),
        searchTokens: ticketSearchTokens(ticket.number, ticket.description),
      });
      for (const { id: updateId, ...update } of updates) {
        write(`tickets/${id}/updates/${updateId}`, { ...update, at: timestamp(update.at) });
      }
      for (const { id: entryId, ...entry } of activity) {
        write(`tickets/${id}/activity/${entryId}`, { ...entry, at: timestamp(entry.at) });
      }
    }
  },
});

// A disabled seed account is disabled in Auth and cannot sign in, so it makes no reads at all.
const ENABLED = ACCOUNTS.filter((account) => !account.disabled).map((account) => ({
  ...account,
  canSeeAll: webCanSeeAll(account),
}));

describe('the seed accounts under firestore.rules', () => {
  it('include workers and every staff role', () => {
    expect(new Set(ENABLED.map((account) => account.role))).toEqual(
      new Set(['user', 'foreman', 'manager', 'manager_pl', 'admin']),
    );
  });

  it.each(ENABLED)(
    '$uid ($role) pages through the history the web asks for and opens a ticket',
    async (account) => {
      const db = as(personOf(account));
      const visible = TICKETS.filter(
        (ticket) => !ticket.archived && (account.canSeeAll || ticket.createdBy === account.uid),
      ).map((ticket) => ticket.id);
      const input = account.canSeeAll ? {} : { createdBy: account.uid };

      const first = await assertSucceeds(historyQuery(db, input));
      const cursor = first.docs.at(-1);
      const rest = cursor ? await assertSucceeds(historyQuery(db, input, { startAfter: cursor })) : null;
      const seen = [...first.docs, ...(rest?.docs ?? [])].map((ticket) => ticket.id);
      expect(first.size).toBe(Math.min(PAGE_SIZE, visible.length));
      expect(seen.sort()).toEqual([...visible].sort());

      const opened = visible[0];
      if (!opened) throw new Error(`${account.uid} sees no seed ticket`);
      const page = ticketDetails(db, opened);
      await Promise.all([
        assertSucceeds(page.ticket),
        assertSucceeds(page.updates),
        assertSucceeds(page.activity),
      ]);
    },
  );

  it.each(ENABLED.filter((account) => !account.canSeeAll))(
    "$uid ($role) is refused another submitter's seed ticket and the staff list",
    async (account) => {
      const db = as(personOf(account));
      const foreign = TICKETS.find((ticket) => ticket.createdBy !== account.uid);
      if (!foreign) throw new Error('every seed ticket is theirs');
      const page = ticketDetails(db, foreign.id);
      await Promise.all([assertFails(page.ticket), assertFails(page.updates), assertFails(page.activity)]);
      await assertFails(historyQuery(db, {}));
    },
  );
});
