import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormState } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { FieldError } from '../fields';
import { type HarnessOptions, renderCategoryForm } from '../testing/category-form-harness';
import { receiptsForm } from './receipts-form';

const RECEIPT_PHOTO = { name: 'paragon.jpg', size: 120_000, contentType: 'image/jpeg' };

/** Stands in for the shell's file picker, which shows the form's error for the attachments. */
function AttachmentsError() {
  const { errors } = useFormState({ name: 'attachments' });
  const message = errors.attachments?.message;
  return typeof message === 'string' ? <FieldError message={message} /> : null;
}

const withFilePicker: CategoryForm = {
  ...receiptsForm,
  Fields: (context: CategoryFormContext) => (
    <>
      <receiptsForm.Fields {...context} />
      <AttachmentsError />
    </>
  ),
};

function renderReceipts(options: Partial<HarnessOptions> = {}) {
  const onValid = vi.fn();
  renderCategoryForm(withFilePicker, {
    category: 'receipts',
    subcategory: 'fuel',
    attachments: [RECEIPT_PHOTO],
    onValid,
    ...options,
  });
  return { onValid, user: userEvent.setup() };
}

const amount = () => screen.getByRole('spinbutton', { name: 'Kwota' });

describe('receipts form', () => {
  it('asks for an amount greater than zero', async () => {
    const { user, onValid } = renderReceipts();
    await user.type(amount(), '0');
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(amount()).toHaveAccessibleDescription('Podaj prawidłową kwotę większą od zera');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('requires the amount', async () => {
    const { user, onValid } = renderReceipts();
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(amount()).toHaveAccessibleDescription('To pole jest wymagane');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('needs a photo or scan of the receipt', async () => {
    const { user, onValid } = renderReceipts({ attachments: [] });
    expect(
      screen.getByText('Dołącz poniżej co najmniej jedno zdjęcie lub skan paragonu.'),
    ).toBeInTheDocument();

    await user.type(amount(), '45.90');
    await user.click(screen.getByRole('textbox', { name: 'Opis' }));
    await user.paste('Tankowanie busa');
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(
      await screen.findByText('Do zgłoszenia paragonu wymagany jest co najmniej jeden plik'),
    ).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('submits the amount in euro by default, with the purchase date', async () => {
    const { user, onValid } = renderReceipts({ today: '2026-11-22' });
    expect(screen.getByRole('combobox', { name: 'Waluta' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Waluta' })).toHaveDisplayValue('EUR – euro');
    expect(screen.getByLabelText('Data zakupu')).toHaveAttribute('max', '2026-11-22');

    await user.type(amount(), '45.90');
    await user.type(screen.getByLabelText('Data zakupu'), '2026-11-20');
    await user.click(screen.getByRole('textbox', { name: 'Opis' }));
    await user.paste('Tankowanie busa');
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(onValid).toHaveBeenCalledOnce();
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'receipts',
      subcategory: 'fuel',
      amount: 45.9,
      currency: 'EUR',
      purchaseDate: '2026-11-20',
      attachments: [RECEIPT_PHOTO],
    });
  });

  it('submits the chosen currency', async () => {
    const { user, onValid } = renderReceipts();
    await user.type(amount(), '120');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Waluta' }), 'SEK – korona szwedzka');
    await user.click(screen.getByRole('textbox', { name: 'Opis' }));
    await user.paste('Materiały');
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ amount: 120, currency: 'SEK' });
    expect(onValid.mock.calls[0]?.[0]).not.toHaveProperty('purchaseDate', expect.anything());
  });
});
