import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { type DraftStore, draftId, memoryDraftStore } from '../../lib/drafts/draft-store';
import { memoryKeyValueStore } from '../../lib/idb/key-value-store';
import { NoticesProvider } from '../../notices';
import { renderSignedIn } from '../../testing/auth';
import { DRAFT_VERSION } from '../new-ticket/ticket-draft';
import { DraftStoreContext } from '../new-ticket/use-ticket-draft';
import type { OutboxEntry } from './outbox-entry';
import { OutboxSection } from './outbox-section';
import { saveOutboxEntry } from './outbox-store';
import { UID, carSubmission, outboxEntry, outboxFile, photo } from './testing/outbox-fixtures';
import { OutboxStoreContext } from './use-outbox';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

function renderSection(entries: OutboxEntry[], drafts: DraftStore = memoryDraftStore()) {
  const memory = memoryKeyValueStore(new Map(entries.map((entry) => [entry.id, entry])));
  const store = { ...memory, getAll: vi.fn(memory.getAll) };
  renderSignedIn(
    <OutboxStoreContext.Provider value={store}>
      <DraftStoreContext.Provider value={drafts}>
        <NoticesProvider>
          <Routes>
            <Route path="/ticket-history" element={<OutboxSection uid={UID} />} />
            <Route path="/new-ticket/:category/:subcategory" element={<p>the form</p>} />
          </Routes>
          <LocationProbe />
        </NoticesProvider>
      </DraftStoreContext.Provider>
    </OutboxStoreContext.Provider>,
    { role: 'foreman', uid: UID, path: '/ticket-history' },
  );
  return { store };
}

/** The rows of the outbox list, once it shows. */
const rows = async () =>
  within(await screen.findByRole('list', { name: 'Czekają na wysłanie' })).getAllByRole('listitem');
const firstRow = async () => within((await rows())[0] as HTMLElement);

const refusedEntry = (patch: Partial<OutboxEntry> = {}) =>
  outboxEntry({
    id: 'req-a',
    status: 'refused',
    refusal: { key: 'tickets.presalary.periodTaken' },
    ...patch,
  });

