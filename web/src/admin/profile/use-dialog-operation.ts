import { useCallback, useRef, useState } from 'react';
import type { CallableFailure } from '../../lib/callable-failure';
import { type OperationResult, type OperationTexts, useOperation } from '../../notices';

/**
 * One dialog's admin operation: the loading / success / failure notices (useOperation), a
 * busy flag for the submit button, at most one request at a time however often it is clicked, and
 * the last failure so the dialog can show the reason and stay open.
 */
export function useDialogOperation() {
  const runOperation = useOperation();
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<CallableFailure | null>(null);
  const isRunning = useRef(false);

  const run = useCallback(
    async <T>(
      texts: OperationTexts,
      operation: () => Promise<T>,
      interpolation?: Record<string, unknown>,
    ): Promise<OperationResult<T> | null> => {
      if (isRunning.current) return null;
      isRunning.current = true;
      setIsBusy(true);
      setFailure(null);
      try {
        const result = await runOperation(texts, operation, interpolation);
        if (!result.ok) setFailure(result.failure);
        return result;
      } finally {
        isRunning.current = false;
        setIsBusy(false);
      }
    },
    [runOperation],
  );

  return { run, isBusy, failure };
}
