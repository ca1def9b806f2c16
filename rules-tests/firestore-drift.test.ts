// Keeps firestore.rules and the domain's permission table together: for every role and every per-user
// change of the two ticket permissions, the rules let the account read someone else's ticket exactly
// when the domain's hasPermission says it holds PROCESS_TICKETS or VIEW_ALL_USER_DATA. A role added
// to the domain, or a permission moved between roles, fails here until firestore.rules follows.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, limit, orderBy, query } from 'firebase/firestore';
import { it } from 'vitest';
import {
  ALL_ROLES,
  AUTH_RULES,
  PERMISSIONS,
  type PermissionSubject,
  hasPermission,
} from '../functions/src/domain/index.js';
import { type Person, ticketDoc, useRulesEnvironment } from './firestore-fixtures.js';

const { PROCESS_TICKETS, VIEW_ALL_USER_DATA } = PERMISSIONS;

/** The per-user changes of users/{uid} that matter to ticket reads. */
const VARIANTS = {
  'role default': {},
  'PROCESS_TICKETS assigned': { assignedPermissions: [PROCESS_TICKETS] },
  'PROCESS_TICKETS revoked': { revokedPermissions: [PROCESS_TICKETS] },
  'VIEW_ALL_USER_DATA assigned': { assignedPermissions: [VIEW_ALL_USER_DATA] },
  'VIEW_ALL_USER_DATA revoked': { revokedPermissions: [VIEW_ALL_USER_DATA] },
  'both revoked': { revokedPermissions: [PROCESS_TICKETS, VIEW_ALL_USER_DATA] },
} satisfies Record<string, Pick<PermissionSubject, 'assignedPermissions' | 'revokedPermissions'>>;

/** Every role the domain knows, and one it does not (which grants nothing on either side). */
const ROLES_UNDER_TEST = [...ALL_ROLES, 'superuser'];

type Case = { role: string; variant: string; person: Person; canSeeAll: boolean; outcome: string };

const CASES: Case[] = ROLES_UNDER_TEST.flatMap((role) =>
  Object.entries(VARIANTS).map(([variant, changes]): Case => {
    const subject = { role, assignedPermissions: [], revokedPermissions: [], ...changes };
    const canSeeAll =
      hasPermission(subject, PROCESS_TICKETS, AUTH_RULES) ||
      hasPermission(subject, VIEW_ALL_USER_DATA, AUTH_RULES);
    return {
      role,
      variant,
      person: {
        uid: `drift-${role}-${variant.replaceAll(' ', '-')}`,
        claims: { role },
        record: subject,
      },
      canSeeAll,
      outcome: canSeeAll ? 'reads' : 'is refused',
    };
  }),
);

const OWNER = 'drift-owner';

const { as } = useRulesEnvironment('demo-rules-drift', {
  people: CASES.map(({ person }) => person),
  seed(write) {
    write('tickets/theirs', ticketDoc({ createdBy: OWNER, sequence: 1 }));
    write('tickets/theirs/activity/a1', { by: { uid: OWNER }, change: { type: 'created' } });
  },
});

it.each(CASES)(
  "$role with $variant $outcome another user's ticket, its activity and the unfiltered list",
  async ({ person, canSeeAll }) => {
    const db = as(person);
    const reads: Promise<unknown>[] = [
      getDoc(doc(db, 'tickets/theirs')),
      getDocs(collection(db, 'tickets/theirs/activity')),
      getDocs(query(collection(db, 'tickets'), orderBy('createdAt', 'desc'), limit(20))),
    ];
    await Promise.all(reads.map((read) => (canSeeAll ? assertSucceeds(read) : assertFails(read))));
  },
);
