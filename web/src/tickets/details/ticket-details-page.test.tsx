import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderSignedIn } from '../../testing/auth';
import { setOnline } from '../../testing/online';
import type { ActivityEntry, Ticket, TicketUpdate } from '../api/ticket-model';
import { type TicketDetailsState, useTicket } from '../api/ticket-reads';
import { type StoredFileUrl, useStoredFileUrl } from '../../lib/storage/use-stored-file-url';
import { makeActivity, makeTicket, makeUpdate } from '../shared/test-tickets';
import { TicketDetailsPage } from './ticket-details-page';

vi.mock('../api/ticket-reads', () => ({ useTicket: vi.fn() }));
vi.mock('../../lib/storage/use-stored-file-url', () => ({ useStoredFileUrl: vi.fn() }));

const useTicketMock = vi.mocked(useTicket);
const storedFileUrlMock = vi.mocked(useStoredFileUrl);

// What useStoredFileUrl gives: object URLs of bytes read under the rules.
const STORAGE = 'blob:http://localhost/';
const retry = vi.fn();

function showTicket(ticket: Ticket, updates: TicketUpdate[] = [], activity: ActivityEntry[] = []) {
  useTicketMock.mockReturnValue({ status: 'ready', ticket, updates, activity, retry, isFromCache: false });
}

function showState(state: TicketDetailsState, isFromCache = false) {
  useTicketMock.mockReturnValue({ ...state, retry, isFromCache });
}

function renderPage(ticketId = 't-0002') {
  return renderSignedIn(
    <Routes>
      <Route path="/ticket/:ticketId" element={<TicketDetailsPage />} />
      <Route path="/ticket-history" element={<p>history page</p>} />
    </Routes>,
    { path: `/ticket/${ticketId}` },
  );
}

/** The value shown beside a field label (a dt and its dd). */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent?.replace(/\s/g, ' ') ?? '';
}

const PRESALARY = makeTicket({
  id: 't-0002',
  number: 'T-0002',
  category: 'presalary',
  subcategory: 'advance',
  description: 'I need an advance of 300 EUR to pay the deposit for my new room.',
  status: 'paid',
  createdAt: new Date(2026, 10, 2, 9, 30),
  lastUpdate: new Date(2026, 10, 4, 16, 45),
  assignedTo: { uid: 'u-managerpl', name: 'Agnieszka Nowak', email: null },
  details: {
    amount: 300,
    currency: 'EUR',
    fee: 15,
    total: 315,
    period: '2026-11-H1',
    reason: 'Deposit for a new room',
  },
});

