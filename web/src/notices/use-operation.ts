import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type CallableFailure, isCallableError } from '../lib/callable-failure';
import { useNotices } from './notices-context';

export type OperationTexts = {
  /** Translation key of the loading notice, e.g. admin.operations.updateRole.loading. */
  loading: string;
  /** Translation key of the success notice. */
  success: string;
  /**
   * Translation key of a failure that is not a callable's (a step of `run` such as an upload), e.g.
   * admin.errors.updateRoleFailed; a callable's failure comes with its own key (call() maps it with
   * lib/callable-keys.ts).
   */
  failure: string;
};

export type OperationResult<T> = { ok: true; value: T } | { ok: false; failure: CallableFailure };

/** The failure of a run: call()'s CallableError as it is, anything else under `fallbackKey`. */
function failureOf(error: unknown, fallbackKey: string): CallableFailure {
  return isCallableError(error) ? error : { code: 'unknown', messageKey: fallbackKey, fields: {} };
}

/**
 * Runs one server operation with a loading notice that turns into a success or a translated
 * failure notice (the server's reason as call() read it). Never throws: the caller keeps the dialog
 * or form and what was typed on a failure.
 */
export function useOperation() {
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
        const failure = failureOf(error, texts.failure);
        notices.update(id, {
          type: 'error',
          message: t(failure.messageKey, { ...interpolation, ...failure.values }),
          isPersistent: false,
        });
        return { ok: false, failure };
      }
    },
    [notices, t],
  );
}