describe('OutboxSection', () => {
  it('shows nothing when the outbox is empty, and a ticket as soon as one is queued', async () => {
    const { store } = renderSection([]);
    await waitFor(() => expect(store.getAll).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('heading', { name: 'Czekają na wysłanie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await act(() => saveOutboxEntry(store, outboxEntry({ id: 'req-a' })));

    expect(await rows()).toHaveLength(1);
    expect(screen.getByText('Dented bumper at the gate')).toBeInTheDocument();
  });

  it('shows this account’s waiting tickets with the category, description, time and file count', async () => {
    renderSection([
      outboxEntry({ id: 'req-a', files: [outboxFile(photo('a.jpg')), outboxFile(photo('b.jpg'))] }),
      outboxEntry({ id: 'req-b', uid: 'u-other', submission: carSubmission('req-b', 'Not mine') }),
    ]);

    expect(await screen.findByRole('heading', { name: 'Czekają na wysłanie' })).toBeInTheDocument();
    const list = await rows();
    expect(list).toHaveLength(1);
    const row = within(list[0] as HTMLElement);
    expect(row.getByText('Czeka na połączenie')).toBeInTheDocument();
    expect(row.getByText('Samochód › Uszkodzenie')).toBeInTheDocument();
    expect(row.getByText('Dented bumper at the gate')).toBeInTheDocument();
    expect(row.getByText('Wysłane z tego telefonu: 22 listopada 2026, 07:45 · 2 pliki')).toBeInTheDocument();
    expect(screen.queryByText('Not mine')).not.toBeInTheDocument();
  });

  it('lets the worker read a long queued ticket in full, line breaks kept, and fold it again', async () => {
    const long = `The front bumper is dented at the gate.\nThe left lamp is cracked too, and the plate hangs by one screw; ${'more words '.repeat(8)}`;
    renderSection([outboxEntry({ submission: carSubmission('req-0001', long) })]);
    const row = await firstRow();
    const text = row.getByText(/The front bumper is dented/);
    expect(text).toHaveClass('outbox-description');
    expect(text).not.toHaveClass('outbox-description--all');
    await userEvent.click(row.getByRole('button', { name: 'Pokaż całość' }));
    expect(text).toHaveClass('outbox-description--all');
    expect(text.textContent).toBe(long);
    const fold = row.getByRole('button', { name: 'Pokaż mniej' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(fold).toHaveAttribute('aria-controls', text.id);
    await userEvent.click(fold);
    expect(text).not.toHaveClass('outbox-description--all');
  });

  it('offers no "Show all" for a short description', async () => {
    renderSection([outboxEntry()]);
    const row = await firstRow();
    expect(row.getByText('Dented bumper at the gate')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Pokaż całość' })).not.toBeInTheDocument();
  });

  it('asks before cancelling, and "Keep it" keeps the ticket', async () => {
    const { store } = renderSection([outboxEntry({ id: 'req-a' })]);
    const row = await firstRow();

    await userEvent.click(row.getByRole('button', { name: 'Anuluj zgłoszenie' }));
    const question = row.getByRole('group', { name: /Anulować to zgłoszenie\?/ });
    await userEvent.click(within(question).getByRole('button', { name: 'Zostaw' }));

    expect(row.queryByRole('group', { name: /Anulować to zgłoszenie\?/ })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Anuluj zgłoszenie' })).toBeInTheDocument();
    expect(store.records.has('req-a')).toBe(true);
  });

  it('removes the ticket from the phone and the list once the cancel is confirmed', async () => {
    const { store } = renderSection([
      outboxEntry({ id: 'req-a', queuedAt: 1000 }),
      outboxEntry({ id: 'req-b', queuedAt: 2000, submission: carSubmission('req-b', 'Broken mirror') }),
    ]);
    const row = await firstRow();

    await userEvent.click(row.getByRole('button', { name: 'Anuluj zgłoszenie' }));
    await userEvent.click(row.getByRole('button', { name: 'Tak, anuluj' }));

    expect(await screen.findByText('Zgłoszenie anulowano i usunięto z tego telefonu.')).toBeInTheDocument();
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(screen.queryByText('Dented bumper at the gate')).not.toBeInTheDocument();
    expect(screen.getByText('Broken mirror')).toBeInTheDocument();
    expect([...store.records.keys()]).toEqual(['req-b']);
  });

  it('keeps a ticket another tab started sending while the worker was asked', async () => {
    const { store } = renderSection([outboxEntry({ id: 'req-a' })]);
    const row = await firstRow();
    await userEvent.click(row.getByRole('button', { name: 'Anuluj zgłoszenie' }));

    await act(() => saveOutboxEntry(store, outboxEntry({ id: 'req-a', status: 'sending' })));
    await userEvent.click(row.getByRole('button', { name: 'Tak, anuluj' }));

    expect(
      await screen.findByText('To zgłoszenie jest właśnie wysyłane i nie można go już anulować.'),
    ).toBeInTheDocument();
    expect(store.records.get('req-a')).toMatchObject({ status: 'sending' });
    expect(row.getByText('Wysyłanie…')).toBeInTheDocument();
  });

  it('shows why the server refused a ticket, in words', async () => {
    renderSection([refusedEntry()]);
    const row = await firstRow();

    expect(row.getByText('Odrzucone')).toBeInTheDocument();
    expect(row.getByRole('alert')).toHaveTextContent(
      'Serwer nie przyjął tego zgłoszenia: Masz już wniosek o zaliczkę w tym okresie rozliczeniowym. Możliwy jest tylko jeden wniosek na okres.',
    );
  });

  it('"Try again" puts a refused ticket back in line', async () => {
    const { store } = renderSection([refusedEntry()]);
    const row = await firstRow();

    await userEvent.click(row.getByRole('button', { name: 'Spróbuj ponownie' }));

    expect(await row.findByText('Czeka na połączenie')).toBeInTheDocument();
    expect(row.queryByRole('alert')).not.toBeInTheDocument();
    const saved = store.records.get('req-a') as OutboxEntry;
    expect(saved.status).toBe('waiting');
    expect(saved.refusal).toBeUndefined();
  });

  it('"Change and send again" turns a refused ticket into its form’s draft and opens the form', async () => {
    const drafts = memoryDraftStore();
    const file = photo('bumper.jpg');
    const { store } = renderSection([refusedEntry({ files: [outboxFile(file)] })], drafts);
    const row = await firstRow();

    await userEvent.click(row.getByRole('button', { name: 'Popraw i wyślij ponownie' }));

    expect(await screen.findByText('the form')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/new-ticket/car/damage');
    expect(drafts.records.get(draftId(UID, 'car', 'damage'))).toEqual({
      version: DRAFT_VERSION,
      uid: UID,
      category: 'car',
      subcategory: 'damage',
      savedAt: expect.any(Number) as number,
      values: { carPlate: 'PO 5TX21', description: 'Dented bumper at the gate' },
      files: [
        {
          name: 'bumper.jpg',
          type: 'image/jpeg',
          lastModified: file.lastModified,
          blob: expect.any(Blob) as Blob,
        },
      ],
    });
    expect(store.records.size).toBe(0);
  });

  it('offers no change of a ticket the server already created (only its files were refused)', async () => {
    renderSection([
      refusedEntry({
        ticket: { ticketId: 't-1', number: 'T-0001' },
        refusal: { key: 'tickets.outbox.filesRefused', values: { number: 'T-0001' } },
      }),
    ]);
    const row = await firstRow();

    expect(row.getByText('T-0001')).toBeInTheDocument();
    expect(row.getByRole('alert')).toHaveTextContent(
      'Zgłoszenie T-0001 zostało utworzone, ale jego pliki nie zostały przyjęte.',
    );
    expect(row.queryByRole('button', { name: 'Popraw i wyślij ponownie' })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Nie wysyłaj plików' })).toBeEnabled();
  });

  it('cannot cancel a ticket while it is being sent', async () => {
    renderSection([outboxEntry({ id: 'req-a', status: 'sending' })]);
    const row = await firstRow();

    expect(row.getByText('Wysyłanie…')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Anuluj zgłoszenie' })).toBeDisabled();
  });
});
