import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { type TestUserOptions, renderSignedIn } from '../../testing/auth';
import { setOnline } from '../../testing/online';
import type { HistoryQueryInput } from '../api/history-query';
import type { Ticket } from '../api/ticket-model';
import { type TicketHistory, useTicketHistory } from '../api/history-reads';
import { makeTicket } from '../shared/test-tickets';
import { TicketHistoryPage } from './ticket-history-page';

vi.mock('../api/history-reads', () => ({ useTicketHistory: vi.fn() }));

const useTicketHistoryMock = vi.mocked(useTicketHistory);

function history(overrides: Partial<TicketHistory> = {}): TicketHistory {
  return {
    tickets: [],
    isLoading: false,
    isLoadingMore: false,
    error: null,
    hasMore: false,
    loadMore: vi.fn(),
    retry: vi.fn(),
    isFromCache: false,
    ...overrides,
  };
}

const TICKETS = [
  makeTicket(),
  makeTicket({
    id: 't-0003',
    number: 'T-0003',
    category: 'presalary',
    subcategory: 'advance',
    description: 'Please pay me an advance of 150 EUR.',
    status: 'new',
    submitter: { uid: 'u-worker2', name: 'Andrzej Zieliński', email: 'worker2@example.com' },
  }),
  makeTicket({
    id: 't-0022',
    number: 'T-0022',
    category: 'salary',
    subcategory: 'wrongAmount',
    description: 'The payslip shows fewer hours.',
    status: 'unknown',
  }),
];

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

/** The screen, made of new elements on every call (so a rerender renders it again). */
const screenTree = () => (
  <>
    <Routes>
      <Route path="/ticket-history" element={<TicketHistoryPage />} />
      <Route path="/ticket/:ticketId" element={<p>details page</p>} />
    </Routes>
    <LocationProbe />
  </>
);

function renderPage(options: TestUserOptions & { path?: string } = {}) {
  return renderSignedIn(screenTree(), { path: '/ticket-history', ...options });
}

/** The query the page asked the hook for last. */
const lastQuery = (): HistoryQueryInput | null => useTicketHistoryMock.mock.lastCall?.[0] ?? null;
const currentUrl = () => screen.getByRole('status', { name: 'location' }).textContent;

