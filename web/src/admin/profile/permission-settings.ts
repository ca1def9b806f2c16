import {
  ALL_PERMISSIONS,
  type Permission,
  type PermissionSetting,
  ROLE_PERMISSIONS,
  type Role,
} from '@domain';

/*
 * The edit-permissions dialog's model: one setting per flag (assigned, revoked or the role's
 * default), read from and turned back into the user's assigned / revoked lists.
 */

export type PermissionSettings = Record<Permission, PermissionSetting>;

/** The settings the lists stand for; a flag on both lists counts as revoked, as hasPermission reads it. */
export function settingsFromLists(
  assigned: readonly Permission[],
  revoked: readonly Permission[],
): PermissionSettings {
  return Object.fromEntries(
    ALL_PERMISSIONS.map((permission) => [
      permission,
      revoked.includes(permission) ? 'revoked' : assigned.includes(permission) ? 'assigned' : 'default',
    ]),
  ) as PermissionSettings;
}

/** Whether the role holds the permission by default (the role-to-permission table). */
export function grantedByRole(role: Role, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The answer hasPermission gives for a setting: the user's own lists first, then the role. */
export function effectivePermission(role: Role, permission: Permission, setting: PermissionSetting): boolean {
  if (setting === 'revoked') return false;
  if (setting === 'assigned') return true;
  return grantedByRole(role, permission);
}
