import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { NoticesProvider } from '../../notices';
import { renderSignedIn } from '../../testing/auth';
import { callableMock } from '../../testing/fake-call';
import type { Ticket } from '../api/ticket-model';
import { useTicket } from '../api/ticket-reads';
import { makeTicket } from '../shared/test-tickets';
import { TicketDetailsPage } from './ticket-details-page';

// The worker's ticket page after filing: when to expect an answer, and "Did this solve it?" once
// staff answered it. The live ticket is faked (useTicket); rateTicket goes to a fake call().

vi.mock('../api/ticket-reads', () => ({ useTicket: vi.fn() }));
vi.mock('../../lib/storage/use-stored-file-url', () => ({ useStoredFileUrl: vi.fn() }));
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

const rateMock = callableMock('rateTicket');
const WORKER = { uid: 'u-worker', role: 'user' };
const FOREMAN = { uid: 'u-foreman', role: 'foreman', name: 'Marek Wiśniewski' };

function show(ticket: Ticket) {
  vi.mocked(useTicket).mockReturnValue({
    status: 'ready',
    ticket,
    updates: [],
    activity: [],
    isFromCache: false,
    retry: vi.fn(),
  });
}

function renderPage(user: typeof WORKER | typeof FOREMAN = WORKER) {
  return renderSignedIn(
    <NoticesProvider>
      <Routes>
        <Route path="/ticket/:ticketId" element={<TicketDetailsPage />} />
      </Routes>
    </NoticesProvider>,
    { ...user, path: '/ticket/t-0001' },
  );
}

const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('when to expect an answer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await changeLanguage('pl');
  });

  it.each([
    ['en', 'Answer', 'Answer expected by Fri 27 Nov'],
    ['pl', 'Odpowiedź', 'Odpowiedź spodziewana do pt., 27 lis'],
    ['ru', 'Ответ', 'Ответ ожидается до пт, 27 нояб.'],
  ] as const)('%s: says by which day staff should answer a new ticket', async (language, label, text) => {
    await changeLanguage(language);
    show(makeTicket({ status: 'new', answerDueDay: '2026-11-27' }));
    renderPage();
    expect(valueOf(label)).toBe(text);
  });

  it('says by how many days the answer is late once the day has passed', async () => {
    await changeLanguage('en');
    show(makeTicket({ status: 'inProgress', answerDueDay: '2026-11-23' }));
    renderPage();
    expect(valueOf('Answer')).toBe('Answer overdue by 2 days');
  });

  it('says nothing once staff answered, or for a closed ticket', async () => {
    await changeLanguage('en');
    show(makeTicket({ status: 'inProgress', answerDueDay: '2026-11-27', firstResponseAt: new Date() }));
    const view = renderPage();
    expect(screen.queryByText('Answer', { selector: 'dt' })).not.toBeInTheDocument();
    view.unmount();
    show(makeTicket({ status: 'resolved', answerDueDay: '2026-11-23' }));
    renderPage();
    expect(screen.queryByText('Answer', { selector: 'dt' })).not.toBeInTheDocument();
  });
});

describe('Did this solve it?', () => {
  beforeEach(() => {
    rateMock.mockReset();
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('asks the owner of a sent ticket, and sends a 👎 with the comment once', async () => {
    await changeLanguage('en');
    rateMock.mockResolvedValue({ ticketId: 't-0001', status: 'inProgress', isDuplicate: false });
    show(makeTicket({ status: 'sent' }));
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Did this solve it?' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'No, it did not solve it' }));
    await userEvent.type(
      within(panel).getByLabelText('What is still wrong? (optional)'),
      'Shoes are size 42',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(rateMock).toHaveBeenCalledTimes(1));
    expect(rateMock).toHaveBeenCalledWith({
      requestId: expect.any(String) as unknown,
      ticketId: 't-0001',
      rating: 'down',
      comment: 'Shoes are size 42',
    });
    expect(
      await screen.findByText('Sent back to the office: your ticket is in progress again.'),
    ).toBeVisible();
  });

  it('retries with the same request after a lost connection', async () => {
    await changeLanguage('en');
    rateMock
      .mockRejectedValueOnce(Object.assign(new Error('internal'), { code: 'functions/internal' }))
      .mockResolvedValue({ ticketId: 't-0001', status: 'sent', isDuplicate: false });
    show(makeTicket({ status: 'sent' }));
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Did this solve it?' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Yes, it solved it' }));
    const send = within(panel).getByRole('button', { name: 'Send answer' });
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    await waitFor(() => expect(rateMock).toHaveBeenCalledTimes(2));
    const [first, second] = rateMock.mock.calls.map(([request]) => request.requestId);
    expect(second).toBe(first);
  });

  it('does not ask staff, the owner of an open ticket, or once answered; shows the answer given', async () => {
    await changeLanguage('en');
    show(makeTicket({ status: 'sent' }));
    const staff = renderPage(FOREMAN);
    await act(async () => await Promise.resolve());
    expect(screen.queryByRole('region', { name: 'Did this solve it?' })).not.toBeInTheDocument();
    staff.unmount();
    show(makeTicket({ status: 'inProgress' }));
    const open = renderPage();
    expect(screen.queryByRole('region', { name: 'Did this solve it?' })).not.toBeInTheDocument();
    open.unmount();
    show(makeTicket({ status: 'sent', rating: { value: 'up', comment: 'Fits well' } }));
    renderPage();
    expect(screen.queryByRole('region', { name: 'Did this solve it?' })).not.toBeInTheDocument();
    expect(valueOf('Your answer')).toBe('👍 It solved it: Fits well');
  });
});
