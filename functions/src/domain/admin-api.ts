import { z } from 'zod';
import type { PermissionSource } from './access.js';
import { LOG_LEVELS, type LogLevel } from './constants.js';
import { ALL_PERMISSIONS, type Permission } from './permissions.js';
import { ALL_ROLES, type Role } from './roles.js';
import type { TicketStatus } from './tickets.js';
import { requestIdSchema } from './request-id.js';
import { type WorkerProfile, workerUpdateSchema } from './worker.js';

/*
 * The contract between the admin screens and the admin callables (the table of all: callables.ts):
 * request schemas (the server parses with them, the screens build requests of their types) and
 * response shapes. Every callable re-checks its caller on the server.
 */

/** Account status of spec section 4. */
export const ACCOUNT_STATUSES = ['enabled', 'disabled', 'noAccount'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The user-management tabs: every account and directory worker, or directory workers only. */
export const USER_LIST_TABS = ['all', 'workers'] as const;
export type UserListTab = (typeof USER_LIST_TABS)[number];

export const USER_LIST_PAGE_SIZE = 25;
export const USER_LIST_MAX_PAGE_SIZE = 100;

const id = z.string('validation.required').trim().min(1, 'validation.required').max(128);

// --- listUsers (VIEW_ALL_USER_DATA) --------------------------------------------------------

export const listUsersSchema = z.object({
  tab: z.enum(USER_LIST_TABS, 'validation.invalid').default('all'),
  /** Matches the name or e-mail, case-insensitive, any part. */
  search: z.string('validation.invalid').trim().max(100, 'validation.maxChars:100').default(''),
  role: z.enum(ALL_ROLES as [Role, ...Role[]], 'validation.invalid').optional(),
  status: z.enum(ACCOUNT_STATUSES, 'validation.invalid').optional(),
  /** 0-based page number. */
  page: z.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').default(0),
  pageSize: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(USER_LIST_MAX_PAGE_SIZE, 'validation.invalid')
    .default(USER_LIST_PAGE_SIZE),
});
export type ListUsersInput = z.input<typeof listUsersSchema>;

/**
 * One row of the user list: an Auth account joined with its `users/{uid}` document and its
 * directory entry, or a directory worker without an account (uid null, status noAccount).
 * `key` is what /admin/profile/{userId} takes: the uid, or the worker id when there is no account.
 * Dates are ISO strings. `status` is null when the caller lacks VIEW_USER_ACCOUNT_STATUS.
 */
export type AdminUserRow = {
  key: string;
  uid: string | null;
  workerId: string | null;
  name: string;
  email: string;
  role: Role | null;
  status: AccountStatus | null;
  emailVerified: boolean | null;
  lastSignIn: string | null;
  createdAt: string | null;
};

export type ListUsersResponse = {
  rows: AdminUserRow[];
  /** Rows matching the tab, search and filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
};

// --- getUserProfile (VIEW_ALL_USER_DATA) ---------------------------------------------------

export const getUserProfileSchema = z.object({ userId: id });
export type GetUserProfileInput = z.input<typeof getUserProfileSchema>;

export type AdminAccount = {
  uid: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  disabled: boolean;
  lastSignIn: string | null;
  createdAt: string | null;
  assignedPermissions: Permission[];
  revokedPermissions: Permission[];
};

/** What the caller may do to this user; the server refuses the rest anyway. */
export type AdminAllowedActions = {
  editRole: boolean;
  /** Roles the caller may give this user (empty when editRole is false). */
  assignableRoles: Role[];
  editPermissions: boolean;
  resetPassword: boolean;
  setStatus: boolean;
  editWorker: boolean;
  createAccount: boolean;
  /** Roles a new account may get from this caller. */
  creatableRoles: Role[];
};

export type GetUserProfileResponse = {
  /** The uid, or the worker id for a directory worker without an account. */
  key: string;
  account: AdminAccount | null;
  worker: WorkerProfile | null;
  /** null when the caller lacks VIEW_USER_ACCOUNT_STATUS. */
  status: AccountStatus | null;
  allowed: AdminAllowedActions;
  /**
   * When the worker's data was last taken from the work board (ISO time), for staff to see how
   * fresh it is; null when the workers live in Firestore (no board) or there is no worker.
   */
  workerDataAsOf: string | null;
  /**
   * The labels the board's status and dropdown columns take, per worker field (`multiple`: a
   * dropdown holding a list, sent as "A, B"); the edit dialog offers them. Null without a board.
   */
  workerFieldLabels: Partial<Record<string, { labels: string[]; multiple: boolean }>> | null;
};

// --- account operations ----------------------------------------------------------------------
// updateUserRole: updateRoleSchema {uid, role} -> UpdateUserRoleResponse (MODIFY_USER_ROLES)
// saveUserPermissions: savePermissionsSchema -> SavePermissionsResponse (MANAGE_USER_PERMISSIONS)
// resetUserPassword: resetPasswordSchema {uid} -> ResetPasswordResponse (RESET_USER_PASSWORD)
// setAccountStatus: setAccountStatusSchema {uid, disabled} -> SetAccountStatusResponse (ENABLE_DISABLE_USER)
// createAccount: createAccountSchema {workerId, role} -> CreateAccountResponse (CREATE_USER_ACCOUNTS)
// updateWorker: updateWorkerSchema -> UpdateWorkerResponse (EDIT_WORKER_MONDAY_DATA)

export type UpdateUserRoleResponse = { uid: string; role: Role; previousRole: Role };
export type SavePermissionsResponse = {
  uid: string;
  assignedPermissions: Permission[];
  revokedPermissions: Permission[];
};
/** `link` is the reset link, returned only by the local emulator stack (production e-mails it). */
export type ResetPasswordResponse = { uid: string; email: string; link: string | null };
export type SetAccountStatusResponse = { uid: string; disabled: boolean };
export type CreateAccountResponse = { uid: string; email: string; role: Role; link: string | null };

export const updateWorkerSchema = z.object({
  /** One id per save in the dialog, the same on a retry: the board writes a repeated request once. */
  requestId: requestIdSchema.optional(),
  workerId: id,
  changes: workerUpdateSchema,
});
export type UpdateWorkerInput = z.input<typeof updateWorkerSchema>;
export type UpdateWorkerResponse = { worker: WorkerProfile };

// --- adminDashboard (VIEW_ALL_USER_DATA) -----------------------------------------------------

export type DashboardOpenTicket = {
  id: string;
  number: string;
  category: string;
  subcategory: string;
  status: TicketStatus;
  createdAt: string;
  submitterName: string;
};

export type AdminDashboardResponse = {
  usersByRole: Record<Role, number>;
  usersByStatus: Record<AccountStatus, number>;
  ticketsByStatus: Partial<Record<TicketStatus, number>>;
  ticketsByCategory: Record<string, number>;
  /** Open tickets (not resolved, rejected, archived, paid, sent, noted), oldest first, at most 10. */
  oldestOpen: DashboardOpenTicket[];
};

// --- debug (admin role and ACCESS_DEBUG_TOOLS) -----------------------------------------------

export const testPermissionSchema = z.object({
  uid: id,
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

export const testSecurityLogSchema = z.object({
  message: z.string('validation.invalid').trim().max(500, 'validation.maxChars:500').default(''),
});
export type TestSecurityLogInput = z.input<typeof testSecurityLogSchema>;
export type TestSecurityLogResponse = { entryId: string };

/** The backend log level in `config/logging` (LOG_LEVELS of constants.ts; DEFAULT_LOG_LEVEL `error`). */
export type BackendLogLevelResponse = { level: LogLevel };
export const setBackendLogLevelSchema = z.object({
  level: z.enum(LOG_LEVELS, 'validation.invalid'),
});
export type SetBackendLogLevelInput = z.input<typeof setBackendLogLevelSchema>;

/**
 * The translation keys the admin callables answer with (HttpsError message). Refusals come with
 * their HTTP-like code (permission-denied, not-found, failed-precondition, already-exists,
 * invalid-argument with `details.fields`); the `*Failed` keys come with `internal`.
 */
export const ADMIN_ERRORS = {
  forbidden: 'admin.errors.forbidden',
  userNotFound: 'admin.errors.userNotFound',
  workerNotFound: 'admin.errors.workerNotFound',
  aboveOwnLevel: 'admin.errors.aboveOwnLevel',
  targetOutranks: 'admin.errors.targetOutranks',
  equalOrHigherLevel: 'admin.errors.equalOrHigherLevel',
  lastAdmin: 'admin.errors.lastAdmin',
  selfDisable: 'admin.errors.selfDisable',
  ownPermissions: 'admin.errors.ownPermissions',
  lastPermissionHolder: 'admin.errors.lastPermissionHolder',
  accountExists: 'admin.errors.accountExists',
  assignedAndRevoked: 'admin.errors.assignedAndRevoked',
  loadUsersFailed: 'admin.errors.loadUsersFailed',
  loadProfileFailed: 'admin.errors.loadProfileFailed',
  updateRoleFailed: 'admin.errors.updateRoleFailed',
  savePermissionsFailed: 'admin.errors.savePermissionsFailed',
  resetPasswordFailed: 'admin.errors.resetPasswordFailed',
  setStatusFailed: 'admin.errors.setStatusFailed',
  updateWorkerFailed: 'admin.errors.updateWorkerFailed',
  boardUnavailable: 'admin.errors.boardUnavailable',
  boardRejected: 'admin.errors.boardRejected',
  boardFieldsUnmapped: 'admin.errors.boardFieldsUnmapped',
  boardLimited: 'admin.errors.boardLimited',
  unknownLabel: 'admin.errors.unknownLabel',
  createAccountFailed: 'admin.errors.createAccountFailed',
  loadDashboardFailed: 'admin.errors.loadDashboardFailed',
  testPermissionFailed: 'admin.errors.testPermissionFailed',
  securityLogFailed: 'admin.errors.securityLogFailed',
  logLevelFailed: 'admin.errors.logLevelFailed',
} as const;
