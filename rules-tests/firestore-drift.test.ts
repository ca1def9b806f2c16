// Keeps firestore.rules and the domain together: for every role, every per-user change of the two
// ticket permissions and of HANDLE_SAFETY_REPORTS, and every way a users/{uid} record can link (or
// fail to link) a directory worker, the rules let the account read its own ticket exactly when the
// domain's staffMadeAccountOf makes an account of the record, and someone else's ticket exactly when,
// on top of that, hasPermission says it holds PROCESS_TICKETS or VIEW_ALL_USER_DATA. Likewise it reads
// a safety report it was told of (its `readers`) exactly when it is an account, and any other report
// exactly when, on top of that, hasPermission says it holds HANDLE_SAFETY_REPORTS. The role claim is
// always set to the role under test and must change nothing. A role added to the domain, a permission
// moved between roles, or a change of what makes a record staff-made fails here until firestore.rules
// follows.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { it } from 'vitest';
import {
  ALL_ROLES,
  AUTH_RULES,
  PERMISSIONS,
  type PermissionSubject,
  hasPermission,
  staffMadeAccountOf,
} from '../functions/src/domain/index.js';
import { type Person, safetyReportDoc, ticketDoc, useRulesEnvironment } from './firestore-fixtures.js';

const { PROCESS_TICKETS, VIEW_ALL_USER_DATA, HANDLE_SAFETY_REPORTS } = PERMISSIONS;

/** The per-user changes of users/{uid} that matter to ticket and safety report reads. */
const VARIANTS = {
  'role default': {},
  'PROCESS_TICKETS assigned': { assignedPermissions: [PROCESS_TICKETS] },
  'PROCESS_TICKETS revoked': { revokedPermissions: [PROCESS_TICKETS] },
  'VIEW_ALL_USER_DATA assigned': { assignedPermissions: [VIEW_ALL_USER_DATA] },
  'VIEW_ALL_USER_DATA revoked': { revokedPermissions: [VIEW_ALL_USER_DATA] },
  'both revoked': { revokedPermissions: [PROCESS_TICKETS, VIEW_ALL_USER_DATA] },
  'HANDLE_SAFETY_REPORTS assigned': { assignedPermissions: [HANDLE_SAFETY_REPORTS] },
  'HANDLE_SAFETY_REPORTS revoked': { revokedPermissions: [HANDLE_SAFETY_REPORTS] },
} satisfies Record<string, Pick<PermissionSubject, 'assignedPermissions' | 'revokedPermissions'>>;

/** Every role the domain knows, and one it does not (which grants nothing on either side). */
const ROLES_UNDER_TEST = [...ALL_ROLES, 'superuser'];

/** How the record links a directory worker: only a usable document id makes it staff-made. */
const LINKS = {
  'a linked worker': { workerId: 'w-1001' },
  'no workerId': {},
  'a blank workerId': { workerId: '  ' },
  'a workerId with a slash': { workerId: 'w/1001' },
} satisfies Record<string, { workerId?: string }>;

type Case = {
  role: string;
  variant: string;
  person: Person;
  canReadOwn: boolean;
  canSeeAll: boolean;
  outcome: string;
  handlesSafety: boolean;
  safetyOutcome: string;
};

/**
 * The domain's answer for one person: its own ticket, and everyone's; a safety report it was told
 * of, and every report.
 */
function caseOf(role: string, variant: string, person: Person): Case {
  const record = person.record ?? undefined;
  const account = staffMadeAccountOf(record);
  const subject = { assignedPermissions: [], revokedPermissions: [], ...record, role };
  const canSeeAll =
    account !== null &&
    (hasPermission(subject, PROCESS_TICKETS, AUTH_RULES) ||
      hasPermission(subject, VIEW_ALL_USER_DATA, AUTH_RULES));
  const outcome = canSeeAll ? 'reads every' : account ? 'reads only its own' : 'reads no';
  const handlesSafety = account !== null && hasPermission(subject, HANDLE_SAFETY_REPORTS, AUTH_RULES);
  const safetyOutcome = handlesSafety ? 'reads every' : account ? 'reads only the told-of' : 'reads no';
  return {
    role,
    variant,
    person,
    canReadOwn: account !== null,
    canSeeAll,
    outcome,
    handlesSafety,
    safetyOutcome,
  };
}

const uidOf = (...parts: string[]) => `drift-${parts.join('-').replaceAll(/[ /]/g, '-')}`;

const CASES: Case[] = ROLES_UNDER_TEST.flatMap((role) => [
  ...Object.entries(LINKS).flatMap(([link, linked]) =>
    Object.entries(VARIANTS).map(([changes, fields]) =>
      caseOf(role, `${changes}, ${link}`, {
        uid: uidOf(role, changes, link),
        claims: { role },
        record: { role, assignedPermissions: [], revokedPermissions: [], ...fields, ...linked },
      }),
    ),
  ),
  caseOf(role, 'the claim only (no users document)', {
    uid: uidOf(role, 'claim-only'),
    claims: { role },
    record: null,
  }),
]);

const OWNER = 'drift-owner';

const { as } = useRulesEnvironment('demo-rules-drift', {
  people: CASES.map(({ person }) => person),
  seed(write) {
    write('tickets/theirs', ticketDoc({ createdBy: OWNER, sequence: 1 }));
    write('tickets/theirs/activity/a1', { by: { uid: OWNER }, change: { type: 'created' } });
    write('safetyReports/theirs', safetyReportDoc({ reporter: OWNER, readers: [], sequence: 1 }));
    write('safetyReports/theirs/activity/a1', { by: { uid: OWNER }, change: { type: 'created' } });
    for (const { person } of CASES) {
      write(`tickets/own-${person.uid}`, ticketDoc({ createdBy: person.uid, sequence: 2 }));
      write(
        `safetyReports/told-${person.uid}`,
        safetyReportDoc({ reporter: OWNER, readers: [person.uid], sequence: 2 }),
      );
    }
  },
});

const judged = (allowed: boolean) => (read: Promise<unknown>) =>
  allowed ? assertSucceeds(read) : assertFails(read);

it.each(CASES)('$role with $variant $outcome tickets', async ({ person, canReadOwn, canSeeAll }) => {
  const db = as(person);
  const others: Promise<unknown>[] = [
    getDoc(doc(db, 'tickets/theirs')),
    getDocs(collection(db, 'tickets/theirs/activity')),
    getDocs(query(collection(db, 'tickets'), orderBy('createdAt', 'desc'), limit(20))),
  ];
  const own: Promise<unknown>[] = [
    getDoc(doc(db, `tickets/own-${person.uid}`)),
    getDocs(query(collection(db, 'tickets'), where('createdBy', '==', person.uid))),
  ];
  await Promise.all([...others.map(judged(canSeeAll)), ...own.map(judged(canReadOwn))]);
});

it.each(CASES)(
  '$role with $variant $safetyOutcome safety reports',
  async ({ person, canReadOwn, handlesSafety }) => {
    const db = as(person);
    const others: Promise<unknown>[] = [
      getDoc(doc(db, 'safetyReports/theirs')),
      getDocs(collection(db, 'safetyReports/theirs/activity')),
      getDocs(query(collection(db, 'safetyReports'), orderBy('createdAt', 'desc'), limit(20))),
    ];
    const told: Promise<unknown>[] = [
      getDoc(doc(db, `safetyReports/told-${person.uid}`)),
      getDocs(query(collection(db, 'safetyReports'), where('readers', 'array-contains', person.uid))),
    ];
    await Promise.all([...others.map(judged(handlesSafety)), ...told.map(judged(canReadOwn))]);
  },
);
