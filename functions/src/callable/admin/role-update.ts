import { Timestamp } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_ERRORS,
  PERMISSIONS,
  ROLES,
  type UpdateUserRoleResponse,
  roleChangeRefusal,
  updateRoleSchema,
} from '../../domain/index.js';
import { answerOrInternal, invalidArgument, parseOrThrow } from '../errors.js';
import { type AdminDeps, requireAdminCaller } from './admin-caller.js';
import { addAuditEntry } from './audit.js';
import { loadTargetAccount, roleOfClaims, undoQuietly, userDoc } from './account-target.js';
import { invalidateUserIndex } from './user-index.js';

/** `getUsers` takes at most 100 identifiers per call. */
const AUTH_LOOKUP_BATCH = 100;

/**
 * The admins a demotion would leave behind, counted before the change: the target plus every
 * other enabled account whose `role` claim is admin.
 *
 * Candidates come from the `users` mirror (`role == 'admin'`, one indexed query instead of
 * listing every Auth account), and each is confirmed against Auth, the authority: a stale mirror
 * or a disabled admin never counts. An admin without a `users` document is not counted, so an
 * out-of-date mirror can only refuse a demotion, never let the last usable admin go.
 */
export async function adminCountWith(
  deps: Pick<AdminDeps, 'db' | 'auth'>,
  targetUid: string,
): Promise<number> {
  const mirrored = await deps.db.collection('users').where('role', '==', ROLES.ADMIN).get();
  const others = mirrored.docs.map((doc) => doc.id).filter((uid) => uid !== targetUid);
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
 * the last admin. Sets the `role` claim (other claims kept), revokes the refresh tokens so the
 * new role takes effect at the next sign-in or token refresh, and mirrors the role in
 * `users/{uid}` in one batch with the audit entry. Giving an account the role it already has
 * changes nothing and writes no audit entry.
 *
 * Errors: `unauthenticated`; `permission-denied` 'admin.errors.forbidden' | 'aboveOwnLevel' |
 * 'targetOutranks'; `invalid-argument` with `details.fields`; `not-found` 'userNotFound';
 * `failed-precondition` 'lastAdmin'; `internal` 'updateRoleFailed'.
 */
export function createUpdateUserRoleHandler(deps: AdminDeps) {
  return (request: CallableRequest<unknown>): Promise<UpdateUserRoleResponse> =>
    answerOrInternal(deps.logger, 'updateUserRole', ADMIN_ERRORS.updateRoleFailed, async () => {
      const caller = await requireAdminCaller(deps, request, PERMISSIONS.MODIFY_USER_ROLES);
      const input = parseOrThrow(updateRoleSchema, request.data, 'Invalid role change');
      const target = await loadTargetAccount(deps, input.uid);

      const isAdminDemotion = target.role === ROLES.ADMIN && input.role !== ROLES.ADMIN;
      const refusal = roleChangeRefusal({
        callerRole: caller.role,
        targetRole: target.role,
        newRole: input.role,
        adminCount: isAdminDemotion ? await adminCountWith(deps, target.uid) : Number.POSITIVE_INFINITY,
      });
      if (refusal === 'aboveOwnLevel' || refusal === 'targetOutranks') {
        throw new HttpsError('permission-denied', ADMIN_ERRORS[refusal]);
      }
      if (refusal === 'lastAdmin') throw new HttpsError('failed-precondition', ADMIN_ERRORS.lastAdmin);
      if (refusal === 'unknownRole')
        throw invalidArgument({ role: 'validation.invalid' }, 'Invalid role change');

      const response: UpdateUserRoleResponse = {
        uid: target.uid,
        role: input.role,
        previousRole: target.role,
      };
      if (input.role === target.role) return response;

      const previousClaims = target.record.customClaims ?? {};
      await deps.auth.setCustomUserClaims(target.uid, { ...previousClaims, role: input.role });
      try {
        await deps.auth.revokeRefreshTokens(target.uid);
        const now = deps.now();
        const batch = deps.db.batch();
        batch.set(
          userDoc(deps.db, target.uid),
          { role: input.role, updatedAt: Timestamp.fromMillis(now) },
          { merge: true },
        );
        addAuditEntry(deps.db, batch, {
          caller,
          action: 'updateUserRole',
          target: { uid: target.uid, email: target.email },
          changes: { role: { from: target.role, to: input.role } },
          now,
        });
        await batch.commit();
      } catch (error) {
        // Without its mirror and audit entry the new claim must not stay.
        await undoQuietly(deps, 'updateUserRole', target.uid, () =>
          deps.auth.setCustomUserClaims(target.uid, previousClaims),
        );
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
    });
}
