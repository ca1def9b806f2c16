import { z } from 'zod';
import { ADMIN_ERRORS } from '../admin-api.js';
import { ALL_ROLES, type Role } from '../roles.js';
import { answers, idSchema } from './contract.js';

export const updateRoleSchema = z.object({
  uid: idSchema,
  role: z.enum(ALL_ROLES as [Role, ...Role[]], 'validation.required'),
});

export type UpdateUserRoleResponse = { uid: string; role: Role; previousRole: Role };

/** Gives an account another role, never above the caller's own level; callers with MODIFY_USER_ROLES. */
export const updateUserRole = answers<UpdateUserRoleResponse>()({
  request: updateRoleSchema,
  failure: ADMIN_ERRORS.updateRoleFailed,
  invalid: 'Invalid role change',
});
