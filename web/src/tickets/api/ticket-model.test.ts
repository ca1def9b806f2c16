import { describe, expect, it } from 'vitest';
import { toActivityEntry, toDate, toTicket, toTicketUpdate } from './ticket-model';

/** Stands in for a Firestore Timestamp: anything with toDate(). */
const timestamp = (iso: string) => ({ toDate: () => new Date(iso) });

describe('toTicket', () => {
  it('reads a stored ticket as the seed writes it', () => {
    const ticket = toTicket('t-0002', {
      number: 'T-0002',
      category: 'presalary',
      subcategory: 'advance',
      description: 'Advance for a deposit',
      status: 'paid',
      archived: false,
      createdAt: timestamp('2026-11-02T08:00:00Z'),
      createdBy: 'u-worker',
      submitter: { uid: 'u-worker', name: 'Piotr Kowalczyk', email: 'worker@example.com' },
      assignedTo: { uid: 'u-managerpl', name: 'Agnieszka Nowak' },
      lastUpdate: timestamp('2026-11-04T08:00:00Z'),
      details: {
        amount: 300,
        currency: 'EUR',
        fee: 15,
        total: 315,
        period: '2026-11-H1',
        termsAccepted: true,
      },
      items: [{ name: 'Beanie', quantity: 2, confirmed: true }],
      attachments: [{ name: 'a.pdf', path: 'tickets/u/t/a.pdf', contentType: 'application/pdf', size: 10 }],
      searchTokens: ['t-0002', '0002'],
    });
    expect(ticket).toMatchObject({
      id: 't-0002',
      number: 'T-0002',
      status: 'paid',
      createdAt: new Date('2026-11-02T08:00:00Z'),
      submitter: { name: 'Piotr Kowalczyk', email: 'worker@example.com' },
      assignedTo: { name: 'Agnieszka Nowak', email: null },
      details: { amount: 300, currency: 'EUR', fee: 15, total: 315, period: '2026-11-H1' },
      items: [{ name: 'Beanie', quantity: 2, confirmed: true }],
      attachments: [{ name: 'a.pdf', contentType: 'application/pdf' }],
      address: null,
      carPlate: null,
    });
  });

  it('reads unknown statuses as unknown and odd or missing fields as empty', () => {
    const ticket = toTicket('x', {
      status: 'legacyClosed',
      items: 'nope',
      attachments: [{ name: 'no path' }],
    });
    expect(ticket).toMatchObject({
      number: 'x',
      status: 'unknown',
      createdAt: null,
      submitter: null,
      assignedTo: null,
      items: [],
      attachments: [],
      details: {},
      archivedFrom: null,
      rejectionReason: null,
      paid: null,
    });
  });

  it('reads what processing wrote: the status before archiving, the rejection reason, the payment', () => {
    const ticket = toTicket('t-9', {
      status: 'archived',
      archived: true,
      archivedFrom: 'paid',
      rejectionReason: 'Over the limit',
      paid: { amount: 250.5, date: '2026-11-20', by: { uid: 'm', name: 'Anna' } },
    });
    expect(ticket).toMatchObject({
      status: 'archived',
      archivedFrom: 'paid',
      rejectionReason: 'Over the limit',
      paid: { amount: 250.5, date: '2026-11-20' },
    });
    expect(toTicket('t-10', { archivedFrom: 'gone', paid: { amount: 'x' } })).toMatchObject({
      archivedFrom: 'unknown',
      paid: { amount: null, date: null },
    });
  });
});

describe('updates and activity', () => {
  it('reads an update with its author and time', () => {
    expect(
      toTicketUpdate('u1', {
        text: 'Sent',
        by: { uid: 'f', name: 'Marek' },
        at: timestamp('2026-11-05T10:00:00Z'),
      }),
    ).toEqual({
      id: 'u1',
      text: 'Sent',
      by: { uid: 'f', name: 'Marek', email: null },
      at: new Date('2026-11-05T10:00:00Z'),
      attachments: [],
    });
  });

  it('reads created and field changes; anything else is "other"', () => {
    expect(toActivityEntry('a1', { change: { type: 'created' } }).change).toEqual({ type: 'created' });
    expect(
      toActivityEntry('a2', { change: { type: 'field', field: 'assignedTo', from: null, to: 'Marek' } })
        .change,
    ).toEqual({ type: 'field', field: 'assignedTo', from: null, to: 'Marek' });
    expect(toActivityEntry('a3', { change: { type: 'deleted' } }).change).toEqual({ type: 'other' });
  });

  it('reads Timestamps, Dates and ISO strings, and nothing else, as dates', () => {
    expect(toDate(timestamp('2026-01-01T00:00:00Z'))?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(toDate(new Date(0))?.getTime()).toBe(0);
    expect(toDate('2026-01-01T00:00:00Z')?.getUTCFullYear()).toBe(2026);
    expect(toDate('not a date')).toBeNull();
    expect(toDate(42)).toBeNull();
  });
});
