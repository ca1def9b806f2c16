import { type OperationResult, type OperationTexts, useOperation } from '../notices';
import { toAdminFailure } from './api/call';

export type AdminOperationTexts = OperationTexts;
export type AdminOperationResult<T> = OperationResult<T>;

/**
 * Runs one admin operation with its notices: a loading notice that turns into
 * a success or a failure notice (the server's translated reason when it gives one). Never
 * throws; the caller keeps the dialog and what was typed open on failure.
 */
export function useAdminOperation() {
  return useOperation(toAdminFailure);
}
