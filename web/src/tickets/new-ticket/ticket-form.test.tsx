import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { receiptsForm } from './forms/receipts-form';
import { NoticesProvider } from '../../notices';
import { renderSignedIn } from '../../testing/auth';
import { TicketForm } from './ticket-form';
import type { SubmitTicketResponse } from '@domain/callables';
import {
  attachTicketFiles,
  renderCarForm as renderForm,
  submitTicket,
  uploadTicketFile,
  functionsError,
} from './testing/car-form-fixture';

vi.mock('../api/submit-ticket', async (importOriginal) =>
  (await import('./testing/submit-ticket-mock')).mockSubmitTicketApi(importOriginal),
);
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

async function fillValid() {
  await userEvent.type(screen.getByLabelText(/Numer rejestracyjny/), 'po 5tx21');
  await userEvent.type(screen.getByLabelText(/Opis/), 'Dented bumper at the gate');
}

const photo = (name = 'bumper.jpg', size = 1000, type = 'image/jpeg') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('TicketForm: the attachments field', () => {
  const attachmentsLabel = () => screen.getByRole('group', { name: /Załączniki/ }).firstElementChild;

  it('is marked required for receipts and not for a car report', () => {
    const { unmount } = renderSignedIn(
      <NoticesProvider>
        <TicketForm category="receipts" subcategory="fuel" form={receiptsForm} today="2026-11-22" />
      </NoticesProvider>,
    );
    expect(attachmentsLabel()).toHaveTextContent('Załączniki *');
    unmount();
    renderForm();
    expect(attachmentsLabel()).toHaveTextContent(/^Załączniki$/);
  });
});

