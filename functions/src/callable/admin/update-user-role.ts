import type { QuerySnapshot, Transaction } from 'firebase-admin/firestore';
import { PERMISSIONS, ROLES, roleOfRecord } from '../../domain/index.js';
import { decideUpdateUserRole, needsAdminCount } from '../../domain/operations/update-user-role.js';
import { defineCallable } from '../define-callable.js';
import { runOperation } from '../run-operation.js';
import { type AdminDeps, adminAccess } from './admin-caller.js';
import { readTargetAccount } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';

/** `getUsers` takes at most 100 identifiers per call. */
const AUTH_LOOKUP_BATCH = 100;

/**
 * The admins a demotion would leave behind, counted before the change: the target plus every
 * other enabled account whose `users` record makes it an admin (roleOfRecord).
 *
 * Candidates come from the `users` mirror (`role == 'admin'`, one indexed query instead of
 * listing every Auth account), read inside the transaction that writes the demotion: two
 * concurrent demotions of the last two admins read each other's documents, so one of them is
 * retried, sees the other's write and is refused. Each candidate is confirmed against Auth: an
 * account disabled there never counts.
 */
export async function adminCountWith(
  deps: Pick<AdminDeps, 'db' | 'auth'>,
  targetUid: string,
  tx?: Transaction,
): Promise<number> {
  const query = deps.db.collection('users').where('role', '==', ROLES.ADMIN);
  const mirrored: QuerySnapshot = tx ? await tx.get(query) : await query.get();
  const others = mirrored.docs
    .filter((doc) => doc.get('disabled') !== true && roleOfRecord(doc.data()) === ROLES.ADMIN)
    .map((doc) => doc.id)
    .filter((uid) => uid !== targetUid);
  let confirmed = 0;
  for (let start = 0; start < others.length; start += AUTH_LOOKUP_BATCH) {
    const chunk = others.slice(start, start + AUTH_LOOKUP_BATCH).map((uid) => ({ uid }));
    const { users } = await deps.auth.getUsers(chunk);
    confirmed += users.filter((user) => !user.disabled).length;
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
    rateLimit: { operation: 'updateUserRole' },
    access: adminAccess(PERMISSIONS.MODIFY_USER_ROLES),
    run: async ({ caller, input }) => {
      const { result, log } = await runOperation(deps, {
        name: 'updateUserRole',
        read: async (tx) => {
          const target = await readTargetAccount(deps, input.uid, tx);
          const isCounted = target !== null && needsAdminCount(target, input);
          return { target, adminCount: isCounted ? await adminCountWith(deps, target.uid, tx) : null };
        },
        decide: (state) => decideUpdateUserRole(state, input, caller, deps.now()),
      });
      if (log.length === 0) return result;
      invalidateUserIndex();
      deps.logger.info('updateUserRole', {
        by: caller.uid,
        target: result.uid,
        from: result.previousRole,
        to: result.role,
      });
      return result;
    },
  });
}
