import { useOperation } from '../../../notices';
import { toProcessingFailure } from '../../api/process-ticket';

/**
 * Runs one processing call with a loading notice that turns into a success or a translated
 * failure notice. Never throws: the form keeps what was typed and shows the field errors.
 */
export function useProcessing() {
  return useOperation(toProcessingFailure);
}