/** A filter (a native select) by its accessible name. */
const filter = (name: 'Status' | 'Kategoria' | 'Podkategoria') => screen.getByRole('combobox', { name });
/** The visible text of a filter's options, the empty placeholder first. */
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('TicketHistoryPage', () => {
  beforeEach(() => {
    useTicketHistoryMock.mockReset();
    useTicketHistoryMock.mockReturnValue(history({ tickets: TICKETS }));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await changeLanguage('pl');
  });

  it('lists tickets with number, translated category, description, date and a coloured status tag', () => {
    renderPage();
    const rows = within(screen.getByRole('list', { name: 'Zgłoszenia' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('T-0001')).toBeInTheDocument();
    expect(first.getByText('Odzież robocza › Nowa odzież robocza')).toBeInTheDocument();
    expect(first.getByText(/trousers are torn/)).toBeInTheDocument();
    expect(first.getByText('Utworzono 2 lis 2026')).toBeInTheDocument();
    const sent = first.getByText('Wysłane');
    expect(sent).toHaveClass('status-tag', 'status-tag--cyan');
    expect(within(rows[1] as HTMLElement).getByText('Nowe')).toHaveClass('status-tag', 'status-tag--blue');
    expect(
      within(rows[1] as HTMLElement).getByText('Zaliczka › Zaliczka na poczet wynagrodzenia'),
    ).toBeVisible();
    // A status outside the list reads "unknown", in the default colour.
    const unknown = within(rows[2] as HTMLElement).getByText('Nieznany');
    expect(unknown).toHaveClass('status-tag status-tag--default', { exact: true });
    expect(unknown).toHaveAttribute('data-status', 'unknown');
  });

  it('shows who handles a ticket and follows a live change of status and assignee', () => {
    const view = renderPage();
    const rows = () => within(screen.getByRole('list', { name: 'Zgłoszenia' })).getAllByRole('listitem');
    expect(within(rows()[0] as HTMLElement).getByText('Obsługuje: Marek Wiśniewski')).toBeInTheDocument();
    expect(within(rows()[1] as HTMLElement).getByText('Nowe')).toBeInTheDocument();

    // The live list hands the page the changed ticket: the row shows it without a reload.
    const [first, second, third] = TICKETS as [Ticket, Ticket, Ticket];
    const taken = {
      ...second,
      status: 'inProgress' as const,
      assignedTo: { uid: 'u-manager', name: 'Anna Lindqvist', email: null },
    };
    useTicketHistoryMock.mockReturnValue(history({ tickets: [first, taken, third] }));
    view.rerender(screenTree());
    const row = within(rows()[1] as HTMLElement);
    expect(row.getByText('W realizacji')).toBeInTheDocument();
    expect(row.getByText('Obsługuje: Anna Lindqvist')).toBeInTheDocument();
  });

  it('links each row to its ticket', async () => {
    const user = userEvent.setup();
    renderPage();
    const link = screen.getByRole('link', { name: /T-0003/ });
    expect(link).toHaveAttribute('href', '/ticket/t-0003');
    await user.click(link);
    expect(screen.getByText('details page')).toBeInTheDocument();
    expect(currentUrl()).toBe('/ticket/t-0003');
  });

  it('asks a worker for their own, unarchived tickets', () => {
    renderPage({ uid: 'u-worker', role: 'user' });
    expect(lastQuery()).toEqual({
      uid: 'u-worker',
      canSeeAll: false,
      showArchived: false,
      status: undefined,
      category: undefined,
      subcategory: undefined,
      search: '',
    });
    expect(screen.getByText('Twoje zgłoszenia, od najnowszych')).toBeInTheDocument();
    // A worker's own tickets do not repeat their name on every row.
    expect(screen.queryByText('Andrzej Zieliński')).not.toBeInTheDocument();
  });

  it('asks for every ticket for a foreman and shows who filed each', () => {
    renderPage({ uid: 'u-foreman', role: 'foreman', name: 'Marek Wiśniewski' });
    expect(lastQuery()).toMatchObject({ uid: 'u-foreman', canSeeAll: true });
    expect(screen.getByText('Wszystkie zgłoszenia, od najnowszych')).toBeInTheDocument();
    expect(screen.getByText('Andrzej Zieliński')).toBeInTheDocument();
  });

  it('passes the search text to the hook and keeps it in the URL', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('searchbox', { name: 'Szukaj zgłoszeń' }), 'torn trousers{Enter}');
    expect(lastQuery()).toMatchObject({ search: 'torn trousers' });
    expect(currentUrl()).toBe('/ticket-history?q=torn+trousers');
  });

  it('filters by status', async () => {
    const user = userEvent.setup();
    renderPage();
    // Neither "unknown" nor, while archived tickets are hidden, "archived" is offered.
    expect(optionTexts(filter('Status'))).toEqual([
      'Wszystkie statusy',
      'Nowe',
      'W realizacji',
      'Rozwiązane',
      'Odrzucone',
      'Wypłacone',
      'Wysłane',
      'Przyjęte do wiadomości',
      'Inne',
    ]);
    expect(within(filter('Status')).getAllByRole('option')[0]).toHaveValue('');
    expect(filter('Status')).toHaveValue('');
    await user.selectOptions(filter('Status'), 'W realizacji');
    expect(lastQuery()).toMatchObject({ status: 'inProgress' });
    expect(currentUrl()).toBe('/ticket-history?status=inProgress');
    expect(filter('Status')).toHaveValue('inProgress');
  });

  it('filters by category', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(filter('Podkategoria')).toBeDisabled();
    expect(optionTexts(filter('Podkategoria'))).toEqual(['Wszystkie podkategorie']);
    expect(optionTexts(filter('Kategoria'))[0]).toBe('Wszystkie kategorie');
    await user.selectOptions(filter('Kategoria'), 'Nieobecności');
    expect(lastQuery()).toMatchObject({ category: 'absences', subcategory: undefined });
    expect(currentUrl()).toBe('/ticket-history?category=absences');
    expect(filter('Kategoria')).toHaveValue('absences');
    expect(filter('Podkategoria')).toBeEnabled();
  });

  it('filters by a subcategory of the chosen category', async () => {
    const user = userEvent.setup();
    renderPage({ path: '/ticket-history?category=absences' });
    await user.selectOptions(filter('Podkategoria'), 'Urlop wypoczynkowy');
    expect(lastQuery()).toMatchObject({ category: 'absences', subcategory: 'vacation' });
    expect(currentUrl()).toBe('/ticket-history?category=absences&subcategory=vacation');
    expect(filter('Podkategoria')).toHaveValue('vacation');
  });

  it('offers the subcategories of the chosen category only, and clears the subcategory with a new category', async () => {
    const user = userEvent.setup();
    renderPage({ path: '/ticket-history?category=absences&subcategory=vacation' });
    expect(optionTexts(filter('Podkategoria'))).toEqual([
      'Wszystkie podkategorie',
      'Zwolnienie lekarskie',
      'Urlop wypoczynkowy',
      'Urlop bezpłatny',
      'Sprawy osobiste',
    ]);
    expect(filter('Podkategoria')).toHaveValue('vacation');
    await user.selectOptions(filter('Kategoria'), 'car');
    expect(lastQuery()).toMatchObject({ category: 'car', subcategory: undefined });
    expect(currentUrl()).toBe('/ticket-history?category=car');
    expect(optionTexts(filter('Podkategoria'))).toEqual([
      'Wszystkie podkategorie',
      'Uszkodzenie',
      'Serwis',
      'Karta paliwowa',
    ]);
    expect(filter('Podkategoria')).toHaveValue('');
  });

  it('clears a filter when its placeholder is chosen', async () => {
    const user = userEvent.setup();
    renderPage({ path: '/ticket-history?status=paid&category=absences&subcategory=vacation' });
    expect(lastQuery()).toMatchObject({ status: 'paid', category: 'absences', subcategory: 'vacation' });

    await user.selectOptions(filter('Podkategoria'), 'Wszystkie podkategorie');
    expect(lastQuery()).toMatchObject({ status: 'paid', category: 'absences', subcategory: undefined });
    expect(currentUrl()).toBe('/ticket-history?status=paid&category=absences');

    await user.selectOptions(filter('Status'), '');
    expect(lastQuery()).toMatchObject({ status: undefined, category: 'absences' });
    expect(currentUrl()).toBe('/ticket-history?category=absences');
    expect(filter('Status')).toHaveValue('');

    await user.selectOptions(filter('Kategoria'), 'Wszystkie kategorie');
    expect(lastQuery()).toMatchObject({ status: undefined, category: undefined, subcategory: undefined });
    expect(currentUrl()).toBe('/ticket-history');
    expect(filter('Podkategoria')).toBeDisabled();
  });

  it('shows archived tickets when switched on', async () => {
    const user = userEvent.setup();
    renderPage();
    const toggle = screen.getByRole('switch', { name: 'Pokaż zarchiwizowane' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(lastQuery()).toMatchObject({ showArchived: true });
    expect(currentUrl()).toBe('/ticket-history?archived=1');
    await user.click(toggle);
    expect(lastQuery()).toMatchObject({ showArchived: false });
  });

  it('clears an "archived" status filter when archived tickets are hidden again', async () => {
    const user = userEvent.setup();
    renderPage({ path: '/ticket-history?status=archived&archived=1' });
    expect(lastQuery()).toMatchObject({ status: 'archived', showArchived: true });
    await user.click(screen.getByRole('switch', { name: 'Pokaż zarchiwizowane' }));
    expect(lastQuery()).toMatchObject({ status: undefined, showArchived: false });
    expect(currentUrl()).toBe('/ticket-history');
  });

  it('reads the filters from the URL, ignoring values it does not know', () => {
    renderPage({
      path: '/ticket-history?q=T-3&status=paid&category=car&subcategory=vacation&archived=1',
    });
    expect(lastQuery()).toMatchObject({
      search: 'T-3',
      status: 'paid',
      category: 'car',
      subcategory: undefined,
      showArchived: true,
    });
    expect(screen.getByRole('searchbox', { name: 'Szukaj zgłoszeń' })).toHaveValue('T-3');
    expect(screen.getByRole('switch', { name: 'Pokaż zarchiwizowane' })).toBeChecked();
    expect(filter('Status')).toHaveValue('paid');
    expect(filter('Kategoria')).toHaveValue('car');
    expect(filter('Podkategoria')).toHaveValue('');
  });

  it('loads more while more exist', async () => {
    const user = userEvent.setup();
    const loadMore = vi.fn();
    useTicketHistoryMock.mockReturnValue(history({ tickets: TICKETS, hasMore: true, loadMore }));
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Załaduj więcej' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('shows the next page loading on the button, and no button once everything is loaded', () => {
    useTicketHistoryMock.mockReturnValue(history({ tickets: TICKETS, hasMore: true, isLoadingMore: true }));
    const { unmount } = renderPage();
    expect(screen.getByRole('button', { name: /Załaduj więcej/ })).toHaveAttribute('aria-busy', 'true');
    unmount();
    useTicketHistoryMock.mockReturnValue(history({ tickets: TICKETS, hasMore: false }));
    renderPage();
    expect(screen.getAllByRole('link', { name: /T-00/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Załaduj więcej/ })).not.toBeInTheDocument();
  });

  it('says so when there are no tickets, and offers to clear the filters when filtered', async () => {
    const user = userEvent.setup();
    useTicketHistoryMock.mockReturnValue(history({ tickets: [] }));
    renderPage({ path: '/ticket-history?status=paid&archived=1' });
    expect(screen.getByText('Żadne zgłoszenie nie pasuje do wyszukiwania i filtrów.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wyczyść filtry' }));
    expect(currentUrl()).toBe('/ticket-history?archived=1');
    expect(screen.getByText('Nie masz jeszcze żadnych zgłoszeń.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nowe zgłoszenie' })).toHaveAttribute('href', '/new-ticket');
  });

  it('shows "Failed to fetch tickets" with a retry on error', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    useTicketHistoryMock.mockReturnValue(history({ error: new Error('unavailable'), retry }));
    renderPage();
    expect(screen.getByText('Nie udało się pobrać zgłoszeń')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Zgłoszenia' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows the error in English too', async () => {
    await changeLanguage('en');
    useTicketHistoryMock.mockReturnValue(history({ error: new Error('unavailable') }));
    renderPage();
    expect(screen.getByText('Failed to fetch tickets')).toBeInTheDocument();
  });

  it('shows the tickets saved on the device with "Offline — showing saved data" while offline', async () => {
    await changeLanguage('en');
    setOnline(false);
    useTicketHistoryMock.mockReturnValue(history({ tickets: TICKETS, isFromCache: true }));
    renderPage();
    expect(within(screen.getByRole('list', { name: 'Tickets' })).getAllByRole('link')).toHaveLength(3);
    expect(screen.getByText('Offline — showing saved data').closest('[role="status"]')).toHaveTextContent(
      'Changes will show when the connection returns.',
    );
    act(() => setOnline(true));
    expect(screen.queryByText('Offline — showing saved data')).not.toBeInTheDocument();
  });

  it('says nothing about saved data while online, nor offline for tickets from the server', () => {
    setOnline(true);
    useTicketHistoryMock.mockReturnValue(history({ tickets: TICKETS, isFromCache: true }));
    const { unmount } = renderPage();
    expect(screen.queryByText(/pokazujemy zapisane dane/)).not.toBeInTheDocument();
    unmount();
    setOnline(false);
    useTicketHistoryMock.mockReturnValue(history({ tickets: TICKETS }));
    renderPage();
    expect(screen.queryByText(/pokazujemy zapisane dane/)).not.toBeInTheDocument();
  });

  it('shows a spinner while the first page loads', () => {
    useTicketHistoryMock.mockReturnValue(history({ isLoading: true }));
    renderPage();
    expect(screen.queryByRole('list', { name: 'Zgłoszenia' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nie masz jeszcze żadnych zgłoszeń.')).not.toBeInTheDocument();
    expect(document.querySelector('.plain-spinner')).not.toBeNull();
  });

  it('says nothing is saved on this phone yet when, offline, the cache had nothing (no endless spinner)', async () => {
    setOnline(false);
    useTicketHistoryMock.mockReturnValue(history({ isLoading: true, isFromCache: true }));
    renderPage();
    const nothing = 'Na tym telefonie nic jeszcze nie zapisano — pojawi się, gdy wróci połączenie.';
    expect(screen.getByText(nothing)).toBeInTheDocument();
    expect(document.querySelector('.plain-spinner')).toBeNull();
    expect(screen.queryByText(/pokazujemy zapisane dane/)).not.toBeInTheDocument();
    for (const [language, text] of [
      ['en', 'Nothing saved on this phone yet — it will show when the connection returns.'],
      ['ru', 'На этом телефоне пока ничего не сохранено — появится, когда вернётся связь.'],
    ] as const) {
      await act(() => changeLanguage(language));
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    // The connection returns: the spinner while the server answers.
    act(() => setOnline(true));
    expect(document.querySelector('.plain-spinner')).not.toBeNull();
  });
});
