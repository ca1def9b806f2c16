/**
 * Router state a link to /ticket/:ticketId may carry: the history list's query string, so the
 * details page's back link returns to the same filtered list.
 */
export type TicketLinkState = { historySearch?: string };

/** The history URL to go back to, from the router state of the details page. */
export function historyPathFrom(state: unknown): string {
  const search =
    typeof state === 'object' && state !== null ? (state as TicketLinkState).historySearch : undefined;
  return typeof search === 'string' && search !== '' ? `/ticket-history?${search}` : '/ticket-history';
}
