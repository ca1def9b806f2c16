import { describe, expect, it } from 'vitest';
import { historyPathFrom, ticketBackLinkFrom } from './ticket-link-state';

describe('historyPathFrom', () => {
  it('returns to the history with the filters it was opened with', () => {
    expect(historyPathFrom({ historySearch: 'status=new' })).toBe('/ticket-history?status=new');
    expect(historyPathFrom({ historySearch: '' })).toBe('/ticket-history');
    expect(historyPathFrom(null)).toBe('/ticket-history');
    expect(historyPathFrom({ historySearch: 42 })).toBe('/ticket-history');
  });
});

describe('ticketBackLinkFrom', () => {
  it('goes back to the queue, with its filters, when the ticket was opened from the queue', () => {
    expect(ticketBackLinkFrom({ queueSearch: 'assignee=mine&site=Kiruna' })).toStrictEqual({
      path: '/ticket-queue?assignee=mine&site=Kiruna',
      labelKey: 'tickets.queue.backToQueue',
    });
    expect(ticketBackLinkFrom({ queueSearch: '' })).toStrictEqual({
      path: '/ticket-queue',
      labelKey: 'tickets.queue.backToQueue',
    });
  });

  it('goes back to the history otherwise', () => {
    expect(ticketBackLinkFrom({ historySearch: 'q=jacket' })).toStrictEqual({
      path: '/ticket-history?q=jacket',
      labelKey: 'tickets.details.backToHistory',
    });
    expect(ticketBackLinkFrom(undefined)).toStrictEqual({
      path: '/ticket-history',
      labelKey: 'tickets.details.backToHistory',
    });
    expect(ticketBackLinkFrom({ queueSearch: 7 })).toStrictEqual({
      path: '/ticket-history',
      labelKey: 'tickets.details.backToHistory',
    });
  });
});
