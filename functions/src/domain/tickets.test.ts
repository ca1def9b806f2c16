import { describe, expect, it } from 'vitest';
import { AUTH_RULES, type PermissionSubject } from './access.js';
import { ALL_PERMISSIONS } from './permissions.js';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_ICONS,
  TICKET_STATUSES,
  canSubmitCategory,
  findCategory,
  hasSubcategory,
  submittableCategories,
  toTicketStatus,
} from './tickets.js';

describe('ticket statuses', () => {
  it('lists the product statuses', () => {
    expect(TICKET_STATUSES).toEqual([
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
    ]);
  });
  it('reads any other stored value as unknown', () => {
    expect(toTicketStatus('paid')).toBe('paid');
    expect(toTicketStatus('closed')).toBe('unknown');
    expect(toTicketStatus(undefined)).toBe('unknown');
    expect(toTicketStatus(3)).toBe('unknown');
  });
});

describe('ticket categories', () => {
  it('has the nine spec categories, each with subcategories and a known submit permission', () => {
    expect(TICKET_CATEGORIES.map((c) => c.id)).toEqual([
      'presalary',
      'absences',
      'clothes',
      'tools',
      'receipts',
      'car',
      'accommodation',
      'salary',
      'workhours',
    ]);
    for (const category of TICKET_CATEGORIES) {
      expect(category.subcategories.length).toBeGreaterThan(0);
      expect(ALL_PERMISSIONS).toContain(category.submitPermission);
    }
  });
  it('marks tools and car special', () => {
    expect(TICKET_CATEGORIES.filter((c) => c.isSpecial).map((c) => c.id)).toEqual(['tools', 'car']);
  });
  it('finds a category by id', () => {
    expect(findCategory('car')?.submitPermission).toBe('SUBMIT_CAR_TICKETS');
    expect(findCategory('boats')).toBeUndefined();
  });
});

describe('category catalogue shape', () => {
  it('gives every category a known icon and at least one subcategory', () => {
    for (const category of TICKET_CATEGORIES) {
      expect(TICKET_CATEGORY_ICONS).toContain(category.icon);
      expect(category.subcategories.length).toBeGreaterThan(0);
    }
  });
  it('has unique category ids, unique icons and unique subcategories within a category', () => {
    const ids = TICKET_CATEGORIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const icons = TICKET_CATEGORIES.map((c) => c.icon);
    expect(new Set(icons).size).toBe(icons.length);
    for (const category of TICKET_CATEGORIES) {
      expect(new Set(category.subcategories).size).toBe(category.subcategories.length);
    }
  });
  it('gives every category its own submit permission', () => {
    const permissions = TICKET_CATEGORIES.map((c) => c.submitPermission);
    expect(new Set(permissions).size).toBe(permissions.length);
  });
  it('knows which subcategories a category has', () => {
    const car = findCategory('car');
    expect(car && hasSubcategory(car, 'damage')).toBe(true);
    expect(car && hasSubcategory(car, 'repair')).toBe(false);
  });
});

describe('canSubmitCategory and submittableCategories', () => {
  const NON_SPECIAL = [
    'presalary',
    'absences',
    'clothes',
    'receipts',
    'accommodation',
    'salary',
    'workhours',
  ];
  const ALL = TICKET_CATEGORIES.map((c) => c.id);
  const idsFor = (user: PermissionSubject | null | undefined) =>
    submittableCategories(user, AUTH_RULES).map((c) => c.id);
  const category = (id: string) => {
    const found = findCategory(id);
    if (!found) throw new Error(`no category ${id}`);
    return found;
  };

  it('gives a worker the 7 non-special categories, in catalogue order', () => {
    expect(idsFor({ role: 'user' })).toEqual(NON_SPECIAL);
    expect(canSubmitCategory({ role: 'user' }, category('tools'), AUTH_RULES)).toBe(false);
    expect(canSubmitCategory({ role: 'user' }, category('car'), AUTH_RULES)).toBe(false);
    expect(canSubmitCategory({ role: 'user' }, category('presalary'), AUTH_RULES)).toBe(true);
  });

  it.each(['foreman', 'manager', 'manager_pl', 'admin'])('gives a %s all 9 categories', (role) => {
    expect(idsFor({ role })).toEqual(ALL);
    expect(ALL).toHaveLength(9);
  });

  it('takes presalary away from a worker whose SUBMIT_PRESALARY_TICKETS is revoked', () => {
    const user = { role: 'user', revokedPermissions: ['SUBMIT_PRESALARY_TICKETS'] };
    expect(idsFor(user)).toEqual(NON_SPECIAL.filter((id) => id !== 'presalary'));
    expect(canSubmitCategory(user, category('presalary'), AUTH_RULES)).toBe(false);
  });

  it('gives tools and car to a worker with ACCESS_SPECIAL_CATEGORIES assigned', () => {
    const user = { role: 'user', assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'] };
    expect(idsFor(user)).toEqual(ALL);
    expect(canSubmitCategory(user, category('tools'), AUTH_RULES)).toBe(true);
    expect(canSubmitCategory(user, category('car'), AUTH_RULES)).toBe(true);
  });

  it('takes tools and car away from a foreman whose ACCESS_SPECIAL_CATEGORIES is revoked', () => {
    expect(idsFor({ role: 'foreman', revokedPermissions: ['ACCESS_SPECIAL_CATEGORIES'] })).toEqual(
      NON_SPECIAL,
    );
  });

  it('keeps a worker without special access out of tools and car even if the submit flag is assigned', () => {
    const user = { role: 'user', assignedPermissions: ['SUBMIT_TOOLS_TICKETS', 'SUBMIT_CAR_TICKETS'] };
    expect(idsFor(user)).toEqual(NON_SPECIAL);
  });

  it('needs the submit flag of a special category as well as special access', () => {
    const foreman = { role: 'foreman', revokedPermissions: ['SUBMIT_TOOLS_TICKETS'] };
    expect(idsFor(foreman)).toEqual(ALL.filter((id) => id !== 'tools'));
    const worker = {
      role: 'user',
      assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'],
      revokedPermissions: ['SUBMIT_CAR_TICKETS'],
    };
    expect(idsFor(worker)).toEqual(ALL.filter((id) => id !== 'car'));
  });

  it('lets a revocation win over an assignment', () => {
    const user = {
      role: 'user',
      assignedPermissions: ['ACCESS_SPECIAL_CATEGORIES'],
      revokedPermissions: ['ACCESS_SPECIAL_CATEGORIES'],
    };
    expect(idsFor(user)).toEqual(NON_SPECIAL);
  });

  it('gives nothing without a user, without rules, or for a missing or unknown role', () => {
    expect(idsFor(null)).toEqual([]);
    expect(idsFor(undefined)).toEqual([]);
    expect(idsFor({})).toEqual([]);
    expect(idsFor({ role: 'guest' })).toEqual([]);
    expect(submittableCategories({ role: 'admin' }, null)).toEqual([]);
    expect(canSubmitCategory({ role: 'admin' }, category('salary'), undefined)).toBe(false);
  });

  it('returns the catalogue definitions themselves', () => {
    expect(submittableCategories({ role: 'admin' }, AUTH_RULES)).toEqual([...TICKET_CATEGORIES]);
  });
});
