import type { AdminDashboardResponse } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import { AdminDashboardPage } from './admin-dashboard-page';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const fetchMock = callableMock('adminDashboard');

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, extraHours = 2) =>
  new Date(Date.now() - days * DAY - extraHours * 60 * 60 * 1000).toISOString();

function dashboard(overrides: Partial<AdminDashboardResponse> = {}): AdminDashboardResponse {
  return {
    usersByRole: { user: 12, foreman: 3, manager: 2, manager_pl: 1, admin: 1 },
    usersByStatus: { enabled: 17, disabled: 2, noAccount: 5 },
    ticketsByStatus: { new: 4, inProgress: 2, resolved: 7 },
    ticketsByCategory: { tools: 6, presalary: 5, legacyCategory: 2 },
    oldestOpen: [
      {
        id: 't7',
        number: 'T-0007',
        category: 'tools',
        subcategory: 'order',
        status: 'new',
        createdAt: daysAgo(12),
        submitterName: 'Jan Nowak',
      },
      {
        id: 't9',
        number: 'T-0009',
        category: 'absences',
        subcategory: 'vacation',
        status: 'inProgress',
        createdAt: daysAgo(1),
        submitterName: 'Anna Wiśniewska',
      },
      {
        id: 't12',
        number: 'T-0012',
        category: 'car',
        subcategory: 'damage',
        status: 'new',
        createdAt: daysAgo(0),
        submitterName: 'Piotr Kowalczyk',
      },
    ],
    safetyAcknowledgeBySite: [
      { site: 'Kiruna Mine', medianMinutes: 4.5, reports: 6 },
      { site: 'Luleå Port', medianMinutes: 1, reports: 1 },
    ],
    safetyOpen: 3,
    firstResponseByCategory: [
      { category: 'tools', counted: 5, medianHours: 4, p90Hours: 100, withinTarget: 0.6 },
      { category: 'absences', counted: 0, medianHours: 1, p90Hours: 1, withinTarget: null },
    ],
    ratingsByCategory: [{ category: 'tools', up: 2, down: 1 }],
    ratingsByStaff: [{ uid: 'u-anna', name: 'Anna Lindqvist', up: 2, down: 1 }],
    ...overrides,
  };
}

/** The rows of a count list as label -> count text. */
function counts(listName: string): Record<string, string> {
  const items = within(screen.getByRole('list', { name: listName })).getAllByRole('listitem');
  return Object.fromEntries(
    items.map((item) => [item.children[0]?.textContent ?? '', item.children[1]?.textContent ?? '']),
  );
}

const renderPage = (role = 'manager') => renderSignedIn(<AdminDashboardPage />, { role, path: '/admin' });

