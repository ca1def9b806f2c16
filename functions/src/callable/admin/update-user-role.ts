import { type QuerySnapshot, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  PERMISSIONS,
  ROLES,
  type UpdateUserRoleResponse,
  roleChangeRefusal,
} from '../../domain/index.js';
import { invalidArgument } from '../errors.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { loadTargetAccount, roleOfClaims, undoQuietly, userDoc } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';
import { defineCallable } from '../define-callable.js';

/** `getUsers` takes at most 100 identifiers per call. */
const AUTH_LOOKUP_BATCH = 100;

/**
 * The admins a demotion would leave behind, counted before the change: the target plus every
 * other enabled account whose `role` claim is admin.
 *
 * Candidates come from the `users` mirror (`role == 'admin'`, one indexed query instead of
 * listing every Auth account), read inside the transaction that writes the demotion: two
 * concurrent demotions of the last two admins read each other's documents, so one of them is
 * retried, sees the other's write and is refused. Each candidate is confirmed against Auth, the
 * authority: a stale mirror or a disabled admin never counts. An admin without a `users` document
 * is not counted, so an out-of-date mirror can only refuse a demotion, never let the last usable
 * admin go.
 */
export async function adminCountWith(
  deps: Pick<AdminDeps, 'db' | 'auth'>,
  targetUid: string,
  tx?: Transaction,
): Promise<number> {
  const query = deps.db.collection('users').where('role', '==', ROLES.ADMIN);
  const mirrored: QuerySnapshot = tx ? await tx.get(query) : await query.get();
  const others = mirrored.docs
    .filter((doc) => doc.get('disabled') !== true)
    .map((doc) => doc.id)
    .filter((uid) => uid !== targetUid);
  let confirmed = 0;
  for (let start = 0; start < others.length; start += AUTH_LOOKUP_BATCH) {
    const chunk = others.slice(start, start + AUTH_LOOKUP_BATCH).map((uid) => ({ uid }));
    const { users } = await deps.auth.getUsers(chunk);
    confirmed += users.filter(
      (user) => !user.disabled && roleOfClaims(user.customClaims) === ROLES.ADMIN,
    ).length;
  }
  return confirmed + 1;
}

/**
 * The updateUserRole callable (MODIFY_USER_ROLES): gives an account another role. Never a role
 * above the caller's own level, never to someone who outranks the caller, never the demotion of
 * the last admin. The check, the mirror of the role in `users/{uid}` and the audit entry are one
 * transaction (see adminCountWith); then the `role` claim is set (other claims kept) and the
 * refresh tokens revoked, so the old token is refused at once (callables check revocation) and the
 * new role takes effect at the next sign-in or token refresh. Should Auth fail, the mirror is put
 * back and the audit entry removed. Giving an account the role it already has changes nothing and
 * writes no audit entry.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'aboveOwnLevel' |
 * 'targetOutranks'; `invalid-argument` with `details.fields`; `not-found` 'userNotFound';
 * `failed-precondition` 'lastAdmin'; `internal` 'updateRoleFailed'.
 */
export function createUpdateUserRoleHandler(deps: AdminDeps) {
  return defineCallable('updateUserRole', deps, {
    access: adminAccess(PERMISSIONS.MODIFY_USER_ROLES),
    run: async ({ caller, input }) => {
      const target = await loadTargetAccount(deps, input.uid);

      const isAdminDemotion = target.role === ROLES.ADMIN && input.role !== ROLES.ADMIN;
      const response: UpdateUserRoleResponse = {
        uid: target.uid,
        role: input.role,
        previousRole: target.role,
      };
      const now = deps.now();
      const auditId = await deps.db.runTransaction(async (tx) => {
        const refusal = roleChangeRefusal({
          callerRole: caller.role,
          targetRole: target.role,
          newRole: input.role,
          adminCount: isAdminDemotion ? await adminCountWith(deps, target.uid, tx) : Number.POSITIVE_INFINITY,
        });
        if (refusal === 'aboveOwnLevel' || refusal === 'targetOutranks') {
          throw new HttpsError('permission-denied', ADMIN_ERRORS[refusal]);
        }
        if (refusal === 'lastAdmin') throw new HttpsError('failed-precondition', ADMIN_ERRORS.lastAdmin);
        if (refusal === 'unknownRole')
          throw invalidArgument({ role: 'validation.invalid' }, 'Invalid role change');
        if (input.role === target.role) return null;
        tx.set(
          userDoc(deps.db, target.uid),
          { role: input.role, updatedAt: Timestamp.fromMillis(now) },
          { merge: true },
        );
        return addAuditEntry(deps.db, tx, {
          caller,
          action: 'updateUserRole',
          target: { uid: target.uid, email: target.email },
          changes: { role: { from: target.role, to: input.role } },
          now,
        });
      });
      if (auditId === null) return response;

      const previousClaims = target.record.customClaims ?? {};
      try {
        await deps.auth.setCustomUserClaims(target.uid, { ...previousClaims, role: input.role });
        await deps.auth.revokeRefreshTokens(target.uid);
      } catch (error) {
        // Without the new claim the mirror and its audit entry must not stay.
        await undoQuietly(deps, 'updateUserRole', target.uid, async () => {
          const batch = deps.db.batch();
          batch.set(userDoc(deps.db, target.uid), { role: target.role }, { merge: true });
          batch.delete(deps.db.collection('auditLog').doc(auditId));
          await batch.commit();
          await deps.auth.setCustomUserClaims(target.uid, previousClaims);
        });
        throw error;
      }

      invalidateUserIndex();
      deps.logger.info('updateUserRole', {
        by: caller.uid,
        target: target.uid,
        from: target.role,
        to: input.role,
      });
      return response;
    },
  });
}
