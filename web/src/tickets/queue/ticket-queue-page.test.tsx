import type { TicketQueueInput, TicketQueueResponse } from '@domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { NoticesProvider } from '../../notices';
import { type TestUserOptions, renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import { formatShortDate } from '../shared/format';
import { ticketBackLinkFrom } from '../shared/ticket-link-state';
import { counts, daysAgo, makeQueueTicket, queueAnswer } from './queue-test-data';
import { TicketQueuePage } from './ticket-queue-page';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

// antd's notices and the queue's rows render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 3000 });

const fetchMock = callableMock('listTicketQueue');

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

/** Stands in for the ticket page: shows where its back link would go. */
function TicketPageProbe() {
  const back = ticketBackLinkFrom(useLocation().state);
  return <p>{`ticket page, back to ${back.path}`}</p>;
}

function renderQueue(options: TestUserOptions & { path?: string } = {}) {
  return renderSignedIn(
    <NoticesProvider>
      <Routes>
        <Route path="/ticket-queue" element={<TicketQueuePage />} />
        <Route path="/ticket/:ticketId" element={<TicketPageProbe />} />
      </Routes>
      <LocationProbe />
    </NoticesProvider>,
    { role: 'foreman', uid: 'u-foreman', name: 'Marek Wiśniewski', path: '/ticket-queue', ...options },
  );
}

const currentUrl = () => screen.getByRole('status', { name: 'location' }).textContent;
const lastRequest = (): TicketQueueInput | undefined => fetchMock.mock.lastCall?.[0];
const rowOf = (number: string) => screen.getByRole('link', { name: number }).closest('li') as HTMLElement;
const chip = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Tickets per status' })).getByRole('button', { name });

/** A promise the test settles itself, to look at the screen while a request is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const TICKETS = [
  makeQueueTicket(),
  makeQueueTicket({
    id: 't-0007',
    number: 'T-0007',
    category: 'presalary',
    subcategory: 'advance',
    status: 'inProgress',
    description: 'Please pay me an advance of 150 EUR before the weekend.',
    createdAt: daysAgo(1),
    submitter: { uid: 'u-worker2', name: 'Andrzej Zieliński' },
    assignedTo: { uid: 'u-manager', name: 'Anna Nowak' },
    site: null,
  }),
];

describe('TicketQueuePage', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(
      queueAnswer({ tickets: TICKETS, counts: counts({ new: 4, inProgress: 2, resolved: 7, rejected: 1 }) }),
    );
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('lists the open tickets oldest first with what staff need to pick one', async () => {
    renderQueue();
    expect(screen.getByRole('heading', { name: 'Ticket queue' })).toBeInTheDocument();
    expect(screen.getByText('Loading tickets…')).toBeInTheDocument();

    const link = await screen.findByRole('link', { name: 'T-0003' });
    expect(link).toHaveAttribute('href', '/ticket/t-0003');
    const first = rowOf('T-0003');
    expect(first).toHaveTextContent('Workwear › New workwear');
    expect(within(first).getByText('New')).toHaveClass('status-tag--blue');
    expect(first).toHaveTextContent('Piotr Kowalczyk');
    expect(first).toHaveTextContent('Kiruna Mine Extension');
    expect(within(first).getByText('3 days')).toBeInTheDocument();
    expect(first).toHaveTextContent(`since ${formatShortDate(new Date(TICKETS[0]?.createdAt ?? ''), 'en')}`);
    expect(first).toHaveTextContent('Unassigned');
    expect(first).toHaveTextContent('Winter is starting and my work trousers are torn at both knees.');

    const second = rowOf('T-0007');
    expect(second).toHaveTextContent('Salary advance › Advance on salary');
    expect(within(second).getByText('In progress')).toBeInTheDocument();
    expect(within(second).getByText('1 day')).toBeInTheDocument();
    expect(second).toHaveTextContent('Anna Nowak');
    expect(second).toHaveTextContent('No site');

    // In the order the server sent them.
    const numbers = within(screen.getByRole('list', { name: 'Tickets in the queue' }))
      .getAllByRole('link')
      .map((row) => row.textContent);
    expect(numbers).toStrictEqual(['T-0003', 'T-0007']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastRequest()).toStrictEqual({ status: 'open', assignee: 'any', limit: 25 });
  });

  it('opens a ticket with link state that brings the back link to the same filtered queue', async () => {
    const user = userEvent.setup();
    renderQueue({ path: '/ticket-queue?assignee=unassigned&category=clothes' });
    await user.click(await screen.findByRole('link', { name: 'T-0003' }));
    expect(
      screen.getByText('ticket page, back to /ticket-queue?assignee=unassigned&category=clothes'),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/ticket/t-0003');
  });

  it('reads the filters from the URL and sends them', async () => {
    renderQueue({
      path: '/ticket-queue?status=resolved&assignee=mine&category=tools&site=Kiruna+Mine+Extension',
    });
    await screen.findByRole('link', { name: 'T-0003' });
    expect(lastRequest()).toStrictEqual({
      status: 'resolved',
      assignee: 'mine',
      category: 'tools',
      site: 'Kiruna Mine Extension',
      limit: 25,
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('resolved');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('tools');
    expect(screen.getByRole('combobox', { name: 'Site' })).toHaveValue('Kiruna Mine Extension');
    const assignee = screen.getByRole('group', { name: 'Assignee' });
    expect(within(assignee).getByRole('button', { name: 'Assigned to me' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(assignee).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('ignores filter values it does not know', async () => {
    renderQueue({ path: '/ticket-queue?status=unknown&assignee=boss&category=cake&limit=7' });
    await screen.findByRole('link', { name: 'T-0003' });
    expect(lastRequest()).toStrictEqual({ status: 'open', assignee: 'any', limit: 25 });
  });

  it('writes each filter to the URL and asks for it', async () => {
    const user = userEvent.setup();
    renderQueue();
    await screen.findByRole('link', { name: 'T-0003' });

    await user.click(
      within(screen.getByRole('group', { name: 'Assignee' })).getByRole('button', { name: 'Unassigned' }),
    );
    expect(currentUrl()).toBe('/ticket-queue?assignee=unassigned');
    await waitFor(() =>
      expect(lastRequest()).toStrictEqual({ status: 'open', assignee: 'unassigned', limit: 25 }),
    );

    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(within(category).getByRole('option', { name: 'Salary advance' })).toBeInTheDocument();
    await user.selectOptions(category, 'Workwear');
    expect(currentUrl()).toBe('/ticket-queue?assignee=unassigned&category=clothes');

    const site = screen.getByRole('combobox', { name: 'Site' });
    expect(
      within(site)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toStrictEqual(['All sites', 'Gothenburg Harbour', 'Kiruna Mine Extension']);
    await user.selectOptions(site, 'Gothenburg Harbour');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
    expect(currentUrl()).toBe(
      '/ticket-queue?status=rejected&assignee=unassigned&category=clothes&site=Gothenburg+Harbour',
    );
    await waitFor(() =>
      expect(lastRequest()).toStrictEqual({
        status: 'rejected',
        assignee: 'unassigned',
        category: 'clothes',
        site: 'Gothenburg Harbour',
        limit: 25,
      }),
    );

    // Back to the defaults: a plain address again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open (new and in progress)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All categories');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Site' }), 'All sites');
    await user.click(
      within(screen.getByRole('group', { name: 'Assignee' })).getByRole('button', { name: 'All' }),
    );
    expect(currentUrl()).toBe('/ticket-queue');
  });

  it('shows the counts per status as chips, and a chip filters by its status', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      queueAnswer({
        tickets: TICKETS,
        counts: counts({ new: 4, inProgress: 2, resolved: 7, rejected: 1, unknown: 1 }),
      }),
    );
    renderQueue();
    await screen.findByRole('link', { name: 'T-0003' });

    expect(chip(/^Open/)).toHaveAccessibleName('Open 6');
    expect(chip(/^Open/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^All/)).toHaveAccessibleName('All 15');
    expect(chip(/^New/)).toHaveAccessibleName('New 4');
    expect(chip(/^In progress/)).toHaveAccessibleName('In progress 2');
    expect(chip(/^Resolved/)).toHaveAccessibleName('Resolved 7');
    expect(chip(/^Paid/)).toHaveAccessibleName('Paid 0');
    // Counted, but no filter can ask for it.
    expect(
      within(screen.getByRole('group', { name: 'Tickets per status' })).getByText('Unknown'),
    ).toBeInTheDocument();

    await user.click(chip(/^Resolved/));
    expect(currentUrl()).toBe('/ticket-queue?status=resolved');
    await waitFor(() =>
      expect(lastRequest()).toStrictEqual({ status: 'resolved', assignee: 'any', limit: 25 }),
    );
    expect(chip(/^Resolved/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^Open/)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('resolved');

    await user.click(chip(/^All/));
    expect(currentUrl()).toBe('/ticket-queue?status=all');
    await user.click(chip(/^Open/));
    expect(currentUrl()).toBe('/ticket-queue');
  });

  it('marks overdue rows, counts them per status, and filters by “Overdue”', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      queueAnswer({
        tickets: [
          makeQueueTicket({ id: 't-late', number: 'T-LATE', answerDueDay: '2026-11-20', overdueDays: 5 }),
          makeQueueTicket({ id: 't-fine', number: 'T-FINE', answerDueDay: '2026-12-20' }),
        ],
        counts: counts({ new: 4, inProgress: 2 }),
        overdueCounts: { new: 2, inProgress: 1 },
      }),
    );
    renderQueue();
    const late = (await screen.findByRole('link', { name: 'T-LATE' })).closest('li') as HTMLElement;
    expect(late).toHaveTextContent('Answer overdue by 5 days');
    const fine = screen.getByRole('link', { name: 'T-FINE' }).closest('li') as HTMLElement;
    expect(fine).not.toHaveTextContent('overdue');
    expect(chip(/^Overdue/)).toHaveAccessibleName('Overdue 3');
    expect(chip(/^New/)).toHaveAccessibleName('New 4 2 late');
    expect(chip(/^In progress/)).toHaveAccessibleName('In progress 2 1 late');

    await user.click(chip(/^Overdue/));
    expect(currentUrl()).toBe('/ticket-queue?overdue=1');
    await waitFor(() =>
      expect(lastRequest()).toStrictEqual({ status: 'open', overdue: true, assignee: 'any', limit: 25 }),
    );
    expect(chip(/^Overdue/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^Open/)).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip(/^New/));
    expect(currentUrl()).toBe('/ticket-queue?status=new');
  });

  it('tells staff how workers rated their answers, once there is a rating', async () => {
    fetchMock.mockResolvedValue(queueAnswer({ myRatings: { up: 12, down: 1 } }));
    const view = renderQueue();
    expect(await screen.findByText('Workers rated your answers: 👍 12, 👎 1.')).toBeInTheDocument();
    view.unmount();
    fetchMock.mockResolvedValue(queueAnswer());
    renderQueue();
    await screen.findByRole('link', { name: 'T-0003' });
    expect(screen.queryByText(/Workers rated your answers/)).not.toBeInTheDocument();
  });

  it('shows more: asks for the next page and keeps the shown rows meanwhile', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(queueAnswer({ tickets: TICKETS, hasMore: true }));
    const more = deferred<TicketQueueResponse>();
    fetchMock.mockReturnValueOnce(more.promise);
    renderQueue({ path: '/ticket-queue?assignee=unassigned' });
    await screen.findByRole('link', { name: 'T-0003' });

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(currentUrl()).toBe('/ticket-queue?assignee=unassigned&limit=50');
    await waitFor(() =>
      expect(lastRequest()).toStrictEqual({ status: 'open', assignee: 'unassigned', limit: 50 }),
    );
    expect(screen.getByRole('link', { name: 'T-0003' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'T-0007' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more' })).toBeDisabled();

    more.resolve(
      queueAnswer({
        tickets: [...TICKETS, makeQueueTicket({ id: 't-0009', number: 'T-0009', createdAt: daysAgo(0.5) })],
        hasMore: false,
      }),
    );
    expect(await screen.findByRole('link', { name: 'T-0009' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'T-0003' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(rowOf('T-0009')).getByText('12 hours')).toBeInTheDocument();

    // A new filter starts again at one page.
    await user.click(
      within(screen.getByRole('group', { name: 'Assignee' })).getByRole('button', { name: 'Assigned to me' }),
    );
    expect(currentUrl()).toBe('/ticket-queue?assignee=mine');
  });

  it('keeps the shown rows when the next page fails, and retries it', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(queueAnswer({ tickets: TICKETS, hasMore: true }));
    fetchMock.mockRejectedValueOnce({ code: 'functions/unavailable', message: 'offline' });
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(
      await screen.findByText('No connection to the server. Check your internet connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'T-0003' })).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(
      queueAnswer({ tickets: [...TICKETS, makeQueueTicket({ id: 't-0011', number: 'T-0011' })] }),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'T-0011' })).toBeInTheDocument();
    expect(lastRequest()).toStrictEqual({ status: 'open', assignee: 'any', limit: 50 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the queue could not be loaded and retries', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce({ code: 'functions/internal', message: 'INTERNAL' });
    renderQueue();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The ticket queue could not be loaded. Please try again.');
    expect(screen.queryByRole('list', { name: 'Tickets in the queue' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'T-0003' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the server's own reason, e.g. no permission", async () => {
    fetchMock.mockRejectedValueOnce({
      code: 'functions/permission-denied',
      message: 'tickets.queue.errors.forbidden',
    });
    renderQueue();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not allowed to see the ticket queue.',
    );
  });

  it('refreshes on request', async () => {
    const user = userEvent.setup();
    renderQueue();
    await screen.findByRole('link', { name: 'T-0003' });
    fetchMock.mockResolvedValueOnce(
      queueAnswer({ tickets: [makeQueueTicket({ id: 't-0020', number: 'T-0020' })] }),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('link', { name: 'T-0020' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'T-0003' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says when nothing waits, and offers to clear filters when they hide everything', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(queueAnswer({ tickets: [], counts: counts() }));
    const { unmount } = renderQueue();
    expect(await screen.findByText('No open tickets. Nothing is waiting for staff.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    unmount();

    renderQueue({ path: '/ticket-queue?assignee=mine&site=Gothenburg+Harbour' });
    expect(await screen.findByText('No tickets match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl()).toBe('/ticket-queue');
    await waitFor(() => expect(lastRequest()).toStrictEqual({ status: 'open', assignee: 'any', limit: 25 }));
  });

  it('speaks Polish', async () => {
    await changeLanguage('pl');
    renderQueue();
    expect(screen.getByRole('heading', { name: 'Kolejka zgłoszeń' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'T-0003' })).closest('li') as HTMLElement;
    expect(within(row).getByText('3 dni')).toBeInTheDocument();
    expect(row).toHaveTextContent('Nieprzypisane');
    expect(within(row).getByRole('button', { name: 'Rozpocznij pracę nad T-0003' })).toBeInTheDocument();
  });
});
