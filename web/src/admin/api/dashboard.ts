import { ADMIN_CALLABLES, type AdminDashboardResponse } from '@domain';
import { callAdmin } from './call';

/** The admin dashboard's counts and oldest open tickets (the server checks VIEW_ALL_USER_DATA). */
export function fetchAdminDashboard(): Promise<AdminDashboardResponse> {
  return callAdmin<Record<string, never>, AdminDashboardResponse>(ADMIN_CALLABLES.adminDashboard, {});
}
