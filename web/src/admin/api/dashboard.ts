import type { AdminDashboardResponse } from '@domain';
import { call } from '../../lib/call';

/** The admin dashboard's counts and oldest open tickets (the server checks VIEW_ALL_USER_DATA). */
export function fetchAdminDashboard(): Promise<AdminDashboardResponse> {
  return call('adminDashboard');
}
