import { UPDATE_TEXT_MAX_CHARS } from '@domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { NoticesProvider } from '../../notices';
import { renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import type * as ProcessTicketApi from '../api/process-ticket';
import { newUpdateRequestId } from '../api/process-ticket';
import { makeQueueTicket, queueAnswer } from './queue-test-data';
import { TicketQueuePage } from './ticket-queue-page';

vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);
vi.mock('../api/process-ticket', async (importOriginal) => ({
  ...(await importOriginal<typeof ProcessTicketApi>()),
  newUpdateRequestId: vi.fn(),
}));

// antd's notices and the queue's rows render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 3000 });

const fetchMock = callableMock('listTicketQueue');
const assignMock = callableMock('assignTicket');
const statusMock = callableMock('changeTicketStatus');
const updateMock = callableMock('addTicketUpdate');
const requestIdMock = vi.mocked(newUpdateRequestId);

const NEW_TICKET = makeQueueTicket({ id: 't-0003', number: 'T-0003' });
const TAKEN_BY_OTHER = makeQueueTicket({
  id: 't-0004',
  number: 'T-0004',
  assignedTo: { uid: 'u-manager', name: 'Anna Nowak' },
});
const MINE = makeQueueTicket({
  id: 't-0005',
  number: 'T-0005',
  assignedTo: { uid: 'u-foreman', name: 'Marek Wiśniewski' },
});
const IN_PROGRESS = makeQueueTicket({ id: 't-0006', number: 'T-0006', status: 'inProgress' });
const RESOLVED = makeQueueTicket({ id: 't-0008', number: 'T-0008', status: 'resolved' });

function renderQueue() {
  return renderSignedIn(
    <NoticesProvider>
      <Routes>
        <Route path="/ticket-queue" element={<TicketQueuePage />} />
      </Routes>
    </NoticesProvider>,
    { role: 'foreman', uid: 'u-foreman', name: 'Marek Wiśniewski', path: '/ticket-queue' },
  );
}

const rowOf = (number: string) => screen.getByRole('link', { name: number }).closest('li') as HTMLElement;

/** Opens the panel of a ticket and returns it. */
async function openPanel(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('button', { name: `Start work on ${number}` }));
  return screen.getByRole('form', { name: `Start work on ${number}` });
}

const textBox = (panel: HTMLElement) => within(panel).getByRole('textbox', { name: 'Update for the worker' });
/** A notice of the notices region (which appears with the first notice). */
async function findNotice(text: string | RegExp) {
  return within(await screen.findByRole('region', { name: 'Notifications' })).findByText(text);
}

