import type { ActivityEntry, Ticket, TicketUpdate } from '../api/ticket-model';

/*
 * Ticket data for the component tests, shaped like the seed tickets after mapping
 * (emulator-data/fixtures/tickets.json). Only test files import this module.
 */

export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 't-0001',
    number: 'T-0001',
    category: 'clothes',
    subcategory: 'newWorkwear',
    description: 'Winter is starting and my work trousers are torn at both knees.',
    status: 'sent',
    createdAt: new Date(2026, 10, 2, 9, 30),
    createdBy: 'u-worker',
    submitter: { uid: 'u-worker', name: 'Piotr Kowalczyk', email: 'worker@example.com' },
    assignedTo: { uid: 'u-foreman', name: 'Marek Wiśniewski', email: null },
    lastUpdate: new Date(2026, 10, 19, 14, 5),
    address: null,
    carPlate: null,
    details: {},
    items: [],
    attachments: [],
    archived: false,
    archivedFrom: null,
    rejectionReason: null,
    paid: null,
    searchTokens: ['t-0001', '0001', 'winter'],
    answerDueDay: null,
    firstResponseAt: null,
    rating: null,
    ...overrides,
  };
}

export function makeUpdate(overrides: Partial<TicketUpdate> = {}): TicketUpdate {
  return {
    id: 'u1',
    text: 'Ordered from the workwear supplier.',
    by: { uid: 'u-foreman', name: 'Marek Wiśniewski', email: null },
    at: new Date(2026, 10, 4, 11, 0),
    attachments: [],
    ...overrides,
  };
}

export function makeActivity(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 'a1',
    at: new Date(2026, 10, 2, 9, 30),
    by: { uid: 'u-worker', name: 'Piotr Kowalczyk', email: null },
    change: { type: 'created' },
    ...overrides,
  };
}
