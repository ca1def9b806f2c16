import { type AuthRules, type PermissionSubject, hasPermission } from './access.js';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from './permissions.js';
import { ROLES, ROLE_HIERARCHY, type Role, isRole } from './roles.js';

/*
 * The rules of the administration operations, pure so that the callables, the screens
 * and the tests ask the same questions. Who may do what to whom is decided by role levels: a
 * caller acts only on users below their own level, and never grants more than they have.
 */

/** A role's level; an unknown role counts as 0, like hasAtLeastRole's user side. */
export function roleLevel(role: string | undefined): number {
  return isRole(role) ? ROLE_HIERARCHY[role] : 0;
}

/**
 * Whether a caller may reset the password of, or enable / disable, a target: only users of a
 * lower role level (spec section 6: "refused for users of equal or higher role level").
 */
export function outranks(callerRole: string | undefined, targetRole: string | undefined): boolean {
  return roleLevel(callerRole) > roleLevel(targetRole ?? ROLES.USER);
}

/** Why a role change is refused, or null when it may go ahead. */
export type RoleChangeRefusal = 'aboveOwnLevel' | 'targetOutranks' | 'lastAdmin' | 'unknownRole' | null;

/**
 * Whether a caller (who holds MODIFY_USER_ROLES) may give `target` the role `newRole`: never a
 * role above the caller's own level, never to someone above the caller, and never the demotion
 * of the last admin (`adminCount` = admins before the change).
 */
export function roleChangeRefusal(input: {
  callerRole: string | undefined;
  targetRole: string | undefined;
  newRole: string;
  adminCount: number;
}): RoleChangeRefusal {
  const { callerRole, targetRole, newRole, adminCount } = input;
  if (!isRole(newRole)) return 'unknownRole';
  if (roleLevel(newRole) > roleLevel(callerRole)) return 'aboveOwnLevel';
  if (roleLevel(targetRole ?? ROLES.USER) > roleLevel(callerRole)) return 'targetOutranks';
  if (targetRole === ROLES.ADMIN && newRole !== ROLES.ADMIN && adminCount <= 1) return 'lastAdmin';
  return null;
}

/**
 * The roles a new account may get from this creator: the User role (the create-account screen
 * says so), and with CREATE_MANAGER_ACCOUNTS also foreman or manager, never above the creator's
 * own role (a foreman granted the permission by hand creates no manager).
 */
export function creatableRoles(creator: PermissionSubject, rules: AuthRules): Role[] {
  const roles: Role[] = hasPermission(creator, PERMISSIONS.CREATE_MANAGER_ACCOUNTS, rules)
    ? [ROLES.USER, ROLES.FOREMAN, ROLES.MANAGER]
    : [ROLES.USER];
  return roles.filter((role) => role === ROLES.USER || roleLevel(role) <= roleLevel(creator.role));
}

/** A user's permission as the edit-permissions screen shows it. */
export type PermissionSetting = 'assigned' | 'revoked' | 'default';

/** The assigned and revoked lists that a map of per-permission settings stands for. */
export function permissionLists(settings: Partial<Record<Permission, PermissionSetting>>): {
  assignedPermissions: Permission[];
  revokedPermissions: Permission[];
} {
  const pick = (wanted: PermissionSetting) =>
    ALL_PERMISSIONS.filter((permission) => settings[permission] === wanted);
  return { assignedPermissions: pick('assigned'), revokedPermissions: pick('revoked') };
}

// --- payloads of the admin callables --------------------------------------------------------
// Each is in its callable's contract (contracts/<callable>.ts), re-exported here for the code that
// reads it from here.

export { createAccountSchema } from './contracts/create-account.js';
export { resetPasswordSchema } from './contracts/reset-user-password.js';
export { savePermissionsSchema } from './contracts/save-user-permissions.js';
export { setAccountStatusSchema } from './contracts/set-account-status.js';
export { updateRoleSchema } from './contracts/update-user-role.js';