describe('TicketDetailsPage', () => {
  beforeEach(() => {
    useTicketMock.mockReset();
    storedFileUrlMock.mockReset();
    storedFileUrlMock.mockImplementation((path: string): StoredFileUrl => ({
      url: `${STORAGE}${path}`,
      isLoading: false,
      isError: false,
      isDenied: false,
    }));
  });
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it('reads the ticket named in the route', () => {
    showTicket(PRESALARY);
    renderPage('t-0002');
    expect(useTicketMock).toHaveBeenLastCalledWith('t-0002');
  });

  it('shows every field of the ticket with translated labels, dates and money', () => {
    showTicket(PRESALARY);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Zgłoszenie T-0002' })).toBeInTheDocument();
    expect(valueOf('Numer')).toBe('T-0002');
    expect(valueOf('Status')).toBe('Wypłacone');
    expect(valueOf('Kategoria')).toBe('Zaliczka');
    expect(valueOf('Podkategoria')).toBe('Zaliczka na poczet wynagrodzenia');
    expect(valueOf('Data utworzenia')).toBe('2 listopada 2026, 09:30');
    expect(valueOf('Zgłaszający')).toBe('Piotr Kowalczykworker@example.com');
    expect(screen.getByRole('link', { name: 'worker@example.com' })).toHaveAttribute(
      'href',
      'mailto:worker@example.com',
    );
    expect(valueOf('Przypisane do')).toBe('Agnieszka Nowak');
    expect(valueOf('Ostatnia aktualizacja')).toBe('4 listopada 2026, 16:45');
    const description = screen.getByRole('region', { name: 'Opis' });
    expect(within(description).getByText(/deposit for my new room/)).toBeInTheDocument();
  });

  it('shows the presalary details: amount, currency, fee, total, period and reason', () => {
    showTicket(PRESALARY);
    renderPage();
    expect(valueOf('Kwota')).toBe('300,00 €');
    expect(valueOf('Waluta')).toBe('EUR');
    expect(valueOf('Opłata')).toBe('15,00 €');
    expect(valueOf('Razem do potrącenia')).toBe('315,00 €');
    expect(valueOf('Okres rozliczeniowy')).toBe('1–15 listopada 2026');
    expect(valueOf('Powód')).toBe('Deposit for a new room');
  });

  it('formats money and dates in the current language', async () => {
    await changeLanguage('en');
    showTicket(PRESALARY);
    renderPage();
    expect(valueOf('Amount')).toBe('€300.00');
    expect(valueOf('Created')).toBe('2 November 2026, 09:30');
    expect(valueOf('Salary period')).toBe('1–15 November 2026');
  });

  it('shows absence type, dates and the medical certificate flag', () => {
    showTicket(
      makeTicket({
        category: 'absences',
        subcategory: 'sickLeave',
        details: {
          type: 'sickLeave',
          reason: 'Flu with high fever',
          startDate: '2026-11-10',
          endDate: '2026-11-13',
          hasMedicalCertificate: true,
        },
      }),
    );
    renderPage();
    expect(valueOf('Rodzaj nieobecności')).toBe('Zwolnienie lekarskie');
    expect(valueOf('Powód')).toBe('Flu with high fever');
    expect(valueOf('Data rozpoczęcia')).toBe('10 listopada 2026');
    expect(valueOf('Data zakończenia')).toBe('13 listopada 2026');
    expect(valueOf('Zaświadczenie lekarskie')).toBe('Tak');
  });

  it('shows receipts, salary and work-hours details', () => {
    showTicket(
      makeTicket({
        category: 'workhours',
        subcategory: 'missingHours',
        details: { startDate: '2026-11-16', endDate: '2026-11-16', hours: 7.5 },
      }),
    );
    const { unmount } = renderPage();
    expect(valueOf('Liczba godzin')).toBe('7,5');
    expect(valueOf('Data rozpoczęcia')).toBe('16 listopada 2026');
    unmount();

    showTicket(
      makeTicket({ category: 'receipts', subcategory: 'fuel', details: { amount: 812.5, currency: 'SEK' } }),
    );
    const receipts = renderPage();
    expect(valueOf('Kwota')).toBe('812,50 SEK');
    receipts.unmount();

    showTicket(makeTicket({ category: 'salary', subcategory: 'payslip', details: { period: '2026-02-H2' } }));
    renderPage();
    expect(valueOf('Okres rozliczeniowy')).toBe('16–28 lutego 2026');
  });

  it('says "not assigned" and shows the address and car plate when the ticket has them', () => {
    showTicket(
      makeTicket({
        category: 'car',
        subcategory: 'damage',
        assignedTo: null,
        carPlate: 'PO 5TX21',
        address: 'Sickla Kanalgata 8, Nacka',
      }),
    );
    renderPage();
    expect(valueOf('Przypisane do')).toBe('Nieprzypisane');
    expect(valueOf('Numer rejestracyjny')).toBe('PO 5TX21');
    expect(valueOf('Adres')).toBe('Sickla Kanalgata 8, Nacka');
  });

  it('logs "created" and each field change with translated names and values, who and when', () => {
    showTicket(
      makeTicket({ status: 'inProgress' }),
      [],
      [
        makeActivity(),
        makeActivity({
          id: 'a2',
          at: new Date(2026, 10, 4, 11, 0),
          by: { uid: 'u-foreman', name: 'Marek Wiśniewski', email: null },
          change: { type: 'field', field: 'assignedTo', from: null, to: 'Marek Wiśniewski' },
        }),
        makeActivity({
          id: 'a3',
          at: new Date(2026, 10, 4, 11, 5),
          by: { uid: 'u-foreman', name: 'Marek Wiśniewski', email: null },
          change: { type: 'field', field: 'status', from: 'new', to: 'inProgress' },
        }),
      ],
    );
    renderPage();
    const log = within(screen.getByRole('region', { name: 'Historia zmian' }));
    const lines = log.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([
      'Utworzono zgłoszeniePiotr Kowalczyk, 2 listopada 2026, 09:30',
      'Przypisane do: zmiana z „—” na „Marek Wiśniewski”Marek Wiśniewski, 4 listopada 2026, 11:00',
      'Status: zmiana z „Nowe” na „W realizacji”Marek Wiśniewski, 4 listopada 2026, 11:05',
    ]);
  });

  it('lists ordered items with their confirmed flag', () => {
    showTicket(
      makeTicket({
        items: [
          { name: 'Winter jacket, size L', quantity: 1, confirmed: true },
          { name: 'Beanie', quantity: 2, confirmed: false },
        ],
      }),
    );
    renderPage();
    const items = within(screen.getByRole('region', { name: 'Zamówione pozycje' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [jacket, beanie] = items as [HTMLElement, HTMLElement];
    expect(jacket).toHaveTextContent('Winter jacket, size L × 1');
    expect(within(jacket).getByText('Potwierdzone')).toBeInTheDocument();
    expect(jacket.querySelector('.anticon-check-circle')).not.toBeNull();
    expect(beanie).toHaveTextContent('Beanie × 2');
    expect(within(beanie).getByText('Jeszcze niepotwierdzone')).toBeInTheDocument();
    expect(beanie.querySelector('.anticon-check-circle')).toBeNull();
  });

  it('shows an image attachment as a preview that opens large in a new tab, and a PDF as a link', () => {
    showTicket(
      makeTicket({
        attachments: [
          { name: 'damage.jpg', path: 'tickets/u/t/damage.jpg', contentType: 'image/jpeg', size: 2048 },
          {
            name: 'invoice.pdf',
            path: 'tickets/u/t/invoice.pdf',
            contentType: 'application/pdf',
            size: 1536,
          },
        ],
      }),
    );
    renderPage();
    const image = screen.getByRole('img', { name: 'damage.jpg' });
    expect(image).toHaveAttribute('src', `${STORAGE}tickets/u/t/damage.jpg`);
    expect(storedFileUrlMock).toHaveBeenCalledWith('tickets/u/t/damage.jpg');
    const images = within(screen.getByRole('list', { name: 'Zdjęcia' }));
    expect(images.getByRole('img', { name: 'damage.jpg' })).toBe(image);
    const large = screen.getByRole('link', { name: 'damage.jpg' });
    expect(large).toContainElement(image);
    expect(large).toHaveAttribute('href', `${STORAGE}tickets/u/t/damage.jpg`);
    expect(large).toHaveAttribute('target', '_blank');
    expect(large).toHaveAttribute('rel', expect.stringContaining('noopener'));

    const pdf = screen.getByRole('link', { name: /invoice\.pdf/ });
    expect(pdf).toHaveAttribute('href', `${STORAGE}tickets/u/t/invoice.pdf`);
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(pdf).toHaveTextContent('invoice.pdf (1,5 KB)');
  });

  it('shows a placeholder while the image URL loads', () => {
    storedFileUrlMock.mockReturnValue({ url: null, isLoading: true, isError: false, isDenied: false });
    showTicket(
      makeTicket({
        attachments: [{ name: 'slow.png', path: 'tickets/u/t/slow.png', contentType: 'image/png', size: 10 }],
      }),
    );
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Ładowanie… slow.png' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'slow.png' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nie udało się wczytać obrazu')).not.toBeInTheDocument();
  });

  it('says "Failed to load image" when the image URL cannot be fetched', () => {
    storedFileUrlMock.mockReturnValue({ url: null, isLoading: false, isError: true, isDenied: false });
    showTicket(
      makeTicket({
        attachments: [{ name: 'gone.png', path: 'tickets/u/t/gone.png', contentType: 'image/png', size: 10 }],
      }),
    );
    renderPage();
    expect(screen.getByText('Nie udało się wczytać obrazu')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'gone.png' })).not.toBeInTheDocument();
  });

  it('says the user has no access to a file the rules refuse, in the user’s language', async () => {
    storedFileUrlMock.mockReturnValue({ url: null, isLoading: false, isError: true, isDenied: true });
    showTicket(
      makeTicket({
        attachments: [
          { name: 'theirs.png', path: 'tickets/u/t/theirs.png', contentType: 'image/png', size: 10 },
          { name: 'theirs.pdf', path: 'tickets/u/t/theirs.pdf', contentType: 'application/pdf', size: 10 },
        ],
      }),
    );
    renderPage();
    expect(screen.getAllByText(/Nie masz dostępu do tego pliku/)).toHaveLength(2);
    expect(screen.queryByText('Nie udało się wczytać obrazu')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /theirs/ })).not.toBeInTheDocument();
    await changeLanguage('ru');
    expect(await screen.findAllByText(/У вас нет доступа к этому файлу/)).toHaveLength(2);
  });

  it('says "Failed to load image" when the image itself fails to load', () => {
    showTicket(
      makeTicket({
        attachments: [
          { name: 'broken.png', path: 'tickets/u/t/broken.png', contentType: 'image/png', size: 10 },
        ],
      }),
    );
    renderPage();
    expect(screen.queryByText('Nie udało się wczytać obrazu')).not.toBeInTheDocument();
    fireEvent.error(screen.getByRole('img', { name: 'broken.png' }));
    expect(screen.getByText('Nie udało się wczytać obrazu')).toBeInTheDocument();
  });

  it('shows updates with their text, author, time and attachments', () => {
    showTicket(makeTicket(), [
      makeUpdate(),
      makeUpdate({
        id: 'u2',
        text: 'Sent with the Friday delivery.',
        at: new Date(2026, 10, 19, 14, 5),
        attachments: [
          { name: 'delivery.pdf', path: 'tickets/u/t/delivery.pdf', contentType: 'application/pdf', size: 0 },
        ],
      }),
    ]);
    renderPage();
    const updates = within(screen.getByRole('region', { name: 'Aktualizacje' }));
    const [first, second] = updates
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(first).toHaveTextContent('Ordered from the workwear supplier.');
    expect(first).toHaveTextContent('Marek Wiśniewski, 4 listopada 2026, 11:00');
    expect(second).toHaveTextContent('Marek Wiśniewski, 19 listopada 2026, 14:05');
    expect(within(second as HTMLElement).getByRole('link', { name: /delivery\.pdf/ })).toHaveAttribute(
      'href',
      `${STORAGE}tickets/u/t/delivery.pdf`,
    );
  });

  it('marks an archived ticket whose status is not "archived"', () => {
    showTicket(makeTicket({ status: 'resolved', archived: true }));
    const { unmount } = renderPage();
    const header = screen.getByRole('heading', { level: 2 }).parentElement as HTMLElement;
    expect(within(header).getByText('Zarchiwizowane')).toBeInTheDocument();
    unmount();

    showTicket(makeTicket({ status: 'resolved', archived: false }));
    renderPage();
    expect(screen.queryByText('Zarchiwizowane')).not.toBeInTheDocument();
  });

  it('says when there are no updates yet', () => {
    showTicket(makeTicket());
    renderPage();
    expect(screen.getByText('Brak aktualizacji.')).toBeInTheDocument();
  });

  it.each<TicketDetailsState>([{ status: 'notFound' }, { status: 'denied' }])(
    'shows "Ticket not found" for a ticket that is $status, with a way back',
    async (state) => {
      const user = userEvent.setup();
      showState(state);
      renderPage('t-9999');
      expect(screen.getByRole('heading', { name: 'Nie znaleziono zgłoszenia' })).toBeInTheDocument();
      expect(screen.getByText('Zgłoszenie nie istnieje lub nie masz do niego dostępu.')).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Wróć do historii zgłoszeń' }));
      expect(screen.getByText('history page')).toBeInTheDocument();
    },
  );

  it('leads back to the filtered queue when the ticket was opened from there', async () => {
    const user = userEvent.setup();
    showTicket(PRESALARY);
    renderSignedIn(
      <Routes>
        <Route
          path="/ticket-queue"
          element={
            <Link to="/ticket/t-0002" state={{ queueSearch: 'assignee=mine' }}>
              open from the queue
            </Link>
          }
        />
        <Route path="/ticket/:ticketId" element={<TicketDetailsPage />} />
      </Routes>,
      { path: '/ticket-queue' },
    );
    await user.click(screen.getByRole('link', { name: 'open from the queue' }));
    expect(screen.getByRole('link', { name: /Wróć do kolejki/ })).toHaveAttribute(
      'href',
      '/ticket-queue?assignee=mine',
    );
  });

  it('shows "Ticket not found" in English', async () => {
    await changeLanguage('en');
    showState({ status: 'notFound' });
    renderPage('t-9999');
    expect(screen.getByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
    expect(screen.getByText('It does not exist or you do not have access to it.')).toBeInTheDocument();
  });

  it('offers a retry when the ticket cannot be loaded', async () => {
    const user = userEvent.setup();
    retry.mockReset();
    showState({ status: 'error', error: new Error('unavailable') });
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się pobrać zgłoszenia');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while loading', () => {
    showState({ status: 'loading' });
    renderPage();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Ładowanie…' })).toBeInTheDocument();
  });

  describe('offline', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('shows a ticket saved on the device with "Offline — showing saved data", gone when back online', async () => {
      await changeLanguage('en');
      setOnline(false);
      showState(
        { status: 'ready', ticket: makeTicket(), updates: [makeUpdate()], activity: [makeActivity()] },
        true,
      );
      renderPage();
      expect(screen.getByRole('heading', { name: 'Ticket T-0001' })).toBeInTheDocument();
      const notice = screen.getByRole('status');
      expect(notice).toHaveTextContent('Offline — showing saved data');
      expect(notice).toHaveTextContent('Changes will show when the connection returns.');
      act(() => setOnline(true));
      expect(screen.queryByText('Offline — showing saved data')).not.toBeInTheDocument();
    });

    it('says a ticket never opened on this phone is not saved yet, instead of an endless spinner', () => {
      setOnline(false);
      showState({ status: 'loading' }, true);
      renderPage();
      expect(screen.getByRole('status')).toHaveTextContent(
        'Na tym telefonie nic jeszcze nie zapisano — pojawi się, gdy wróci połączenie.',
      );
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      // The connection returns: loading while the server answers.
      act(() => setOnline(true));
      expect(screen.getByRole('progressbar', { name: 'Ładowanie…' })).toBeInTheDocument();
    });

    it('says nothing while online, nor for data from the server', () => {
      setOnline(true);
      showState({ status: 'ready', ticket: makeTicket(), updates: [], activity: [] }, true);
      const { unmount } = renderPage();
      expect(screen.queryByText(/pokazujemy zapisane dane/)).not.toBeInTheDocument();
      unmount();
      setOnline(false);
      showTicket(makeTicket());
      renderPage();
      expect(screen.queryByText(/pokazujemy zapisane dane/)).not.toBeInTheDocument();
    });
  });
});
