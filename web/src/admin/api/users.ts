import {
  ADMIN_CALLABLES,
  type CreateAccountResponse,
  type GetUserProfileRequest,
  type GetUserProfileResponse,
  type ListUsersRequest,
  type ListUsersResponse,
  type ResetPasswordResponse,
  type SavePermissionsResponse,
  type SetAccountStatusResponse,
  type UpdateUserRoleResponse,
  type UpdateWorkerRequest,
  type UpdateWorkerResponse,
  type createAccountSchema,
  type resetPasswordSchema,
  type savePermissionsSchema,
  type setAccountStatusSchema,
  type updateRoleSchema,
} from '@domain';
import type { z } from 'zod';
import { callAdmin } from './call';

/*
 * The user-management callables (issue 5), typed by the contract in functions/src/domain/admin-api.ts.
 * Each one re-checks the caller on the server; errors reach the screens as FunctionsError and are
 * read with toAdminFailure (through useAdminOperation for the changes).
 */

export type UpdateUserRoleRequest = z.input<typeof updateRoleSchema>;
export type SaveUserPermissionsRequest = z.input<typeof savePermissionsSchema>;
export type ResetUserPasswordRequest = z.input<typeof resetPasswordSchema>;
export type SetAccountStatusRequest = z.input<typeof setAccountStatusSchema>;
export type CreateAccountRequest = z.input<typeof createAccountSchema>;

/** One page of the user list (accounts joined with the worker directory). */
export function listUsers(request: ListUsersRequest): Promise<ListUsersResponse> {
  return callAdmin<ListUsersRequest, ListUsersResponse>(ADMIN_CALLABLES.listUsers, request);
}

/** A user's account, directory entry, status and what the caller may do to them. */
export function getUserProfile(request: GetUserProfileRequest): Promise<GetUserProfileResponse> {
  return callAdmin<GetUserProfileRequest, GetUserProfileResponse>(ADMIN_CALLABLES.getUserProfile, request);
}

export function updateUserRole(request: UpdateUserRoleRequest): Promise<UpdateUserRoleResponse> {
  return callAdmin<UpdateUserRoleRequest, UpdateUserRoleResponse>(ADMIN_CALLABLES.updateUserRole, request);
}

export function saveUserPermissions(request: SaveUserPermissionsRequest): Promise<SavePermissionsResponse> {
  return callAdmin<SaveUserPermissionsRequest, SavePermissionsResponse>(
    ADMIN_CALLABLES.saveUserPermissions,
    request,
  );
}

export function resetUserPassword(request: ResetUserPasswordRequest): Promise<ResetPasswordResponse> {
  return callAdmin<ResetUserPasswordRequest, ResetPasswordResponse>(
    ADMIN_CALLABLES.resetUserPassword,
    request,
  );
}

export function setAccountStatus(request: SetAccountStatusRequest): Promise<SetAccountStatusResponse> {
  return callAdmin<SetAccountStatusRequest, SetAccountStatusResponse>(
    ADMIN_CALLABLES.setAccountStatus,
    request,
  );
}

export function updateWorker(request: UpdateWorkerRequest): Promise<UpdateWorkerResponse> {
  return callAdmin<UpdateWorkerRequest, UpdateWorkerResponse>(ADMIN_CALLABLES.updateWorker, request);
}

export function createAccount(request: CreateAccountRequest): Promise<CreateAccountResponse> {
  return callAdmin<CreateAccountRequest, CreateAccountResponse>(ADMIN_CALLABLES.createAccount, request);
}
