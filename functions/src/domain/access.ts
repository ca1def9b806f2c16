import { type Permission, ROLE_PERMISSIONS } from './permissions.js';
import { ROLE_HIERARCHY, ROLES, type Role } from './roles.js';

/** The rules table the server publishes at GET /api/config/auth-rules and every check reads. */
export type AuthRules = {
  ROLE_HIERARCHY: Record<string, number>;
  PERMISSIONS: Record<string, string[]>;
  ROLES: Record<string, string> & { ADMIN: string };
};

export type PermissionSubject = {
  role?: string;
  assignedPermissions?: string[];
  revokedPermissions?: string[];
};

export const AUTH_RULES: AuthRules = {
  ROLE_HIERARCHY: { ...ROLE_HIERARCHY },
  PERMISSIONS: Object.fromEntries(
    Object.entries(ROLE_PERMISSIONS).map(([permission, roles]) => [permission, [...roles]]),
  ),
  ROLES: { ...ROLES },
};

/** Level of a user's role; an unknown or missing role counts as 0. */
function userLevel(userRole: string | undefined, rules: AuthRules): number {
  if (userRole === undefined) return 0;
  return Object.hasOwn(rules.ROLE_HIERARCHY, userRole) ? (rules.ROLE_HIERARCHY[userRole] ?? 0) : 0;
}

/** Level a check requires; an unknown required role counts as 999, so nobody passes it. */
function requiredLevel(requiredRole: string, rules: AuthRules): number {
  return Object.hasOwn(rules.ROLE_HIERARCHY, requiredRole)
    ? (rules.ROLE_HIERARCHY[requiredRole] ?? 999)
    : 999;
}

/** Exact role match. */
export function hasRole(userRole: string | undefined, role: string): boolean {
  return userRole !== undefined && userRole === role;
}

/** True when the user's role is at or above `requiredRole` in the hierarchy. */
export function hasAtLeastRole(
  userRole: string | undefined,
  requiredRole: string,
  rules: AuthRules,
): boolean {
  return userLevel(userRole, rules) >= requiredLevel(requiredRole, rules);
}

/** True when the user's role equals the rules' admin role. */
export function isAdmin(userRole: string | undefined, rules: AuthRules): boolean {
  return hasRole(userRole, rules.ROLES.ADMIN);
}

/**
 * Whether a user holds a permission. False without rules, for an unknown permission, or when
 * the user's revoked list has it; then true when the assigned list has it; otherwise the
 * role's default from the rules table. A missing role is not defaulted here: callers pass
 * the enriched user, whose role already defaults to `user`.
 */
export function hasPermission(
  user: PermissionSubject | null | undefined,
  permission: Permission,
  rules: AuthRules | null | undefined,
): boolean {
  if (!user || !rules?.PERMISSIONS) return false;
  if (!Object.hasOwn(rules.PERMISSIONS, permission)) return false;
  if (user.revokedPermissions?.includes(permission)) return false;
  if (user.assignedPermissions?.includes(permission)) return true;
  const roles = rules.PERMISSIONS[permission] ?? [];
  return user.role !== undefined && roles.includes(user.role);
}

/** Where a user's permission comes from: used by the debug screens and tests. */
export type PermissionSource = 'revoked' | 'assigned' | 'role' | 'none';

export function permissionSource(
  user: PermissionSubject | null | undefined,
  permission: Permission,
  rules: AuthRules | null | undefined,
): PermissionSource {
  if (!user || !rules?.PERMISSIONS || !Object.hasOwn(rules.PERMISSIONS, permission)) return 'none';
  if (user.revokedPermissions?.includes(permission)) return 'revoked';
  if (user.assignedPermissions?.includes(permission)) return 'assigned';
  return hasPermission(user, permission, rules) ? 'role' : 'none';
}

/**
 * Who may open a screen, as one predicate: every field that is given must hold; none given admits
 * every signed-in user. `role` is a minimum role in the hierarchy, `allPermissions` flags the user
 * must all hold, `anyPermission` flags of which the user must hold at least one (an empty list
 * admits nobody).
 */
export type Access = {
  role?: Role;
  allPermissions?: readonly Permission[];
  anyPermission?: readonly Permission[];
};

/**
 * The one answer to "may this user open it" for the router and the menu. No user: false. A
 * condition without rules: false (like hasPermission); no condition needs no rules.
 */
export function canAccess(
  user: PermissionSubject | null | undefined,
  access: Access,
  rules: AuthRules | null | undefined,
): boolean {
  if (!user) return false;
  if (access.role !== undefined && !(rules && hasAtLeastRole(user.role, access.role, rules))) return false;
  const holds = (permission: Permission) => hasPermission(user, permission, rules);
  if (access.allPermissions && !access.allPermissions.every(holds)) return false;
  if (access.anyPermission && !access.anyPermission.some(holds)) return false;
  return true;
}