describe('Start work from the queue', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    for (const mock of [fetchMock, assignMock, statusMock, updateMock, requestIdMock]) mock.mockReset();
    fetchMock.mockResolvedValue(
      queueAnswer({ tickets: [NEW_TICKET, TAKEN_BY_OTHER, MINE, IN_PROGRESS, RESOLVED] }),
    );
    requestIdMock.mockReturnValueOnce('request-0001').mockReturnValueOnce('request-0002');
    assignMock.mockImplementation(({ ticketId }) =>
      Promise.resolve({
        ticketId,
        assignedTo: { uid: 'u-foreman', name: 'Marek Wiśniewski' },
        isChanged: true,
      }),
    );
    statusMock.mockImplementation(({ ticketId }) =>
      Promise.resolve({ ticketId, status: 'inProgress', isChanged: true }),
    );
    updateMock.mockImplementation(({ ticketId }) =>
      Promise.resolve({ ticketId, updateId: 'up-1', isDuplicate: false }),
    );
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('is offered on new tickets only', async () => {
    renderQueue();
    await screen.findByRole('link', { name: 'T-0003' });
    for (const number of ['T-0003', 'T-0004', 'T-0005']) {
      expect(
        within(rowOf(number)).getByRole('button', { name: `Start work on ${number}` }),
      ).toBeInTheDocument();
    }
    for (const number of ['T-0006', 'T-0008']) {
      expect(within(rowOf(number)).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('assigns the ticket to the caller, moves it to in progress, adds the update, in that order', async () => {
    const user = userEvent.setup();
    renderQueue();
    const panel = await openPanel(user, 'T-0003');
    expect(textBox(panel)).toHaveFocus();
    expect(within(panel).getByRole('checkbox', { name: 'Assign to me' })).toBeChecked();
    expect(within(panel).getByText(`0 / ${UPDATE_TEXT_MAX_CHARS}`)).toBeInTheDocument();

    await user.type(textBox(panel), '  Ordered new trousers, size 52.  ');
    expect(within(panel).getByText(`34 / ${UPDATE_TEXT_MAX_CHARS}`)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));

    expect(await findNotice('Work started on T-0003. The worker can see your update.')).toBeInTheDocument();
    expect(assignMock).toHaveBeenCalledExactlyOnceWith({ ticketId: 't-0003', assigneeUid: 'u-foreman' });
    expect(statusMock).toHaveBeenCalledExactlyOnceWith({ ticketId: 't-0003', status: 'inProgress' });
    expect(updateMock).toHaveBeenCalledExactlyOnceWith({
      requestId: 'request-0001',
      ticketId: 't-0003',
      text: 'Ordered new trousers, size 52.',
      attachments: [],
    });
    const order = [assignMock, statusMock, updateMock].map((mock) => mock.mock.invocationCallOrder[0] ?? 0);
    expect(order).toStrictEqual([...order].sort((a, b) => a - b));

    // The panel closes and the list is asked again.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('form', { name: 'Start work on T-0003' })).not.toBeInTheDocument();
  });

  it('shows its progress while the calls run', async () => {
    const user = userEvent.setup();
    let finishStatus: () => void = () => undefined;
    statusMock.mockImplementation(
      ({ ticketId }) =>
        new Promise((resolve) => {
          finishStatus = () => resolve({ ticketId, status: 'inProgress', isChanged: true });
        }),
    );
    renderQueue();
    const panel = await openPanel(user, 'T-0003');
    await user.type(textBox(panel), 'On it.');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));
    await waitFor(() => expect(statusMock).toHaveBeenCalled());
    expect(within(panel).getByRole('button', { name: 'Start work' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Start work' })).toHaveAttribute('aria-busy', 'true');
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finishStatus();
    expect(await findNotice(/Work started on T-0003/)).toBeInTheDocument();
  });

  it('keeps the text when a step fails, names it, and a retry skips the steps already done', async () => {
    const user = userEvent.setup();
    statusMock.mockRejectedValueOnce({ code: 'functions/unavailable', message: 'offline' });
    renderQueue();
    const panel = await openPanel(user, 'T-0003');
    await user.type(textBox(panel), 'Ordered new trousers.');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));

    const reason = i18n.t('tickets.processing.errors.noConnection');
    expect(reason).not.toContain('tickets.processing');
    const failure = `Changing the status to In progress failed: ${reason}`;
    expect(await findNotice(failure)).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(failure);
    expect(textBox(panel)).toHaveValue('Ordered new trousers.');
    expect(updateMock).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The assignment went through: it cannot be unticked any more.
    expect(within(panel).getByRole('checkbox', { name: 'Assign to me' })).toBeDisabled();

    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await findNotice(/Work started on T-0003/)).toBeInTheDocument();
    expect(assignMock).toHaveBeenCalledTimes(1);
    expect(statusMock).toHaveBeenCalledTimes(2);
    expect(updateMock).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ requestId: 'request-0001', text: 'Ordered new trousers.' }),
    );
  });

  it('retries a failed update with the same request id, without changing the status again', async () => {
    const user = userEvent.setup();
    updateMock.mockRejectedValueOnce({ code: 'functions/internal', message: 'INTERNAL' });
    renderQueue();
    const panel = await openPanel(user, 'T-0003');
    await user.type(textBox(panel), 'Ordered.');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));
    expect(
      await findNotice('Adding the update failed: The update could not be added. Please try again.'),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await findNotice(/Work started on T-0003/)).toBeInTheDocument();
    expect(assignMock).toHaveBeenCalledTimes(1);
    expect(statusMock).toHaveBeenCalledTimes(1);
    expect(updateMock).toHaveBeenCalledTimes(2);
    expect(updateMock.mock.calls.map(([request]) => request.requestId)).toStrictEqual([
      'request-0001',
      'request-0001',
    ]);
  });

  it('does not change the status again once the refreshed list shows it in progress', async () => {
    const user = userEvent.setup();
    statusMock.mockRejectedValueOnce({
      code: 'functions/failed-precondition',
      message: 'tickets.processing.errors.illegalTransition',
    });
    renderQueue();
    const panel = await openPanel(user, 'T-0003');
    await user.type(textBox(panel), 'Ordered.');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      "This status change is not possible from the ticket's current status.",
    );

    // Someone else moved it meanwhile; the refreshed list says so and the panel stays open.
    fetchMock.mockResolvedValue(queueAnswer({ tickets: [{ ...NEW_TICKET, status: 'inProgress' }] }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(rowOf('T-0003')).getByText('In progress')).toBeInTheDocument());
    const samePanel = screen.getByRole('form', { name: 'Start work on T-0003' });
    expect(textBox(samePanel)).toHaveValue('Ordered.');

    await user.click(within(samePanel).getByRole('button', { name: 'Try again' }));
    expect(await findNotice(/Work started on T-0003/)).toBeInTheDocument();
    expect(statusMock).toHaveBeenCalledTimes(1);
    expect(updateMock).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty text with a translated message and calls nothing', async () => {
    const user = userEvent.setup();
    renderQueue();
    const panel = await openPanel(user, 'T-0003');
    await user.type(textBox(panel), '   ');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('This field is required');
    expect(textBox(panel)).toHaveAttribute('aria-invalid', 'true');
    expect(textBox(panel)).toHaveFocus();
    expect(assignMock).not.toHaveBeenCalled();
    expect(statusMock).not.toHaveBeenCalled();
    expect(updateMock).not.toHaveBeenCalled();

    await user.type(textBox(panel), 'x');
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("leaves someone else's ticket with them unless asked to take it over", async () => {
    const user = userEvent.setup();
    renderQueue();
    const panel = await openPanel(user, 'T-0004');
    expect(within(panel).getByRole('checkbox', { name: 'Assign to me' })).not.toBeChecked();
    await user.type(textBox(panel), 'Looking into it.');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));
    expect(await findNotice(/Work started on T-0004/)).toBeInTheDocument();
    expect(assignMock).not.toHaveBeenCalled();
    expect(statusMock).toHaveBeenCalledExactlyOnceWith({ ticketId: 't-0004', status: 'inProgress' });
  });

  it('takes over when ticked, and does not assign again a ticket that is already the caller’s', async () => {
    const user = userEvent.setup();
    renderQueue();
    let panel = await openPanel(user, 'T-0004');
    await user.click(within(panel).getByRole('checkbox', { name: 'Assign to me' }));
    await user.type(textBox(panel), 'Taking this one.');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));
    expect(await findNotice(/Work started on T-0004/)).toBeInTheDocument();
    expect(assignMock).toHaveBeenCalledExactlyOnceWith({ ticketId: 't-0004', assigneeUid: 'u-foreman' });

    assignMock.mockClear();
    panel = await openPanel(user, 'T-0005');
    const mine = within(panel).getByRole('checkbox', { name: 'Already assigned to you' });
    expect(mine).toBeChecked();
    expect(mine).toBeDisabled();
    await user.type(textBox(panel), 'On it.');
    await user.click(within(panel).getByRole('button', { name: 'Start work' }));
    expect(await findNotice(/Work started on T-0005/)).toBeInTheDocument();
    expect(assignMock).not.toHaveBeenCalled();
    // A new opening, a new request id.
    expect(updateMock.mock.lastCall?.[0].requestId).toBe('request-0002');
  });

  it('cancel closes the panel without calling anything', async () => {
    const user = userEvent.setup();
    renderQueue();
    const panel = await openPanel(user, 'T-0003');
    await user.type(textBox(panel), 'Draft');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Start work on T-0003' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start work on T-0003' })).toHaveFocus();
    expect(updateMock).not.toHaveBeenCalled();
  });
});
