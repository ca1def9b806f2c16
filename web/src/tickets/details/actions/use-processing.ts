import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../notices';
import { type ProcessingFailure, toProcessingFailure } from '../../api/process-ticket';

export type ProcessingTexts = {
  /** Translation key of the loading notice. */
  loading: string;
  /** Translation key of the success notice. */
  success: string;
  /** Translation key when the server gives no specific reason, e.g. tickets.processing.errors.statusFailed. */
  failure: string;
};

export type ProcessingResult<T> = { ok: true; value: T } | { ok: false; failure: ProcessingFailure };

/**
 * Runs one processing call with a loading notice that turns into a success or a translated
 * failure notice. Never throws: the form keeps what was typed and shows the field errors.
 */
export function useProcessing() {
  const { t } = useTranslation();
  const notices = useNotices();
  return useCallback(
    async <T>(
      texts: ProcessingTexts,
      run: () => Promise<T>,
      interpolation?: Record<string, unknown>,
    ): Promise<ProcessingResult<T>> => {
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
        const failure = toProcessingFailure(error, texts.failure);
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
