import type { LogLevel } from './constants.js';
import type { Permission } from './permissions.js';
import type { Role } from './roles.js';
import type { TicketStatus } from './tickets.js';

/*
 * What the admin screens and the admin callables share: account statuses, the user list's tabs and
 * pages, the shapes their answers are made of, and the error keys. Each callable's request schema
 * and answer are in its contract (contracts/list-users.ts, contracts/update-user-role.ts, ...;
 * the table of all: callables.ts). Every callable re-checks its caller on the server.
 */

/** Account status of spec section 4. */
export const ACCOUNT_STATUSES = ['enabled', 'disabled', 'noAccount'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The user-management tabs: every account and directory worker, or directory workers only. */
export const USER_LIST_TABS = ['all', 'workers'] as const;
export type UserListTab = (typeof USER_LIST_TABS)[number];

export const USER_LIST_PAGE_SIZE = 25;
export const USER_LIST_MAX_PAGE_SIZE = 100;

// --- what the answers are made of ------------------------------------------------------------

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

/** The account of getUserProfile's answer. */
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

/** One of the oldest open tickets of adminDashboard's answer. */
export type DashboardOpenTicket = {
  id: string;
  number: string;
  category: string;
  subcategory: string;
  status: TicketStatus;
  createdAt: string;
  submitterName: string;
};

/**
 * The answer of getBackendLogLevel and setBackendLogLevel: the backend log level in `config/logging`
 * (LOG_LEVELS of constants.ts; DEFAULT_LOG_LEVEL `error`).
 */
export type BackendLogLevelResponse = { level: LogLevel };

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
  saveServiceLevelsFailed: 'admin.errors.saveServiceLevelsFailed',
  loadDashboardFailed: 'admin.errors.loadDashboardFailed',
  testPermissionFailed: 'admin.errors.testPermissionFailed',
  securityLogFailed: 'admin.errors.securityLogFailed',
  logLevelFailed: 'admin.errors.logLevelFailed',
} as const;

// --- the admin callables' contracts ------------------------------------------------------------
// Their requests and answers, re-exported for the code that reads them from here. Types only: the
// contracts read ADMIN_ERRORS from here, so re-exporting their values would be an import cycle (the
// schemas' values come from the contracts, and from the domain index).

export type { AdminDashboardResponse } from './contracts/admin-dashboard.js';
export type { CreateAccountResponse } from './contracts/create-account.js';
export type {
  GetUserProfileInput,
  GetUserProfileResponse,
  getUserProfileSchema,
} from './contracts/get-user-profile.js';
export type { ListUsersInput, ListUsersResponse, listUsersSchema } from './contracts/list-users.js';
export type { ResetPasswordResponse } from './contracts/reset-user-password.js';
export type { SavePermissionsResponse } from './contracts/save-user-permissions.js';
export type { SetAccountStatusResponse } from './contracts/set-account-status.js';
export type { SetBackendLogLevelInput, setBackendLogLevelSchema } from './contracts/set-backend-log-level.js';
export type {
  TestPermissionInput,
  TestPermissionResponse,
  testPermissionSchema,
} from './contracts/test-permission.js';
export type {
  TestSecurityLogInput,
  TestSecurityLogResponse,
  testSecurityLogSchema,
} from './contracts/test-security-log.js';
export type { UpdateUserRoleResponse } from './contracts/update-user-role.js';
export type {
  UpdateWorkerInput,
  UpdateWorkerResponse,
  updateWorkerSchema,
} from './contracts/update-worker.js';
