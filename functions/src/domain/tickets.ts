import type { Permission } from './permissions.js';

export const TICKET_STATUSES = [
  'new',
  'inProgress',
  'resolved',
  'archived',
  'rejected',
  'paid',
  'sent',
  'noted',
  'other',
  'unknown',
] as const;

export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Any stored value outside the list reads as `unknown`. */
export function toTicketStatus(value: unknown): TicketStatus {
  return typeof value === 'string' && (TICKET_STATUSES as readonly string[]).includes(value)
    ? (value as TicketStatus)
    : 'unknown';
}

export type TicketCategoryDefinition = {
  id: string;
  subcategories: readonly string[];
  submitPermission: Permission;
  /** Special categories also need ACCESS_SPECIAL_CATEGORIES. */
  isSpecial: boolean;
};

export const TICKET_CATEGORIES = [
  {
    id: 'presalary',
    subcategories: ['advance'],
    submitPermission: 'SUBMIT_PRESALARY_TICKETS',
    isSpecial: false,
  },
  {
    id: 'absences',
    subcategories: ['sickLeave', 'vacation', 'unpaidLeave', 'personal'],
    submitPermission: 'SUBMIT_ABSENCES_TICKETS',
    isSpecial: false,
  },
  {
    id: 'clothes',
    subcategories: ['newWorkwear', 'replacement'],
    submitPermission: 'SUBMIT_CLOTHES_TICKETS',
    isSpecial: false,
  },
  {
    id: 'tools',
    subcategories: ['order', 'repair'],
    submitPermission: 'SUBMIT_TOOLS_TICKETS',
    isSpecial: true,
  },
  {
    id: 'receipts',
    subcategories: ['fuel', 'materials', 'travel', 'otherExpense'],
    submitPermission: 'SUBMIT_RECEIPTS_TICKETS',
    isSpecial: false,
  },
  {
    id: 'car',
    subcategories: ['damage', 'service', 'fuelCard'],
    submitPermission: 'SUBMIT_CAR_TICKETS',
    isSpecial: true,
  },
  {
    id: 'accommodation',
    subcategories: ['repair', 'change', 'problem'],
    submitPermission: 'SUBMIT_ACCOMMODATION_TICKETS',
    isSpecial: false,
  },
  {
    id: 'salary',
    subcategories: ['missingPayment', 'wrongAmount', 'payslip'],
    submitPermission: 'SUBMIT_SALARY_TICKETS',
    isSpecial: false,
  },
  {
    id: 'workhours',
    subcategories: ['missingHours', 'correction'],
    submitPermission: 'SUBMIT_WORKHOURS_TICKETS',
    isSpecial: false,
  },
] as const satisfies readonly TicketCategoryDefinition[];

export type TicketCategoryId = (typeof TICKET_CATEGORIES)[number]['id'];

export function findCategory(id: string): TicketCategoryDefinition | undefined {
  return TICKET_CATEGORIES.find((category) => category.id === id);
}
