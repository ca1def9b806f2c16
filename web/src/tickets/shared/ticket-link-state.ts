/**
 * Router state a link to /ticket/:ticketId may carry: the query string of the list it was opened
 * from (the history or the staff queue), so the details page's back link returns to the same
 * filtered list.
 */
export type TicketLinkState = { historySearch?: string; queueSearch?: string };

/** Where the details page's back link goes and its text (a translation key). */
export type TicketBackLink = { path: string; labelKey: string };

const stateOf = (state: unknown): TicketLinkState =>
  typeof state === 'object' && state !== null ? (state as TicketLinkState) : {};

const withSearch = (path: string, search: unknown) =>
  typeof search === 'string' && search !== '' ? `${path}?${search}` : path;

/** The history URL to go back to, from the router state of the details page. */
export function historyPathFrom(state: unknown): string {
  return withSearch('/ticket-history', stateOf(state).historySearch);
}

/**
 * The back link of the details page: to the staff queue (with its filters) when the ticket was
 * opened from there, else to the history (with its filters, when opened from there).
 */
export function ticketBackLinkFrom(state: unknown): TicketBackLink {
  const { queueSearch } = stateOf(state);
  if (typeof queueSearch === 'string') {
    return { path: withSearch('/ticket-queue', queueSearch), labelKey: 'tickets.queue.backToQueue' };
  }
  return { path: historyPathFrom(state), labelKey: 'tickets.details.backToHistory' };
}
