import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useFormContext } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { FieldError } from '../fields';
import { type HarnessOptions, renderCategoryForm } from '../testing/category-form-harness';
import { absencesForm } from './absences-form';

/** Where the shell's file picker shows its error: the schema puts the certificate rule on `attachments`. */
function AttachmentsError() {
  const { formState } = useFormContext();
  const message = formState.errors.attachments?.message;
  return typeof message === 'string' ? <FieldError message={message} /> : null;
}

const withFilePicker: CategoryForm = {
  ...absencesForm,
  Fields: (context: CategoryFormContext) => (
    <>
      <absencesForm.Fields {...context} />
      <AttachmentsError />
    </>
  ),
};

const CERTIFICATE = { name: 'l4.pdf', size: 20_000, contentType: 'application/pdf' };
const FILE_MESSAGE = 'Do zwolnienia lekarskiego wymagany jest plik zaświadczenia lekarskiego';
const CERTIFICATE_HINT = /Dołącz zdjęcie lub PDF zaświadczenia lekarskiego/;

function renderAbsences(options: Partial<HarnessOptions> = {}) {
  const onValid = vi.fn();
  renderCategoryForm(withFilePicker, {
    category: 'absences',
    subcategory: 'vacation',
    today: '2026-11-22',
    onValid,
    ...options,
  });
  return { onValid, user: userEvent.setup({ delay: null }) };
}

// Inputs by label: role queries over antd's styles take most of a second each.
const typeSelect = () => screen.getByLabelText(/^Rodzaj nieobecności/, { selector: 'select' });
const startInput = () => screen.getByLabelText(/^Data rozpoczęcia/);
const endInput = () => screen.getByLabelText(/^Data zakończenia/);
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Wyślij' }));

async function chooseType(user: UserEvent, label: string) {
  await user.selectOptions(typeSelect(), label);
}

/** Types a whole day over the one shown, as on a desktop date input. */
const setDate = (user: UserEvent, input: HTMLElement, day: string) =>
  user.type(input, day, { initialSelectionStart: 0, initialSelectionEnd: 10 });

/** Validation is asynchronous (zodResolver): wait for the message rather than race it. */
const expectMessage = (element: HTMLElement, message: string) =>
  waitFor(() => expect(element).toHaveAccessibleDescription(message));

async function fillText(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Powód/, { selector: 'input' }), 'Urlop');
  await user.type(screen.getByLabelText(/^Opis/, { selector: 'textarea' }), 'Wyjazd');
}

describe('absences form', () => {
  it('starts with the chosen type and today as both days', () => {
    renderAbsences({ subcategory: 'unpaidLeave' });
    expect(typeSelect()).toHaveDisplayValue('Urlop bezpłatny');
    expect(startInput()).toHaveValue('2026-11-22');
    expect(endInput()).toHaveValue('2026-11-22');
  });

  it('refuses an end date before the start date', async () => {
    const { user, onValid } = renderAbsences();
    await fillText(user);
    await setDate(user, startInput(), '2026-11-25');
    await setDate(user, endInput(), '2026-11-24');
    await submit(user);
    await expectMessage(endInput(), 'Data zakończenia nie może być wcześniejsza niż data rozpoczęcia');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('requires the reason', async () => {
    const { user, onValid } = renderAbsences();
    await submit(user);
    await expectMessage(screen.getByRole('textbox', { name: 'Powód' }), 'To pole jest wymagane');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('asks for the certificate file on sick leave and refuses it without one', async () => {
    const { user, onValid } = renderAbsences({ subcategory: 'sickLeave', attachments: [] });
    expect(screen.getByRole('note')).toHaveTextContent(CERTIFICATE_HINT);
    await fillText(user);
    await submit(user);
    expect(await screen.findByText(FILE_MESSAGE)).toBeVisible();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('sends a sick leave with its certificate file', async () => {
    const { user, onValid } = renderAbsences({ subcategory: 'sickLeave', attachments: [CERTIFICATE] });
    await fillText(user);
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(FILE_MESSAGE)).not.toBeInTheDocument();
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      subcategory: 'sickLeave',
      attachments: [CERTIFICATE],
    });
  });

  it('asks for the file when a certificate is ticked on another type of absence', async () => {
    const { user, onValid } = renderAbsences({ subcategory: 'personal', attachments: [] });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await fillText(user);
    await user.click(screen.getByRole('checkbox', { name: 'Mam zaświadczenie lekarskie' }));
    expect(screen.getByRole('note')).toHaveTextContent(CERTIFICATE_HINT);
    await submit(user);
    expect(await screen.findByText(FILE_MESSAGE)).toBeVisible();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('switches the type: from sick leave to vacation no file is needed', async () => {
    const { user, onValid } = renderAbsences({ subcategory: 'sickLeave', attachments: [] });
    await fillText(user);
    await chooseType(user, 'Urlop wypoczynkowy');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await setDate(user, endInput(), '2026-11-27');
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'absences',
      subcategory: 'vacation',
      reason: 'Urlop',
      startDate: '2026-11-22',
      endDate: '2026-11-27',
      hasMedicalCertificate: false,
    });
  });
});
