import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../notices';
import { type AdminFailure, toAdminFailure } from './api/call';

export type AdminOperationTexts = {
  /** Translation key of the loading notice, e.g. admin.operations.updateRole.loading. */
  loading: string;
  /** Translation key of the success notice. */
  success: string;
  /** Translation key when the server gives no specific reason, e.g. admin.errors.updateRoleFailed. */
  failure: string;
};

export type AdminOperationResult<T> = { ok: true; value: T } | { ok: false; failure: AdminFailure };

/**
 * Runs one admin operation with the notices the spec asks for: a loading notice that turns into
 * a success or a failure notice (the server's translated reason when it gives one). Never
 * throws; the caller keeps the dialog and what was typed open on failure.
 */
export function useAdminOperation() {
  const { t } = useTranslation();
  const notices = useNotices();
  return useCallback(
    async <T>(
      texts: AdminOperationTexts,
      run: () => Promise<T>,
      interpolation?: Record<string, unknown>,
    ): Promise<AdminOperationResult<T>> => {
      const id = notices.loading(t(texts.loading, interpolation));
      try {
        const value = await run();
        notices.update(id, {
          type: 'success',
          message: t(texts.success, interpolation),
          isPersistent: false,
        });
        return { ok: true, value };
      } catch (error) {
        const failure = toAdminFailure(error, texts.failure);
        notices.update(id, {
          type: 'error',
          message: t(failure.messageKey, interpolation),
          isPersistent: false,
        });
        return { ok: false, failure };
      }
    },
    [notices, t],
  );
}
