import { type PermissionSource, isRole } from '@domain';
import type { TFunction } from 'i18next';

/** A permission's readable name (`admin.permissionNames.<FLAG>`), or the flag itself when none. */
export function permissionName(t: TFunction, permission: string): string {
  return t(`admin.permissionNames.${permission}`, { defaultValue: permission });
}

/** Where a permission comes from, in words: role default, assigned, revoked, not granted. */
export function sourceLabel(t: TFunction, source: PermissionSource): string {
  return t(`admin.debug.source.${source}`);
}

/** A role's name (`roles.<role>`); an unknown stored value is shown as stored. */
export function roleName(t: TFunction, role: string): string {
  return isRole(role) ? t(`roles.${role}`) : role;
}
