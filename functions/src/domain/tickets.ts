import { type AuthRules, type PermissionSubject, hasPermission } from './access.js';
import { PERMISSIONS, type Permission } from './permissions.js';

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

export const TICKET_CATEGORY_ICONS = [
  'wallet',
  'calendar',
  'skin',
  'tool',
  'receipt',
  'car',
  'home',
  'euro',
  'clock',
] as const;
export type TicketCategoryIcon = (typeof TICKET_CATEGORY_ICONS)[number];

export type TicketCategoryDefinition = {
  id: string;
  subcategories: readonly string[];
  submitPermission: Permission;
  /** Name of the icon the selector shows (mapped to an icon component in the web app). */
  icon: TicketCategoryIcon;
  /** Special categories also need ACCESS_SPECIAL_CATEGORIES. */
  isSpecial: boolean;
};

export const TICKET_CATEGORIES = [
  {
    id: 'presalary',
    icon: 'wallet',
    subcategories: ['advance'],
    submitPermission: 'SUBMIT_PRESALARY_TICKETS',
    isSpecial: false,
  },
  {
    id: 'absences',
    icon: 'calendar',
    subcategories: ['sickLeave', 'vacation', 'unpaidLeave', 'personal'],
    submitPermission: 'SUBMIT_ABSENCES_TICKETS',
    isSpecial: false,
  },
  {
    id: 'clothes',
    icon: 'skin',
    subcategories: ['newWorkwear', 'replacement'],
    submitPermission: 'SUBMIT_CLOTHES_TICKETS',
    isSpecial: false,
  },
  {
    id: 'tools',
    icon: 'tool',
    subcategories: ['order', 'repair'],
    submitPermission: 'SUBMIT_TOOLS_TICKETS',
    isSpecial: true,
  },
  {
    id: 'receipts',
    icon: 'receipt',
    subcategories: ['fuel', 'materials', 'travel', 'otherExpense'],
    submitPermission: 'SUBMIT_RECEIPTS_TICKETS',
    isSpecial: false,
  },
  {
    id: 'car',
    icon: 'car',
    subcategories: ['damage', 'service', 'fuelCard'],
    submitPermission: 'SUBMIT_CAR_TICKETS',
    isSpecial: true,
  },
  {
    id: 'accommodation',
    icon: 'home',
    subcategories: ['repair', 'change', 'problem'],
    submitPermission: 'SUBMIT_ACCOMMODATION_TICKETS',
    isSpecial: false,
  },
  {
    id: 'salary',
    icon: 'euro',
    subcategories: ['missingPayment', 'wrongAmount', 'payslip'],
    submitPermission: 'SUBMIT_SALARY_TICKETS',
    isSpecial: false,
  },
  {
    id: 'workhours',
    icon: 'clock',
    subcategories: ['missingHours', 'correction'],
    submitPermission: 'SUBMIT_WORKHOURS_TICKETS',
    isSpecial: false,
  },
] as const satisfies readonly TicketCategoryDefinition[];

export type TicketCategoryId = (typeof TICKET_CATEGORIES)[number]['id'];

export function findCategory(id: string): TicketCategoryDefinition | undefined {
  return TICKET_CATEGORIES.find((category) => category.id === id);
}

/** Whether a category has a subcategory of that id. */
export function hasSubcategory(category: TicketCategoryDefinition, subcategory: string): boolean {
  return category.subcategories.includes(subcategory);
}

/**
 * Whether a user may file tickets of a category: its submit permission, and for special
 * categories (tools, car) ACCESS_SPECIAL_CATEGORIES as well. The selector, the form route and
 * the submitTicket callable all ask this.
 */
export function canSubmitCategory(
  user: PermissionSubject | null | undefined,
  category: TicketCategoryDefinition,
  rules: AuthRules | null | undefined,
): boolean {
  if (!hasPermission(user, category.submitPermission, rules)) return false;
  return !category.isSpecial || hasPermission(user, PERMISSIONS.ACCESS_SPECIAL_CATEGORIES, rules);
}

/** The categories a user may file, in catalogue order. */
export function submittableCategories(
  user: PermissionSubject | null | undefined,
  rules: AuthRules | null | undefined,
): TicketCategoryDefinition[] {
  return TICKET_CATEGORIES.filter((category) => canSubmitCategory(user, category, rules));
}
