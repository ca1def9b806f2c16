import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reachOrigin } from '../../lib/reach-origin';
import { memoryDraftStore } from '../../lib/drafts/draft-store';
import { type KeyValueStore, memoryKeyValueStore } from '../../lib/idb/key-value-store';
import type { OutboxEntry } from '../outbox/outbox-entry';
import {
  FOREMAN,
  MY_DRAFT,
  descriptionField,
  plateField,
  renderCarForm,
  resetSubmitApi,
  storedDraft,
  submitButton,
  submitTicket,
  functionsError,
} from './testing/car-form-fixture';
import { REQUEST_ID } from './testing/submit-ticket-mock';

vi.mock('../api/submit-ticket', async (importOriginal) =>
  (await import('./testing/submit-ticket-mock')).mockSubmitTicketApi(importOriginal),
);
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

let isOnline = true;

/** The form with a restored draft (so it is valid as it opens), an outbox and a drafts store. */
async function openForm(outbox: KeyValueStore | null = memoryKeyValueStore()) {
  const drafts = memoryDraftStore(new Map([[MY_DRAFT, storedDraft()]]));
  renderCarForm({ drafts, outbox });
  await screen.findByText('Przywrócono szkic');
  return { drafts };
}

const photo = () => new File(['jpeg'], 'bumper.jpg', { type: 'image/jpeg', lastModified: 1 });

/** The queued panel: its title, and the way to the history where the ticket waits. */
async function expectQueuedPanel() {
  expect(await screen.findByRole('heading', { name: 'Czeka na połączenie' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Historia zgłoszeń' })).toHaveAttribute('href', '/ticket-history');
  expect(
    screen.getByText(
      'Brak połączenia: zgłoszenie zapisano na tym telefonie i zostanie wysłane, gdy połączenie wróci.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
}

describe('TicketForm with no connection', () => {
  beforeEach(() => {
    resetSubmitApi();
    isOnline = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says before Submit that an offline ticket will be kept on this phone, and not while online', async () => {
    isOnline = false;
    await openForm();
    const note = 'Brak połączenia: zgłoszenie zostanie zachowane na tym telefonie i wysłane później.';
    expect(screen.getByText(note).closest('[role="status"]')).not.toBeNull();
    isOnline = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    isOnline = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(note)).toBeInTheDocument();
  });

  it('counts a Wi-Fi with no way out as offline: says so before Submit and queues at once', async () => {
    // The phone says online, but the app's own origin does not answer its probe.
    vi.mocked(reachOrigin).mockResolvedValue(false);
    const outbox = memoryKeyValueStore();
    await openForm(outbox);
    const note = 'Brak połączenia: zgłoszenie zostanie zachowane na tym telefonie i wysłane później.';
    expect(await screen.findByText(note)).toBeInTheDocument();

    await userEvent.click(submitButton());

    await expectQueuedPanel();
    expect(submitTicket).not.toHaveBeenCalled();
    expect(outbox.records.get(REQUEST_ID)).toMatchObject({ status: 'waiting', uid: FOREMAN });
  });

  it('puts the ticket with its file in the outbox when the phone is offline, and removes the draft', async () => {
    isOnline = false;
    const outbox = memoryKeyValueStore();
    const { drafts } = await openForm(outbox);
    const file = photo();
    await userEvent.upload(screen.getByTestId('file-input'), [file]);

    await userEvent.click(submitButton());

    await expectQueuedPanel();
    expect(submitTicket).not.toHaveBeenCalled();
    expect([...outbox.records.keys()]).toEqual([REQUEST_ID]);
    const entry = outbox.records.get(REQUEST_ID) as OutboxEntry;
    expect(entry).toMatchObject({
      id: REQUEST_ID,
      uid: FOREMAN,
      status: 'waiting',
      attempts: 0,
      submission: {
        requestId: REQUEST_ID,
        category: 'car',
        subcategory: 'damage',
        carPlate: 'PO 5TX21',
        description: 'Dented bumper at the gate',
        attachments: [{ name: 'bumper.jpg', size: file.size, contentType: 'image/jpeg' }],
      },
    });
    expect(entry.files).toEqual([{ name: 'bumper.jpg', type: 'image/jpeg', lastModified: 1, blob: file }]);
    await waitFor(() => expect(drafts.records.has(MY_DRAFT)).toBe(false));
  });

  it.each([
    ['got no answer', functionsError('internal', 'internal')],
    ['found the service unavailable', functionsError('unavailable')],
  ])('puts the ticket in the outbox when the call %s', async (_name, error) => {
    submitTicket.mockRejectedValue(error);
    const outbox = memoryKeyValueStore();
    const { drafts } = await openForm(outbox);

    await userEvent.click(submitButton());

    await expectQueuedPanel();
    expect(submitTicket).toHaveBeenCalledTimes(1);
    expect(outbox.records.get(REQUEST_ID)).toMatchObject({ status: 'waiting', uid: FOREMAN });
    await waitFor(() => expect(drafts.records.has(MY_DRAFT)).toBe(false));
  });

  it.each([
    [
      'refuses the fields',
      functionsError('invalid-argument', 'Invalid ticket', { fields: { carPlate: 'validation.required' } }),
      'Popraw zaznaczone pola.',
    ],
    [
      'fails with its own message',
      functionsError('internal', 'tickets.errors.submitFailed'),
      'Nie udało się wysłać zgłoszenia. Spróbuj ponownie.',
    ],
  ])('does not queue a ticket the server %s: the form stays', async (_name, error, message) => {
    submitTicket.mockRejectedValue(error);
    const outbox = memoryKeyValueStore();
    const { drafts } = await openForm(outbox);

    await userEvent.click(submitButton());

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(outbox.records.size).toBe(0);
    expect(screen.queryByRole('heading', { name: 'Czeka na połączenie' })).not.toBeInTheDocument();
    expect(await plateField()).toHaveValue('PO 5TX21');
    expect(descriptionField()).toHaveValue('Dented bumper at the gate');
    expect(drafts.records.has(MY_DRAFT)).toBe(true);
  });

  it('says "No connection" and keeps what was typed where the device keeps no outbox', async () => {
    isOnline = false;
    submitTicket.mockRejectedValue(functionsError('unavailable'));
    const { drafts } = await openForm(null);

    await userEvent.click(submitButton());

    expect(await screen.findByText(/^Brak połączenia\. Zgłoszenie nie zostało wysłane/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Czeka na połączenie' })).not.toBeInTheDocument();
    expect(await plateField()).toHaveValue('PO 5TX21');
    expect(descriptionField()).toHaveValue('Dented bumper at the gate');
    expect(drafts.records.has(MY_DRAFT)).toBe(true);
  });

  it('says "No connection" and keeps the form when the outbox cannot be written (storage full)', async () => {
    isOnline = false;
    submitTicket.mockRejectedValue(functionsError('unavailable'));
    const full: KeyValueStore = {
      ...memoryKeyValueStore(),
      put: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
    };
    const { drafts } = await openForm(full);

    await userEvent.click(submitButton());

    expect(await screen.findByText(/^Brak połączenia\. Zgłoszenie nie zostało wysłane/)).toBeInTheDocument();
    expect(await plateField()).toHaveValue('PO 5TX21');
    expect(drafts.records.has(MY_DRAFT)).toBe(true);
  });
});
