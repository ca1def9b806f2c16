import type { AdminDashboardResponse } from '@domain';
import type { CallableFailure } from '../../lib/callable-failure';
import { NO_REQUEST } from '../../lib/use-async';
import { useCallableRead } from '../../lib/use-callable';

export type AdminDashboardState = {
  data: AdminDashboardResponse | null;
  /** When `data` arrived (ms since epoch): ticket ages count from here. */
  loadedAt: number;
  isLoading: boolean;
  failure: CallableFailure | null;
  /** Loads again (after a failure, or to refresh the counts); the last data stays shown meanwhile. */
  reload: () => void;
};

/** Loads the admin dashboard once on mount and on reload(); a late answer of an older load is dropped. */
export function useAdminDashboard(): AdminDashboardState {
  const { data, receivedAt, isLoading, failure, reload } = useCallableRead('adminDashboard', NO_REQUEST);
  return { data, loadedAt: receivedAt, isLoading, failure, reload };
}
