import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSignedOutUser } from '../../lib/auth/sign-out-cleanup';
import { type DraftStore, draftId, memoryDraftStore } from '../../lib/drafts/draft-store';
import { NoticesProvider } from '../../notices';
import { renderSignedIn } from '../../testing/auth';
import * as api from '../api/submit-ticket';
import type { CategoryForm } from './category-form';
import { TextField } from './fields';
import { DRAFT_VERSION, type DraftRecord } from './ticket-draft';
import { TicketForm } from './ticket-form';
import { DraftStoreContext } from './use-ticket-draft';

vi.mock('../api/submit-ticket', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    submitTicket: vi.fn(),
    uploadTicketFile: vi.fn(),
    attachTicketFiles: vi.fn(),
    newRequestId: vi.fn(() => 'request-id-0001'),
  };
});

const submitTicket = vi.mocked(api.submitTicket);
const uploadTicketFile = vi.mocked(api.uploadTicketFile);
const attachTicketFiles = vi.mocked(api.attachTicketFiles);

const carForm: CategoryForm = {
  defaultValues: () => ({ carPlate: '' }),
  Fields: () => <TextField name="carPlate" label="Numer rejestracyjny" isRequired />,
};

const MINE = draftId('u-foreman', 'car', 'damage');

function renderForm(store: DraftStore, uid = 'u-foreman') {
  return renderSignedIn(
    <DraftStoreContext.Provider value={store}>
      <NoticesProvider>
        <TicketForm category="car" subcategory="damage" form={carForm} today="2026-11-22" />
      </NoticesProvider>
    </DraftStoreContext.Provider>,
    { role: 'foreman', uid },
  );
}

const storedDraft = (patch: Partial<DraftRecord> = {}): DraftRecord => ({
  version: DRAFT_VERSION,
  uid: 'u-foreman',
  category: 'car',
  subcategory: 'damage',
  savedAt: new Date(2026, 10, 22, 7, 45).getTime(),
  values: { carPlate: 'PO 5TX21', description: 'Dented bumper at the gate' },
  files: [],
  ...patch,
});

const plate = () => screen.findByLabelText(/Numer rejestracyjny/);
const description = () => screen.getByLabelText(/Opis/);

describe('TicketForm drafts', () => {
  beforeEach(() => {
    submitTicket.mockReset();
    uploadTicketFile.mockReset();
    attachTicketFiles.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps what is typed and the chosen files on the device, for this account and form', async () => {
    const store = memoryDraftStore();
    renderForm(store);
    await userEvent.type(await plate(), 'PO 5TX21');
    await userEvent.type(description(), 'Dented bumper');
    await userEvent.upload(screen.getByTestId('file-input'), [
      new File(['jpeg'], 'bumper.jpg', { type: 'image/jpeg' }),
    ]);

    await waitFor(() => {
      const saved = store.records.get(MINE) as DraftRecord | undefined;
      expect(saved?.values).toEqual({ carPlate: 'PO 5TX21', description: 'Dented bumper' });
      expect(saved?.files.map((file) => file.name)).toEqual(['bumper.jpg']);
    });
    expect([...store.records.keys()]).toEqual([MINE]);
    expect(screen.getByText(/zostaje na tym urządzeniu jako szkic/)).toBeInTheDocument();
  });

  it('brings the draft back for the same account, with its files, and says when it was saved', async () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const store = memoryDraftStore(
      new Map([
        [MINE, storedDraft({ files: [{ name: 'bumper.jpg', type: 'image/jpeg', lastModified: 1, blob }] })],
      ]),
    );
    renderForm(store);

    expect(await screen.findByText('Przywrócono szkic')).toBeInTheDocument();
    expect(screen.getByText(/Zapisany na tym urządzeniu: .*2026/)).toBeInTheDocument();
    expect(await plate()).toHaveValue('PO 5TX21');
    expect(description()).toHaveValue('Dented bumper at the gate');
    expect(screen.getByText('bumper.jpg')).toBeInTheDocument();
  });

  it('shows nothing of another account’s draft on the same phone', async () => {
    const other = draftId('u-other', 'car', 'damage');
    const store = memoryDraftStore(new Map([[other, storedDraft({ uid: 'u-other' })]]));
    renderForm(store);

    expect(await plate()).toHaveValue('');
    expect(description()).toHaveValue('');
    expect(screen.queryByText('Przywrócono szkic')).not.toBeInTheDocument();
    expect(store.records.has(MINE)).toBe(false);
  });

  it.each([
    ['a record of another account under this key', storedDraft({ uid: 'u-other' })],
    ['a damaged record', 'not a draft'],
    ['a record of an older shape', { ...storedDraft(), version: 0 }],
  ])('ignores %s and opens an empty form', async (_name, record) => {
    renderForm(memoryDraftStore(new Map([[MINE, record]])));
    expect(await plate()).toHaveValue('');
    expect(screen.queryByText('Przywrócono szkic')).not.toBeInTheDocument();
  });

  it('opens an empty form when the device cannot read its drafts', async () => {
    const store: DraftStore = {
      get: () => Promise.reject(new Error('QuotaExceededError')),
      put: () => Promise.reject(new Error('QuotaExceededError')),
      delete: () => Promise.resolve(),
    };
    renderForm(store);
    await userEvent.type(await plate(), 'PO 1');
    expect(await plate()).toHaveValue('PO 1');
  });

  it('deletes the draft once the ticket is created', async () => {
    submitTicket.mockResolvedValue({ ticketId: 'abc', number: 'T-0026', isDuplicate: false });
    const store = memoryDraftStore(new Map([[MINE, storedDraft()]]));
    renderForm(store);
    await screen.findByText('Przywrócono szkic');

    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));

    await waitFor(() => expect(submitTicket).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(store.records.has(MINE)).toBe(false));
  });

  it('keeps the draft when the ticket could not be sent', async () => {
    submitTicket.mockRejectedValue(Object.assign(new Error(''), { code: 'functions/unavailable' }));
    const store = memoryDraftStore(new Map([[MINE, storedDraft()]]));
    renderForm(store);
    await screen.findByText('Przywrócono szkic');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    await waitFor(() => expect(submitTicket).toHaveBeenCalledTimes(1));
    expect(store.records.has(MINE)).toBe(true);
    expect(await plate()).toHaveValue('PO 5TX21');
  });

  it('"Discard draft" empties the form and deletes the draft', async () => {
    const store = memoryDraftStore(new Map([[MINE, storedDraft()]]));
    renderForm(store);
    await screen.findByText('Przywrócono szkic');

    await userEvent.click(screen.getByRole('button', { name: 'Odrzuć szkic' }));

    expect(await plate()).toHaveValue('');
    expect(description()).toHaveValue('');
    expect(screen.queryByText('Przywrócono szkic')).not.toBeInTheDocument();
    await waitFor(() => expect(store.records.has(MINE)).toBe(false));
  });

  it('writes nothing more after a sign-out in this tab', async () => {
    vi.stubGlobal('indexedDB', { databases: () => Promise.resolve([]), deleteDatabase: vi.fn() });
    const store = memoryDraftStore();
    renderForm(store);
    const input = await plate();
    await forgetSignedOutUser({ stopFirestore: () => Promise.resolve() });
    await userEvent.type(input, 'PO 1');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(store.records.size).toBe(0);
  });
});
