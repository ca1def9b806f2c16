import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from './permissions.js';
import { TICKET_CATEGORIES, TICKET_STATUSES, findCategory, toTicketStatus } from './tickets.js';

describe('ticket statuses', () => {
  it('lists the spec statuses', () => {
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
