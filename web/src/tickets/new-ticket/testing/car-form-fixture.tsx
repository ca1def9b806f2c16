import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { type DraftStore, draftId } from '../../../lib/drafts/draft-store';
import { NoticesProvider } from '../../../notices';
import { renderSignedIn } from '../../../testing/auth';
import { callableMock } from '../../../testing/fake-call';
import * as api from '../../api/submit-ticket';
import type { OutboxStore } from '../../outbox/outbox-store';
import { OutboxStoreContext } from '../../outbox/use-outbox';
import type { CategoryForm } from '../category-form';
import { TextField } from '../fields';
import { DRAFT_VERSION, type DraftRecord } from '../ticket-draft';
import { TicketForm } from '../ticket-form';
import { DraftStoreContext } from '../use-ticket-draft';

// The new-ticket shell with a category form as small as possible (the car plate), so the shell is
// what is under test: drafts, the outbox, submitting. The test file mocks ../api/submit-ticket
// (see submit-ticket-mock.ts) and lib/call (testing/fake-call.ts); submitTicket and the rest below
// are those mocks.

export const FOREMAN = 'u-foreman';

export const carForm: CategoryForm = {
  defaultValues: () => ({ carPlate: '' }),
  Fields: () => <TextField name="carPlate" label="Numer rejestracyjny" isRequired />,
};

/** The mocked server calls of the form (the test file must mock ../api/submit-ticket and lib/call). */
export const submitTicket = callableMock('submitTicket');
export const uploadTicketFile = vi.mocked(api.uploadTicketFile);
export const attachTicketFiles = callableMock('attachTicketFiles');

export function resetSubmitApi(): void {
  submitTicket.mockReset();
  uploadTicketFile.mockReset();
  attachTicketFiles.mockReset();
}

/** The draft id of the car damage form of u-foreman. */
export const MY_DRAFT = draftId(FOREMAN, 'car', 'damage');

export type CarFormOptions = {
  /** The drafts store; left out: the browser's (none in jsdom). */
  drafts?: DraftStore | null;
  /** The outbox store; none unless given, so nothing is queued on the test machine. */
  outbox?: OutboxStore | null;
  uid?: string;
};

/** The car damage form for a signed-in foreman. */
export function renderCarForm({ drafts, outbox = null, uid = FOREMAN }: CarFormOptions = {}) {
  let ui = (
    <NoticesProvider>
      <TicketForm category="car" subcategory="damage" form={carForm} today="2026-11-22" />
    </NoticesProvider>
  );
  if (drafts !== undefined) ui = <DraftStoreContext.Provider value={drafts}>{ui}</DraftStoreContext.Provider>;
  ui = <OutboxStoreContext.Provider value={outbox}>{ui}</OutboxStoreContext.Provider>;
  return renderSignedIn(ui, { role: 'foreman', uid });
}

/** A car damage draft of u-foreman saved at 22 Nov 2026, 07:45; `patch` changes it. */
export const storedDraft = (patch: Partial<DraftRecord> = {}): DraftRecord => ({
  version: DRAFT_VERSION,
  uid: FOREMAN,
  category: 'car',
  subcategory: 'damage',
  savedAt: new Date(2026, 10, 22, 7, 45).getTime(),
  values: { carPlate: 'PO 5TX21', description: 'Dented bumper at the gate' },
  files: [],
  ...patch,
});

/** A callable's error as the Functions SDK throws it (code `functions/<code>`). */
export const functionsError = (code: string, message = '', details?: unknown) =>
  Object.assign(new Error(message), { code: `functions/${code}`, details });

export const plateField = () => screen.findByLabelText(/Numer rejestracyjny/);
export const descriptionField = () => screen.getByLabelText(/Opis/);
export const submitButton = () => screen.getByRole('button', { name: 'Wyślij zgłoszenie' });
