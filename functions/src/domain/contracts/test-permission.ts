import { z } from 'zod';
import type { PermissionSource } from '../access.js';
import { ADMIN_ERRORS } from '../admin-api.js';
import { ALL_PERMISSIONS, type Permission } from '../permissions.js';
import type { Role } from '../roles.js';
import { answers, idSchema } from './contract.js';

export const testPermissionSchema = z.object({
  uid: idSchema,
  permission: z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], 'validation.invalid'),
});
export type TestPermissionInput = z.input<typeof testPermissionSchema>;

export type TestPermissionResponse = {
  uid: string;
  email: string;
  role: Role;
  permission: Permission;
  granted: boolean;
  /** Why: revoked for this user, assigned to this user, granted by the role, or not in the role. */
  source: PermissionSource;
  /** Roles whose default includes the permission. */
  roleDefault: Role[];
};

/** Whether a user holds a permission, and why; the admin role with ACCESS_DEBUG_TOOLS. */
export const testPermission = answers<TestPermissionResponse>()({
  request: testPermissionSchema,
  failure: ADMIN_ERRORS.testPermissionFailed,
  invalid: 'Invalid permission test',
});
