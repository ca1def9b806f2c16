import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { NoticesProvider } from '../../../notices';
import { renderSignedIn } from '../../../testing/auth';
import { callableMock } from '../../../testing/fake-call';
import { uploadUpdateFile } from '../../api/process-ticket';
import type * as ProcessTicketApi from '../../api/process-ticket';
import type { ActivityEntry, Ticket } from '../../api/ticket-model';
import { useTicket } from '../../api/ticket-reads';
import { useStoredFileUrl } from '../../../lib/storage/use-stored-file-url';
import { makeActivity, makeTicket } from '../../shared/test-tickets';
import { TicketDetailsPage } from '../ticket-details-page';

vi.mock('../../api/ticket-reads', () => ({ useTicket: vi.fn() }));
vi.mock('../../../lib/storage/use-stored-file-url', () => ({ useStoredFileUrl: vi.fn() }));
vi.mock('../../api/process-ticket', async (importOriginal) => {
  const actual = await importOriginal<typeof ProcessTicketApi>();
  return {
    ...actual,
    uploadUpdateFile: vi.fn(),
  };
});
vi.mock('../../../lib/call', async () => (await import('../../../testing/fake-call')).fakeCallModule);

const changeStatusMock = callableMock('changeTicketStatus');
const assignMock = callableMock('assignTicket');
const addUpdateMock = callableMock('addTicketUpdate');
const confirmMock = callableMock('confirmTicketItem');
const staffMock = callableMock('listTicketStaff');
const uploadMock = vi.mocked(uploadUpdateFile);

const FOREMAN = { uid: 'u-foreman', role: 'foreman', name: 'Marek Wiśniewski', email: 'foreman@example.com' };
const WORKER = { uid: 'u-worker', role: 'user' };
const STAFF = [
  { uid: 'u-foreman', name: 'Marek Wiśniewski', email: 'foreman@example.com', role: 'foreman' },
  { uid: 'u-manager', name: 'Anna Lindqvist', email: 'manager@example.com', role: 'manager' },
];

const callableError = (code: string, message: string, details?: unknown) =>
  Object.assign(new Error(message), { code: `functions/${code}`, details });

function show(ticket: Ticket, activity: ActivityEntry[] = []) {
  vi.mocked(useTicket).mockReturnValue({
    status: 'ready',
    ticket,
    updates: [],
    activity,
    isFromCache: false,
    retry: vi.fn(),
  });
}

function renderPage(user: typeof FOREMAN | typeof WORKER) {
  return renderSignedIn(
    <NoticesProvider>
      <Routes>
        <Route path="/ticket/:ticketId" element={<TicketDetailsPage />} />
      </Routes>
    </NoticesProvider>,
    { ...user, path: '/ticket/t-0001' },
  );
}

const NEW_CLOTHES = makeTicket({
  status: 'new',
  assignedTo: null,
  items: [
    { name: 'Winter jacket, size L', quantity: 1, confirmed: true },
    { name: 'Safety shoes, size 43', quantity: 1, confirmed: false },
  ],
});

const IN_PROGRESS_PRESALARY = makeTicket({
  id: 't-0002',
  category: 'presalary',
  subcategory: 'advance',
  status: 'inProgress',
  details: { amount: 300, currency: 'EUR', fee: 15, total: 315, period: '2026-11-H1' },
});

