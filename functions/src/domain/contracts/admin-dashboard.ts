import { type AccountStatus, ADMIN_ERRORS, type DashboardOpenTicket } from '../admin-api.js';
import type { FollowThroughFigures } from '../follow-through-stats.js';
import type { Role } from '../roles.js';
import type { TicketStatus } from '../tickets.js';
import { NO_REQUEST, answers } from './contract.js';

export type AdminDashboardResponse = FollowThroughFigures & {
  usersByRole: Record<Role, number>;
  usersByStatus: Record<AccountStatus, number>;
  ticketsByStatus: Partial<Record<TicketStatus, number>>;
  ticketsByCategory: Record<string, number>;
  /** Open tickets (not resolved, rejected, archived, paid, sent, noted), oldest first, at most 10. */
  oldestOpen: DashboardOpenTicket[];
  /** Safety reports acknowledged in the last SAFETY_DASHBOARD_DAYS: median minutes to acknowledge, per site. */
  safetyAcknowledgeBySite: { site: string; medianMinutes: number; reports: number }[];
  /** Safety reports nobody has acknowledged yet. */
  safetyOpen: number;
};

/** Accounts and tickets counted, and the oldest open tickets; manager and up with VIEW_ALL_USER_DATA. */
export const adminDashboard = answers<AdminDashboardResponse>()({
  ...NO_REQUEST,
  failure: ADMIN_ERRORS.loadDashboardFailed,
});
