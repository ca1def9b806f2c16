import { ADMIN_ERRORS, type AdminDashboardResponse } from '@domain';
import { useCallback, useEffect, useState } from 'react';
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
  const [data, setData] = useState<AdminDashboardResponse | null>(null);
  const [loadedAt, setLoadedAt] = useState(0);
  const [failure, setFailure] = useState<AdminFailure | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    fetchAdminDashboard().then(
      (response) => {
        if (!isCurrent) return;
        setData(response);
        setLoadedAt(Date.now());
        setFailure(null);
        setIsLoading(false);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setFailure(toAdminFailure(error, ADMIN_ERRORS.loadDashboardFailed));
        setIsLoading(false);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  const reload = useCallback(() => {
    setIsLoading(true);
    setFailure(null);
    setAttempt((value) => value + 1);
  }, []);

  return { data, loadedAt, isLoading, failure, reload };
}