/** The options of the status select, as their labels. */
function statusOptions(): string[] {
  const select = screen.getByLabelText('New status');
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('ticket actions', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    vi.mocked(useStoredFileUrl).mockReturnValue({
      url: null,
      isLoading: true,
      isError: false,
      isDenied: false,
    });
    for (const mock of [changeStatusMock, assignMock, addUpdateMock, confirmMock, staffMock, uploadMock]) {
      mock.mockReset();
    }
    staffMock.mockResolvedValue({ staff: STAFF });
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  describe('staff', () => {
    it('offers only the moves the table allows from the status, for the category', async () => {
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      await screen.findByLabelText('New status');
      expect(statusOptions()).toEqual(['Choose a status', 'In progress', 'Rejected', 'Noted']);

      show(IN_PROGRESS_PRESALARY);
      renderPage(FOREMAN);
      const selects = await screen.findAllByLabelText('New status');
      const options = within(selects.at(-1) as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(options).toEqual(['Choose a status', 'Resolved', 'Rejected', 'Paid', 'Other']);
    });

    it('asks for a reason before rejecting, then sends it', async () => {
      const user = userEvent.setup();
      changeStatusMock.mockResolvedValue({ ticketId: 't-0001', status: 'rejected', isChanged: true });
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      await user.selectOptions(await screen.findByLabelText('New status'), 'rejected');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      expect(changeStatusMock).not.toHaveBeenCalled();

      await user.type(screen.getByLabelText('Reason for rejection'), 'We have no size 43 this season');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      await waitFor(() =>
        expect(changeStatusMock).toHaveBeenCalledWith({
          ticketId: 't-0001',
          status: 'rejected',
          reason: 'We have no size 43 this season',
        }),
      );
      expect(await screen.findByText('Status changed to “Rejected”.')).toBeInTheDocument();
    });

    it('records the paid amount and day of a presalary', async () => {
      const user = userEvent.setup();
      changeStatusMock.mockResolvedValue({ ticketId: 't-0002', status: 'paid', isChanged: true });
      show(IN_PROGRESS_PRESALARY);
      renderPage(FOREMAN);
      await user.selectOptions(await screen.findByLabelText('New status'), 'paid');
      const amount = screen.getByLabelText('Amount paid (EUR)');
      const day = screen.getByLabelText('Payment date');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      expect(changeStatusMock).not.toHaveBeenCalled();

      await user.type(amount, '30.505');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      expect(await screen.findByText('Please enter a valid number')).toBeInTheDocument();
      await user.clear(amount);
      await user.type(amount, '0');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      expect(await screen.findByText('Please enter a valid amount greater than zero')).toBeInTheDocument();
      expect(changeStatusMock).not.toHaveBeenCalled();

      // More than the 300 EUR requested is refused before anything is sent.
      await user.clear(amount);
      await user.type(amount, '300,50');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      expect(
        await screen.findByText('The paid amount cannot be more than the amount requested.'),
      ).toBeInTheDocument();
      expect(changeStatusMock).not.toHaveBeenCalled();

      await user.clear(amount);
      await user.type(amount, '299,50');
      await user.clear(day);
      await user.type(day, '2026-11-20');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      await waitFor(() =>
        expect(changeStatusMock).toHaveBeenCalledWith({
          ticketId: 't-0002',
          status: 'paid',
          paidAmount: 299.5,
          paidDate: '2026-11-20',
        }),
      );
    });

    it("shows the server's refusal and keeps the choice and the reason", async () => {
      const user = userEvent.setup();
      changeStatusMock.mockRejectedValue(
        callableError('failed-precondition', 'tickets.processing.errors.illegalTransition'),
      );
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      await user.selectOptions(await screen.findByLabelText('New status'), 'rejected');
      await user.type(screen.getByLabelText('Reason for rejection'), 'Duplicate');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      expect(await screen.findByText(/This status change is not possible/)).toBeInTheDocument();
      expect(screen.getByLabelText('New status')).toHaveValue('rejected');
      expect(screen.getByLabelText('Reason for rejection')).toHaveValue('Duplicate');
    });

    it('puts a server field error on its field', async () => {
      const user = userEvent.setup();
      changeStatusMock.mockRejectedValue(
        callableError('invalid-argument', 'Invalid', { fields: { reason: 'validation.required' } }),
      );
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      await user.selectOptions(await screen.findByLabelText('New status'), 'rejected');
      await user.type(screen.getByLabelText('Reason for rejection'), 'x');
      await user.click(screen.getByRole('button', { name: 'Change status' }));
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
    });

    it('assigns to oneself, to another member of staff, and to nobody', async () => {
      const user = userEvent.setup();
      assignMock.mockResolvedValue({ ticketId: 't-0001', assignedTo: null, isChanged: true });
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
      expect(assignMock).toHaveBeenLastCalledWith({ ticketId: 't-0001', assigneeUid: 'u-foreman' });
      expect(await screen.findByText('Ticket assigned to Marek Wiśniewski.')).toBeInTheDocument();

      const select = screen.getByLabelText('Assign to');
      await waitFor(() => expect(select).toBeEnabled());
      expect(within(select).getByRole('option', { name: 'Anna Lindqvist (Manager)' })).toBeInTheDocument();
      await user.selectOptions(select, 'u-manager');
      await user.click(screen.getByRole('button', { name: 'Assign' }));
      expect(assignMock).toHaveBeenLastCalledWith({ ticketId: 't-0001', assigneeUid: 'u-manager' });

      show({ ...NEW_CLOTHES, assignedTo: { uid: 'u-manager', name: 'Anna Lindqvist', email: null } });
      renderPage(FOREMAN);
      const unassign = await screen.findAllByRole('button', { name: 'Unassign' });
      await user.click(unassign.at(-1) as HTMLElement);
      expect(assignMock).toHaveBeenLastCalledWith({ ticketId: 't-0001', assigneeUid: null });
    });

    it('says when the staff list cannot be loaded and retries', async () => {
      const user = userEvent.setup();
      staffMock.mockRejectedValueOnce(new Error('offline'));
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      expect(await screen.findByText('The staff list could not be loaded.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByLabelText('Assign to')).toBeInTheDocument();
      expect(staffMock).toHaveBeenCalledTimes(2);
    });

    it('confirms and withdraws ordered items one by one', async () => {
      const user = userEvent.setup();
      confirmMock.mockResolvedValue({ ticketId: 't-0001', index: 1, confirmed: true, isChanged: true });
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      await user.click(await screen.findByRole('button', { name: 'Confirm “Safety shoes, size 43”' }));
      expect(confirmMock).toHaveBeenCalledWith({ ticketId: 't-0001', index: 1, confirmed: true });
      expect(await screen.findByText('“Safety shoes, size 43” confirmed.')).toBeInTheDocument();
      await user.click(
        screen.getByRole('button', { name: 'Withdraw the confirmation of “Winter jacket, size L”' }),
      );
      expect(confirmMock).toHaveBeenLastCalledWith({ ticketId: 't-0001', index: 0, confirmed: false });
    });

    it('adds an update with a file into the update folder, keeping everything on a failed upload', async () => {
      const user = userEvent.setup();
      const photo = new File(['x'], 'receipt.jpg', { type: 'image/jpeg' });
      const pdf = new File(['y'], 'invoice.pdf', { type: 'application/pdf' });
      uploadMock.mockImplementation((_input, file) =>
        file.name === 'invoice.pdf' && uploadMock.mock.calls.length <= 2
          ? Promise.reject(new Error('network'))
          : Promise.resolve({
              name: file.name,
              path: `ticket-updates/u-worker/t-0001/${file.name}`,
              contentType: file.type,
              size: file.size,
            }),
      );
      addUpdateMock.mockResolvedValue({ ticketId: 't-0001', updateId: 'up1', isDuplicate: false });
      show({ ...NEW_CLOTHES, status: 'inProgress' });
      renderPage(FOREMAN);
      await user.type(await screen.findByLabelText('Message'), 'Ordered, arrives on Friday');
      expect(screen.getByText('26 / 2000')).toBeInTheDocument();
      await user.upload(screen.getByTestId('file-input'), [photo, pdf]);
      await user.click(screen.getByRole('button', { name: 'Add update' }));
      expect(await screen.findByText(/A file could not be uploaded/)).toBeInTheDocument();
      expect(addUpdateMock).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Message')).toHaveValue('Ordered, arrives on Friday');
      expect(uploadMock.mock.calls[0]?.[0]).toEqual({
        ownerUid: 'u-worker',
        ticketId: 't-0001',
        asStaff: true,
      });

      await user.click(screen.getByRole('button', { name: 'Add update' }));
      await waitFor(() => expect(addUpdateMock).toHaveBeenCalledTimes(1));
      // The photo was uploaded once: only the failed PDF went again.
      expect(uploadMock.mock.calls.map(([, file]) => file.name)).toEqual([
        'receipt.jpg',
        'invoice.pdf',
        'invoice.pdf',
      ]);
      expect(addUpdateMock.mock.calls[0]?.[0]).toMatchObject({
        ticketId: 't-0001',
        text: 'Ordered, arrives on Friday',
        attachments: [
          { name: 'receipt.jpg', path: 'ticket-updates/u-worker/t-0001/receipt.jpg' },
          { name: 'invoice.pdf', path: 'ticket-updates/u-worker/t-0001/invoice.pdf' },
        ],
      });
      await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue(''));
    });
  });

  describe('staff on their own ticket', () => {
    const OWN = { ...NEW_CLOTHES, createdBy: 'u-foreman' };

    it('offers no processing, only what the owner may do: an update with files from the ticket folder', async () => {
      const user = userEvent.setup();
      uploadMock.mockResolvedValue({
        name: 'size.jpg',
        size: 10,
        contentType: 'image/jpeg',
        path: 'tickets/u-foreman/t-0001/size.jpg',
      });
      addUpdateMock.mockResolvedValue({ ticketId: 't-0001', updateId: 'up1', isDuplicate: false });
      show(OWN);
      renderPage(FOREMAN);
      await user.type(await screen.findByLabelText('Message'), 'Size L, please');
      expect(screen.queryByRole('region', { name: 'Process ticket' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
      await user.upload(screen.getByTestId('file-input'), [
        new File(['x'], 'size.jpg', { type: 'image/jpeg' }),
      ]);
      await user.click(screen.getByRole('button', { name: 'Add update' }));
      await waitFor(() => expect(addUpdateMock).toHaveBeenCalledTimes(1));
      expect(uploadMock.mock.calls[0]?.[0]).toEqual({
        ownerUid: 'u-foreman',
        ticketId: 't-0001',
        asStaff: false,
      });
    });

    it('leaves the ticket’s owner out of the assignees another member of staff may choose', async () => {
      show({ ...NEW_CLOTHES, createdBy: 'u-manager' });
      renderPage(FOREMAN);
      const select = await screen.findByLabelText('Assign to');
      await waitFor(() => expect(select).toBeEnabled());
      expect(within(select).queryByRole('option', { name: /Anna Lindqvist/ })).not.toBeInTheDocument();
      expect(within(select).getByRole('option', { name: /Marek Wiśniewski/ })).toBeInTheDocument();
    });

    it('shows the server’s refusal of processing one’s own ticket in the user’s words', async () => {
      const user = userEvent.setup();
      assignMock.mockRejectedValue(callableError('permission-denied', 'tickets.processing.errors.ownTicket'));
      show(NEW_CLOTHES);
      renderPage(FOREMAN);
      await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
      expect(
        await screen.findByText('This is your own ticket: another staff member has to handle it.'),
      ).toBeInTheDocument();
    });
  });

  describe('the worker', () => {
    it('sees no processing on their own ticket, and may add an update while it is open', async () => {
      const user = userEvent.setup();
      addUpdateMock
        .mockRejectedValueOnce(callableError('unavailable', 'unavailable'))
        .mockResolvedValueOnce({ ticketId: 't-0001', updateId: 'up1', isDuplicate: false });
      show(NEW_CLOTHES);
      renderPage(WORKER);
      await user.type(await screen.findByLabelText('Message'), 'My size is 44, not 43');
      expect(screen.queryByRole('region', { name: 'Process ticket' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Confirm/ })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Add update' }));
      expect(await screen.findByText(/No connection/)).toBeInTheDocument();
      expect(screen.getByLabelText('Message')).toHaveValue('My size is 44, not 43');
      await user.click(screen.getByRole('button', { name: 'Add update' }));
      await waitFor(() => expect(addUpdateMock).toHaveBeenCalledTimes(2));
      const [first, second] = addUpdateMock.mock.calls.map(([request]) => request);
      // One request id for both tries: the server adds the update once.
      expect(second?.requestId).toBe(first?.requestId);
      expect(second).toMatchObject({ ticketId: 't-0001', text: 'My size is 44, not 43', attachments: [] });
    });

    it('refuses an empty update with a message', async () => {
      const user = userEvent.setup();
      show(NEW_CLOTHES);
      renderPage(WORKER);
      await user.click(await screen.findByRole('button', { name: 'Add update' }));
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      expect(addUpdateMock).not.toHaveBeenCalled();
    });

    it('may archive their own resolved ticket, and nothing more', async () => {
      const user = userEvent.setup();
      changeStatusMock.mockResolvedValue({ ticketId: 't-0001', status: 'archived', isChanged: true });
      show({ ...NEW_CLOTHES, status: 'resolved' });
      renderPage(WORKER);
      await user.click(await screen.findByRole('button', { name: 'Archive ticket' }));
      expect(changeStatusMock).toHaveBeenCalledWith({ ticketId: 't-0001', status: 'archived' });
      expect(await screen.findByText('Ticket archived.')).toBeInTheDocument();
      expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    });

    it("gets no actions on a closed ticket or on someone else's", async () => {
      show({ ...NEW_CLOTHES, status: 'rejected', rejectionReason: 'Duplicate of T-0003' });
      renderPage(WORKER);
      expect(await screen.findByText('Duplicate of T-0003')).toBeInTheDocument();
      show({ ...NEW_CLOTHES, createdBy: 'u-other' });
      renderPage(WORKER);
      await screen.findAllByRole('region', { name: 'Updates' });
      expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Archive ticket' })).not.toBeInTheDocument();
    });

    it('reads processing in the activity log', async () => {
      show(NEW_CLOTHES, [
        makeActivity({
          id: 'a2',
          change: { type: 'field', field: 'update', from: null, to: 'Ordered, arrives Friday' },
        }),
        makeActivity({
          id: 'a3',
          change: {
            type: 'field',
            field: 'items.Safety shoes, size 43',
            from: 'unconfirmed',
            to: 'confirmed',
          },
        }),
        makeActivity({ id: 'a4', change: { type: 'field', field: 'status', from: 'new', to: 'inProgress' } }),
      ]);
      renderPage(WORKER);
      expect(await screen.findByText('Update added: “Ordered, arrives Friday”')).toBeInTheDocument();
      expect(screen.getByText('Item “Safety shoes, size 43” confirmed')).toBeInTheDocument();
      expect(screen.getByText(/Status changed from “New” to “In progress”/)).toBeInTheDocument();
    });
  });
});
