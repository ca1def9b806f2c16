import type { CallableInputOf, CallableResponseOf } from '@domain/callables';
import { call } from '../../lib/call';

/*
 * The user-management callables, typed by the contract table
 * (functions/src/domain/callables.ts). Each one re-checks the caller on the server; errors reach
 * the screens as FunctionsError and are read with toAdminFailure (through useAdminOperation for
 * the changes).
 */

export type CreateAccountInput = CallableInputOf<'createAccount'>;

/** One page of the user list (accounts joined with the worker directory). */
export function listUsers(request: CallableInputOf<'listUsers'>): Promise<CallableResponseOf<'listUsers'>> {
  return call('listUsers', request);
}

/** A user's account, directory entry, status and what the caller may do to them. */
export function getUserProfile(
  request: CallableInputOf<'getUserProfile'>,
): Promise<CallableResponseOf<'getUserProfile'>> {
  return call('getUserProfile', request);
}

export function updateUserRole(
  request: CallableInputOf<'updateUserRole'>,
): Promise<CallableResponseOf<'updateUserRole'>> {
  return call('updateUserRole', request);
}

export function saveUserPermissions(
  request: CallableInputOf<'saveUserPermissions'>,
): Promise<CallableResponseOf<'saveUserPermissions'>> {
  return call('saveUserPermissions', request);
}

export function resetUserPassword(
  request: CallableInputOf<'resetUserPassword'>,
): Promise<CallableResponseOf<'resetUserPassword'>> {
  return call('resetUserPassword', request);
}

export function setAccountStatus(
  request: CallableInputOf<'setAccountStatus'>,
): Promise<CallableResponseOf<'setAccountStatus'>> {
  return call('setAccountStatus', request);
}

export function updateWorker(
  request: CallableInputOf<'updateWorker'>,
): Promise<CallableResponseOf<'updateWorker'>> {
  return call('updateWorker', request);
}

export function createAccount(request: CreateAccountInput): Promise<CallableResponseOf<'createAccount'>> {
  return call('createAccount', request);
}
