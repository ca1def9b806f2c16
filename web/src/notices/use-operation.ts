import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallableFailure } from '../lib/callable-failure';
import { useNotices } from './notices-context';

export type OperationTexts = {
  /** Translation key of the loading notice, e.g. admin.operations.updateRole.loading. */
  loading: string;
  /** Translation key of the success notice. */
  success: string;
  /** Translation key when the server gives no specific reason, e.g. admin.errors.updateRoleFailed. */
  failure: string;
};

export type OperationResult<T> = { ok: true; value: T } | { ok: false; failure: CallableFailure };

/**
 * Runs one server operation with a loading notice that turns into a success or a translated
 * failure notice (`toFailure` reads the server's reason; keep it a stable, module-level
 * function). Never throws: the caller keeps the dialog or form and what was typed on a failure.
 */
export function useOperation(toFailure: (error: unknown, fallbackKey: string) => CallableFailure) {
  const { t } = useTranslation();
  const notices = useNotices();
  return useCallback(
    async <T>(
      texts: OperationTexts,
      run: () => Promise<T>,
      interpolation?: Record<string, unknown>,
    ): Promise<OperationResult<T>> => {
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
        const failure = toFailure(error, texts.failure);
        notices.update(id, {
          type: 'error',
          message: t(failure.messageKey, { ...interpolation, ...failure.values }),
          isPersistent: false,
        });
        return { ok: false, failure };
      }
    },
    [notices, t, toFailure],
  );
}
