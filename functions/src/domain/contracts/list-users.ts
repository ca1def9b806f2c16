import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  ADMIN_ERRORS,
  type AdminUserRow,
  USER_LIST_MAX_PAGE_SIZE,
  USER_LIST_PAGE_SIZE,
  USER_LIST_TABS,
} from '../admin-api.js';
import { ALL_ROLES, type Role } from '../roles.js';
import { answers } from './contract.js';

export const listUsersSchema = z.object({
  tab: z.enum(USER_LIST_TABS, 'validation.invalid').default('all'),
  /** Matches the name or e-mail, case-insensitive, any part. */
  search: z.string('validation.invalid').trim().max(100, 'validation.maxChars:100').default(''),
  role: z.enum(ALL_ROLES as [Role, ...Role[]], 'validation.invalid').optional(),
  status: z.enum(ACCOUNT_STATUSES, 'validation.invalid').optional(),
  /** 0-based page number. */
  page: z.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').default(0),
  pageSize: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(USER_LIST_MAX_PAGE_SIZE, 'validation.invalid')
    .default(USER_LIST_PAGE_SIZE),
});
export type ListUsersInput = z.input<typeof listUsersSchema>;

export type ListUsersResponse = {
  rows: AdminUserRow[];
  /** Rows matching the tab, search and filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
};

/** A page of the accounts and directory workers, searched, filtered; manager and up, VIEW_ALL_USER_DATA. */
export const listUsers = answers<ListUsersResponse>()({
  request: listUsersSchema,
  failure: ADMIN_ERRORS.loadUsersFailed,
  invalid: 'Invalid user list request',
  isPayloadOptional: true,
});
