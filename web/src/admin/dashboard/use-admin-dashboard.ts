import { ADMIN_ERRORS, type AdminDashboardResponse } from '@domain';
import { useMemo } from 'react';
import { NO_REQUEST, useAsync } from '../../lib/use-async';
import { fetchAdminDashboard } from '../api/dashboard';
import { type AdminFailure, toAdminFailure } from '../api/call';

export type AdminDashboardState = {
  data: AdminDashboardResponse | null;
  /** When `data` arrived (ms since epoch): ticket ages count from here. */
  loadedAt: number;
  isLoading: boolean;
  failure: AdminFailure | null;
  /** Loads again (after a failure, or to refresh the counts); the last data stays shown meanwhile. */
  reload: () => void;
};

/** Loads the admin dashboard once on mount and on reload(); a late answer of an older load is dropped. */
export function useAdminDashboard(): AdminDashboardState {
  const { data, receivedAt, isLoading, error, reload } = useAsync(fetchAdminDashboard, NO_REQUEST);
  const failure = useMemo(
    () => (error === null ? null : toAdminFailure(error, ADMIN_ERRORS.loadDashboardFailed)),
    [error],
  );
  return { data, loadedAt: receivedAt, isLoading, failure, reload };
}