describe('AdminDashboardPage', () => {
  beforeEach(async () => {
    fetchMock.mockReset();
    await changeLanguage('en');
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('shows users by role and by account status with translated labels and totals', async () => {
    fetchMock.mockResolvedValue(dashboard());
    renderPage();
    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Users by role' })).toBeInTheDocument();
    expect(counts('Users by role')).toEqual({
      Worker: '12',
      Foreman: '3',
      Manager: '2',
      'Manager PL': '1',
      Administrator: '1',
    });
    expect(counts('Users by account status')).toEqual({ Enabled: '17', Disabled: '2', 'No account': '5' });
    const rolePanel = screen.getByRole('region', { name: 'Users by role' });
    expect(within(rolePanel).getByText('Total: 19')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows tickets by status (only those that occur, coloured like the ticket list) and by category', async () => {
    fetchMock.mockResolvedValue(dashboard());
    renderPage();
    await screen.findByRole('list', { name: 'Tickets by status' });
    expect(counts('Tickets by status')).toEqual({ New: '4', 'In progress': '2', Resolved: '7' });
    const newRow = within(screen.getByRole('list', { name: 'Tickets by status' })).getAllByRole(
      'listitem',
    )[0];
    const bar = newRow?.querySelector('.admin-dash-bar-fill');
    expect(bar).toHaveClass('admin-dash-bar-fill--blue');
    // 4 of 13 tickets.
    expect((bar as HTMLElement).style.width).toBe(`${(4 / 13) * 100}%`);

    const categories = counts('Tickets by category');
    // Most tickets first; every known category is listed, an unknown stored id as stored.
    expect(Object.entries(categories).slice(0, 3)).toEqual([
      ['Tools', '6'],
      ['Salary advance', '5'],
      ['legacyCategory', '2'],
    ]);
    expect(categories['Work hours']).toBe('0');
    expect(Object.keys(categories)).toHaveLength(10);
  });

  it('lists the oldest open tickets with number, category, status, age and submitter, each linking to it', async () => {
    fetchMock.mockResolvedValue(dashboard());
    renderPage();
    const list = await screen.findByRole('list', { name: 'Oldest open tickets' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/ticket/t7',
      '/ticket/t9',
      '/ticket/t12',
    ]);
    const first = within(links[0] as HTMLElement);
    expect(first.getByText('T-0007')).toBeInTheDocument();
    expect(first.getByText('Tools › Tool order')).toBeInTheDocument();
    expect(first.getByText('New')).toHaveClass('status-tag--blue');
    expect(first.getByText('12 days')).toBeInTheDocument();
    expect(first.getByText('Jan Nowak')).toBeInTheDocument();
    expect(within(links[1] as HTMLElement).getByText('1 day')).toBeInTheDocument();
    expect(within(links[1] as HTMLElement).getByText('In progress')).toBeInTheDocument();
    expect(within(links[2] as HTMLElement).getByText('less than a day')).toBeInTheDocument();
  });

  it('counts the age in Polish plural forms', async () => {
    await changeLanguage('pl');
    fetchMock.mockResolvedValue(dashboard());
    renderPage();
    const list = await screen.findByRole('list', { name: 'Najstarsze otwarte zgłoszenia' });
    expect(within(list).getByText('12 dni')).toBeInTheDocument();
    expect(within(list).getByText('1 dzień')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Panel administracyjny' })).toBeInTheDocument();
  });

  it('shows the median time to acknowledge safety reports per site, and how many wait', async () => {
    fetchMock.mockResolvedValue(dashboard());
    renderPage();
    const table = await screen.findByRole('table', { name: 'Safety reports: time to acknowledge' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Kiruna Mine5 minutes6', 'Luleå Port1 minute1']);
    expect(screen.getByText('3 waiting to be seen')).toBeInTheDocument();
  });

  it('shows first-answer times and on-time share per category, and the ratings per category and staff', async () => {
    fetchMock.mockResolvedValue(dashboard());
    renderPage();
    const rowsOf = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.children, (cell) => cell.textContent));
    const first = await screen.findByRole('table', { name: 'First answers, last 30 days' });
    expect(rowsOf(first)).toEqual([
      ['Tools', '4 h', '100 h', '60% of 5 tickets'],
      ['Absences', '1 h', '1 h', '—'],
    ]);
    const ratings = screen.getByRole('table', { name: '“Did this solve it?”, last 30 days' });
    expect(rowsOf(ratings)).toEqual([
      ['Tools', '2', '1'],
      ['Handled by Anna Lindqvist', '2', '1'],
    ]);
  });

  it('says so when nobody answered or rated yet', async () => {
    fetchMock.mockResolvedValue(
      dashboard({ firstResponseByCategory: [], ratingsByCategory: [], ratingsByStaff: [] }),
    );
    renderPage();
    expect(
      await screen.findByText('No ticket of the last 30 days has been answered yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No answer to “Did this solve it?” in the last 30 days.')).toBeInTheDocument();
  });

  it('says so when no safety report was acknowledged lately, in Polish too', async () => {
    fetchMock.mockResolvedValue(dashboard({ safetyAcknowledgeBySite: [], safetyOpen: 2 }));
    await changeLanguage('pl');
    renderPage();
    expect(
      await screen.findByText('W ostatnich 90 dniach żadne zgłoszenie zagrożenia nie zostało odczytane.'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 czekają na odczytanie')).toBeInTheDocument();
  });

  it('says so when there are no tickets', async () => {
    fetchMock.mockResolvedValue(dashboard({ ticketsByStatus: {}, ticketsByCategory: {}, oldestOpen: [] }));
    renderPage();
    expect(await screen.findByText('There are no open tickets.')).toBeInTheDocument();
    expect(screen.getAllByText('There are no tickets yet.')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Tickets by status' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading', () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    renderPage();
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users by role' })).not.toBeInTheDocument();
  });

  it('shows the failure with a retry that loads the dashboard', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(Object.assign(new Error('INTERNAL'), { code: 'functions/internal' }));
    fetchMock.mockResolvedValueOnce(dashboard());
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the dashboard.');
    expect(screen.queryByRole('list', { name: 'Users by role' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Users by role' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s refusal rather than a generic failure', async () => {
    fetchMock.mockRejectedValue(
      Object.assign(new Error('admin.errors.forbidden'), { code: 'functions/permission-denied' }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  });

  it('refreshes the counts on demand', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(dashboard());
    fetchMock.mockResolvedValueOnce(
      dashboard({ usersByRole: { user: 13, foreman: 3, manager: 2, manager_pl: 1, admin: 1 } }),
    );
    renderPage();
    await screen.findByRole('list', { name: 'Users by role' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(counts('Users by role').Worker).toBe('13'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('links to user management; the debug tools only for an admin', async () => {
    fetchMock.mockResolvedValue(dashboard());
    renderPage('manager');
    await screen.findByRole('list', { name: 'Users by role' });
    expect(screen.getByRole('link', { name: 'User management' })).toHaveAttribute('href', '/admin/users');
    expect(screen.queryByRole('link', { name: 'Admin debug' })).not.toBeInTheDocument();
  });

  it('links an admin to the debug tools', async () => {
    fetchMock.mockResolvedValue(dashboard());
    renderPage('admin');
    await screen.findByRole('list', { name: 'Users by role' });
    expect(screen.getByRole('link', { name: 'Admin debug' })).toHaveAttribute('href', '/admin/debug');
  });
});