describe('TicketForm', () => {
  beforeEach(() => {
    submitTicket.mockReset();
    uploadTicketFile.mockReset();
    attachTicketFiles.mockReset();
  });

  it('shows the schema messages and sends nothing while fields are missing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(2);
    expect(submitTicket).not.toHaveBeenCalled();
  });

  it('submits the parsed payload with the request id and shows the success', async () => {
    submitTicket.mockResolvedValue({ ticketId: 'abc', number: 'T-0026', isDuplicate: false });
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText('Zgłoszenie T-0026 wysłane')).toBeInTheDocument();
    expect(screen.getByText('Zgłoszenie T-0026 zostało wysłane.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zgłoszenie T-0026 wysłane' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zobacz zgłoszenie' })).toHaveAttribute('href', '/ticket/abc');
    expect(screen.getByRole('link', { name: 'Złóż kolejne zgłoszenie' })).toHaveAttribute(
      'href',
      '/new-ticket',
    );
    expect(submitTicket).toHaveBeenCalledTimes(1);
    expect(submitTicket.mock.calls[0]?.[0]).toEqual({
      requestId: 'request-id-0001',
      category: 'car',
      subcategory: 'damage',
      description: 'Dented bumper at the gate',
      carPlate: 'PO 5TX21',
      attachments: [],
    });
    expect(screen.getByRole('link', { name: 'Zobacz zgłoszenie' })).toHaveAttribute('href', '/ticket/abc');
  });

  it('keeps everything typed and reuses the request id when the submission fails', async () => {
    submitTicket.mockRejectedValueOnce(functionsError('internal', 'tickets.errors.submitFailed'));
    submitTicket.mockResolvedValueOnce({ ticketId: 'abc', number: 'T-0027', isDuplicate: true });
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText('Nie udało się wysłać zgłoszenia. Spróbuj ponownie.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Numer rejestracyjny/)).toHaveValue('po 5tx21');
    expect(screen.getByLabelText(/Opis/)).toHaveValue('Dented bumper at the gate');

    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText('Zgłoszenie T-0027 wysłane')).toBeInTheDocument();
    const ids = submitTicket.mock.calls.map(([payload]) => payload.requestId);
    expect(ids).toEqual(['request-id-0001', 'request-id-0001']);
  });

  it('says so when offline', async () => {
    submitTicket.mockRejectedValue(functionsError('unavailable'));
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText(/Brak połączenia/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Opis/)).toHaveValue('Dented bumper at the gate');
  });

  it('says how many minutes to wait over the hourly limit, keeping what was typed', async () => {
    submitTicket.mockRejectedValue(
      functionsError('resource-exhausted', 'errors.tooManyRequests', { retryAfterMinutes: 22 }),
    );
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(
      await screen.findByText('Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za 22 minuty.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Opis/)).toHaveValue('Dented bumper at the gate');
  });

  it('puts the server field messages on the fields', async () => {
    submitTicket.mockRejectedValue(
      functionsError('invalid-argument', 'Invalid ticket', {
        fields: { carPlate: 'validation.maxChars:15' },
      }),
    );
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText('Dozwolone maksymalnie 15 znaków')).toBeInTheDocument();
    expect(screen.getByLabelText(/Numer rejestracyjny/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells a user without the permission that the server refused', async () => {
    submitTicket.mockRejectedValue(functionsError('permission-denied', 'tickets.errors.forbidden'));
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(
      await screen.findByText('Nie masz uprawnień do składania zgłoszeń w tej kategorii.'),
    ).toBeInTheDocument();
  });

  it('refuses a file that is too large or not an image or PDF, before sending anything', async () => {
    renderForm();
    const input = screen.getByTestId('file-input');
    await userEvent.upload(input, [photo('huge.jpg', 5 * 1024 * 1024 + 1)], { applyAccept: false });
    expect(screen.getByText('huge.jpg: Plik jest za duży (maks. 5 MB)')).toBeInTheDocument();
    await userEvent.upload(input, [photo('virus.exe', 10, 'application/x-msdownload')], {
      applyAccept: false,
    });
    expect(screen.getByText('virus.exe: Dozwolone są tylko obrazy i pliki PDF')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Usuń/ })).not.toBeInTheDocument();
  });

  it('takes at most five files', async () => {
    renderForm();
    const files = ['1', '2', '3', '4', '5', '6'].map((n) => photo(`p${n}.jpg`));
    await userEvent.upload(screen.getByTestId('file-input'), files);
    expect(screen.getAllByRole('button', { name: /Usuń/ })).toHaveLength(5);
    expect(screen.getByText('p6.jpg: Dozwolonych jest maksymalnie 5 plików')).toBeInTheDocument();
  });

  it('uploads the files after the ticket exists and records them on it', async () => {
    submitTicket.mockResolvedValue({ ticketId: 'abc', number: 'T-0030', isDuplicate: false });
    uploadTicketFile.mockImplementation((uid, ticketId, file, onProgress) => {
      onProgress(100);
      return Promise.resolve({
        name: file.name,
        size: file.size,
        contentType: file.type,
        path: `tickets/${uid}/${ticketId}/${file.name}`,
      });
    });
    attachTicketFiles.mockResolvedValue({ attachments: [] });
    renderForm();
    await fillValid();
    await userEvent.upload(screen.getByTestId('file-input'), [
      photo('a.jpg'),
      photo('b.pdf', 2000, 'application/pdf'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText('Zgłoszenie T-0030 wysłane')).toBeInTheDocument();
    expect(submitTicket.mock.calls[0]?.[0].attachments).toEqual([
      { name: 'a.jpg', size: 1000, contentType: 'image/jpeg' },
      { name: 'b.pdf', size: 2000, contentType: 'application/pdf' },
    ]);
    expect(uploadTicketFile.mock.calls.map(([uid, ticketId]) => `${uid}/${ticketId}`)).toEqual([
      'u-foreman/abc',
      'u-foreman/abc',
    ]);
    expect(attachTicketFiles).toHaveBeenCalledWith({
      ticketId: 'abc',
      files: [
        { name: 'a.jpg', size: 1000, contentType: 'image/jpeg', path: 'tickets/u-foreman/abc/a.jpg' },
        { name: 'b.pdf', size: 2000, contentType: 'application/pdf', path: 'tickets/u-foreman/abc/b.pdf' },
      ],
    });
  });

  it('keeps the ticket when a file fails, says so, and retries only that file', async () => {
    submitTicket.mockResolvedValue({ ticketId: 'abc', number: 'T-0031', isDuplicate: false });
    let isBroken = true;
    uploadTicketFile.mockImplementation((uid, ticketId, file) => {
      if (file.name === 'b.jpg' && isBroken) return Promise.reject(new Error('network'));
      return Promise.resolve({
        name: file.name,
        size: file.size,
        contentType: file.type,
        path: `tickets/${uid}/${ticketId}/${file.name}`,
      });
    });
    attachTicketFiles.mockResolvedValue({ attachments: [] });
    renderForm();
    await fillValid();
    await userEvent.upload(screen.getByTestId('file-input'), [photo('a.jpg'), photo('b.jpg')]);
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));

    expect(await screen.findByText('Zgłoszenie T-0031 utworzone')).toBeInTheDocument();
    expect(screen.getAllByText('Nie udało się przesłać jednego lub więcej plików.').length).toBeGreaterThan(
      0,
    );
    const progress = screen.getByRole('region', { name: 'Przesyłanie plików' });
    expect(within(progress).getByText(/b\.jpg — błąd/)).toBeInTheDocument();
    expect(within(progress).getByText(/a\.jpg — przesłano/)).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Przesyłanie pliku a.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(attachTicketFiles).toHaveBeenLastCalledWith({
      ticketId: 'abc',
      files: [expect.objectContaining({ name: 'a.jpg' })],
    });

    isBroken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Ponów nieudane pliki' }));
    expect(await screen.findByText('Zgłoszenie T-0031 wysłane')).toBeInTheDocument();
    expect(submitTicket).toHaveBeenCalledTimes(1);
    expect(uploadTicketFile.mock.calls.map(([, , file]) => file.name)).toEqual(['a.jpg', 'b.jpg', 'b.jpg']);
    expect(attachTicketFiles).toHaveBeenLastCalledWith({
      ticketId: 'abc',
      files: [expect.objectContaining({ name: 'b.jpg' })],
    });
  });

  it('disables the button while sending, so a double tap sends once', async () => {
    let resolve: (value: SubmitTicketResponse) => void = () => undefined;
    submitTicket.mockReturnValue(new Promise((done) => (resolve = done)));
    renderForm();
    await fillValid();
    const button = screen.getByRole('button', { name: /Wyślij zgłoszenie/ });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(submitTicket).toHaveBeenCalledTimes(1);
    resolve({ ticketId: 'abc', number: 'T-0032', isDuplicate: false });
    await waitFor(() => expect(screen.getByText('Zgłoszenie T-0032 wysłane')).toBeInTheDocument());
  });
});
