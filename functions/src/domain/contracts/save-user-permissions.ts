import { z } from 'zod';
import { ADMIN_ERRORS } from '../admin-api.js';
import { ALL_PERMISSIONS, type Permission } from '../permissions.js';
import { answers, idSchema } from './contract.js';

const permission = z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], 'validation.invalid');

export const savePermissionsSchema = z
  .object({
    uid: idSchema,
    assignedPermissions: z.array(permission).max(ALL_PERMISSIONS.length),
    revokedPermissions: z.array(permission).max(ALL_PERMISSIONS.length),
  })
  .superRefine((value, ctx) => {
    const both = value.assignedPermissions.filter((flag) => value.revokedPermissions.includes(flag));
    if (both.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['revokedPermissions'],
        message: 'admin.errors.assignedAndRevoked',
      });
    }
  });

export type SavePermissionsResponse = {
  uid: string;
  assignedPermissions: Permission[];
  revokedPermissions: Permission[];
};

/** Replaces an account's assigned and revoked permission lists; callers with MANAGE_USER_PERMISSIONS. */
export const saveUserPermissions = answers<SavePermissionsResponse>()({
  request: savePermissionsSchema,
  failure: ADMIN_ERRORS.savePermissionsFailed,
  invalid: 'Invalid permissions',
});
