import type { Firestore } from 'firebase-admin/firestore';
import { staffMadeAccountOf } from '../../domain/identity.js';
import { PERMISSIONS } from '../../domain/permissions.js';
import { type SafetyCandidate } from '../../domain/safety.js';

/** The roles that may be told of a safety report by their role alone (foremen by site, the rest as handlers). */
const STAFF_ROLES = ['foreman', 'manager', 'manager_pl', 'admin'];

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const filled = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Everyone who may be told of a safety report: the staff accounts and every account given
 * HANDLE_SAFETY_REPORTS, with the site of the directory worker each foreman is linked to. Two
 * queries over `users` and one read of the foremen's workers: the staff are a small part of the
 * accounts (a few dozen to a few hundred), and a report is rare next to tickets.
 */
export async function loadSafetyCandidates(db: Firestore): Promise<SafetyCandidate[]> {
  const users = db.collection('users');
  const [staff, granted] = await Promise.all([
    users.where('role', 'in', STAFF_ROLES).get(),
    users.where('assignedPermissions', 'array-contains', PERMISSIONS.HANDLE_SAFETY_REPORTS).get(),
  ]);
  // Only an account staff made counts (a record with a known role and a linked worker): anything
  // else has no power anywhere, so it is not told either.
  const byUid = new Map(
    [...staff.docs, ...granted.docs].flatMap((doc) => {
      const data = doc.data();
      const account = staffMadeAccountOf(data);
      return account ? [[doc.id, { data, ...account }] as const] : [];
    }),
  );
  const foremanWorkers = [...byUid.values()]
    .filter((person) => person.role === 'foreman')
    .map((person) => person.workerId)
    .filter((id) => !id.includes('/'));
  const workers = foremanWorkers.length
    ? await db.getAll(...[...new Set(foremanWorkers)].map((id) => db.collection('workers').doc(id)))
    : [];
  const siteOf = new Map(workers.map((doc) => [doc.id, filled(doc.get('siteName'))]));
  return [...byUid.entries()].map(([uid, { data, role, workerId }]) => ({
    uid,
    role,
    assignedPermissions: strings(data.assignedPermissions),
    revokedPermissions: strings(data.revokedPermissions),
    site: siteOf.get(workerId) ?? null,
    isDisabled: data.disabled === true,
  }));
}
