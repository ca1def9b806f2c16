import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSignedOutUser } from '../../lib/auth/sign-out-cleanup';
import { type DraftStore, draftId, memoryDraftStore } from '../../lib/drafts/draft-store';
import type { DraftRecord } from './ticket-draft';
import {
  MY_DRAFT,
  descriptionField,
  plateField,
  renderCarForm,
  resetSubmitApi,
  storedDraft,
  submitTicket,
} from './testing/car-form-fixture';

vi.mock('../api/submit-ticket', async (importOriginal) =>
  (await import('./testing/submit-ticket-mock')).mockSubmitTicketApi(importOriginal),
);
vi.mock('../../lib/call', async () => (await import('../../testing/fake-call')).fakeCallModule);

describe('TicketForm drafts', () => {
  beforeEach(() => {
    resetSubmitApi();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps what is typed and the chosen files on the device, for this account and form', async () => {
    const store = memoryDraftStore();
    renderCarForm({ drafts: store });
    await userEvent.type(await plateField(), 'PO 5TX21');
    await userEvent.type(descriptionField(), 'Dented bumper');
    await userEvent.upload(screen.getByTestId('file-input'), [
      new File(['jpeg'], 'bumper.jpg', { type: 'image/jpeg' }),
    ]);

    await waitFor(() => {
      const saved = store.records.get(MY_DRAFT) as DraftRecord | undefined;
      expect(saved?.values).toEqual({ carPlate: 'PO 5TX21', description: 'Dented bumper' });
      expect(saved?.files.map((file) => file.name)).toEqual(['bumper.jpg']);
    });
    expect([...store.records.keys()]).toEqual([MY_DRAFT]);
    expect(screen.getByText(/zostaje na tym urządzeniu jako szkic/)).toBeInTheDocument();
  });

  it('brings the draft back for the same account, with its files, and says when it was saved', async () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const store = memoryDraftStore(
      new Map([
        [
          MY_DRAFT,
          storedDraft({ files: [{ name: 'bumper.jpg', type: 'image/jpeg', lastModified: 1, blob }] }),
        ],
      ]),
    );
    renderCarForm({ drafts: store });

    expect(await screen.findByText('Przywrócono szkic')).toBeInTheDocument();
    expect(screen.getByText(/Zapisany na tym urządzeniu: .*2026/)).toBeInTheDocument();
    expect(await plateField()).toHaveValue('PO 5TX21');
    expect(descriptionField()).toHaveValue('Dented bumper at the gate');
    expect(screen.getByText('bumper.jpg')).toBeInTheDocument();
  });

  it('shows nothing of another account’s draft on the same phone', async () => {
    const other = draftId('u-other', 'car', 'damage');
    const store = memoryDraftStore(new Map([[other, storedDraft({ uid: 'u-other' })]]));
    renderCarForm({ drafts: store });

    expect(await plateField()).toHaveValue('');
    expect(descriptionField()).toHaveValue('');
    expect(screen.queryByText('Przywrócono szkic')).not.toBeInTheDocument();
    expect(store.records.has(MY_DRAFT)).toBe(false);
  });

  it.each([
    ['a record of another account under this key', storedDraft({ uid: 'u-other' })],
    ['a damaged record', 'not a draft'],
    ['a record of an older shape', { ...storedDraft(), version: 0 }],
  ])('ignores %s and opens an empty form', async (_name, record) => {
    renderCarForm({ drafts: memoryDraftStore(new Map([[MY_DRAFT, record]])) });
    expect(await plateField()).toHaveValue('');
    expect(screen.queryByText('Przywrócono szkic')).not.toBeInTheDocument();
  });

  it('opens an empty form when the device cannot read its drafts', async () => {
    const store: DraftStore = {
      get: () => Promise.reject(new Error('QuotaExceededError')),
      put: () => Promise.reject(new Error('QuotaExceededError')),
      delete: () => Promise.resolve(),
    };
    renderCarForm({ drafts: store });
    await userEvent.type(await plateField(), 'PO 1');
    expect(await plateField()).toHaveValue('PO 1');
  });

  it('deletes the draft once the ticket is created', async () => {
    submitTicket.mockResolvedValue({ ticketId: 'abc', number: 'T-0026', isDuplicate: false });
    const store = memoryDraftStore(new Map([[MY_DRAFT, storedDraft()]]));
    renderCarForm({ drafts: store });
    await screen.findByText('Przywrócono szkic');

    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));

    await waitFor(() => expect(submitTicket).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(store.records.has(MY_DRAFT)).toBe(false));
  });

  it('keeps the draft when the ticket could not be sent', async () => {
    submitTicket.mockRejectedValue(Object.assign(new Error(''), { code: 'functions/unavailable' }));
    const store = memoryDraftStore(new Map([[MY_DRAFT, storedDraft()]]));
    renderCarForm({ drafts: store });
    await screen.findByText('Przywrócono szkic');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    await waitFor(() => expect(submitTicket).toHaveBeenCalledTimes(1));
    expect(store.records.has(MY_DRAFT)).toBe(true);
    expect(await plateField()).toHaveValue('PO 5TX21');
  });

  it('"Discard draft" empties the form and deletes the draft', async () => {
    const store = memoryDraftStore(new Map([[MY_DRAFT, storedDraft()]]));
    renderCarForm({ drafts: store });
    await screen.findByText('Przywrócono szkic');

    await userEvent.click(screen.getByRole('button', { name: 'Odrzuć szkic' }));

    expect(await plateField()).toHaveValue('');
    expect(descriptionField()).toHaveValue('');
    expect(screen.queryByText('Przywrócono szkic')).not.toBeInTheDocument();
    await waitFor(() => expect(store.records.has(MY_DRAFT)).toBe(false));
  });

  it('keeps words typed just before the page goes away, though the store could not finish its write', async () => {
    // The store's writes start but never end before the page is gone (sealing, IndexedDB).
    const records = new Map<string, unknown>();
    let isUnloading = true;
    const store: DraftStore = {
      get: (id) => Promise.resolve(records.get(id)),
      put: (id, record) => {
        if (isUnloading) return new Promise(() => undefined);
        records.set(id, record);
        return Promise.resolve();
      },
      delete: (id) => {
        records.delete(id);
        return Promise.resolve();
      },
    };
    const first = renderCarForm({ drafts: store });
    const input = await plateField();
    await waitFor(() =>
      expect(Object.keys(localStorage).some((key) => key.startsWith('draft-pad:'))).toBe(true),
    );
    await userEvent.type(input, 'PO 7');
    await userEvent.type(descriptionField(), 'Typed a moment before the reload');
    // A reload at once: the page is hidden and left before the pause after typing is over.
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    // What the page started before it went: the store's writes begin, and never end.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(records.size).toBe(0);

    // The next page: the words come back into the store, and into the form.
    isUnloading = false;
    renderCarForm({ drafts: store });
    expect(await screen.findByText('Przywrócono szkic')).toBeInTheDocument();
    expect(await plateField()).toHaveValue('PO 7');
    expect(descriptionField()).toHaveValue('Typed a moment before the reload');
    expect((records.get(MY_DRAFT) as DraftRecord).values).toMatchObject({ carPlate: 'PO 7' });
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft-rescue:'))).toEqual([]);
  });

  it('writes nothing more after a sign-out in this tab', async () => {
    vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]), deleteDatabase: vi.fn() });
    const store = memoryDraftStore();
    renderCarForm({ drafts: store });
    const input = await plateField();
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    await userEvent.type(input, 'PO 1');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(store.records.size).toBe(0);
  });
});
