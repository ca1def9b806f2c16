import type { WorkerProfile } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { renderCategoryForm } from '../testing/category-form-harness';
import { clothesForm, seasonalVariant } from './clothes-form';

const WORKER: WorkerProfile = {
  id: 'w-1',
  name: 'Jan Kowalski',
  email: 'jan@example.com',
  jacketSize: 'L',
  pantsSize: '50',
  shoesSize: '43',
  glovesSize: '9',
};

function renderClothes({
  today = '2026-11-22',
  worker = WORKER,
}: { today?: string; worker?: WorkerProfile | null } = {}) {
  const onValid = vi.fn();
  renderCategoryForm(clothesForm, {
    category: 'clothes',
    subcategory: 'replacement',
    today,
    worker,
    onValid,
  });
  return { onValid, user: userEvent.setup({ delay: null }) };
}

const itemsGroup = () => screen.getByRole('group', { name: 'Co zamawiasz?' });
// By label rather than by role: role queries over antd's styles take most of a second each.
const itemBox = (item: string) => screen.getByLabelText(item, { selector: 'input[type="checkbox"]' });
const sizeInput = (item: string) => screen.getByLabelText(`Rozmiar – ${item}`, { selector: 'input' });
const quantityInput = (item: string) => screen.getByLabelText(`Ilość – ${item}`, { selector: 'input' });
const variantGroup = (item: string) => screen.getByLabelText(`Wariant – ${item}`);
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Wyślij' }));
const fillDescription = (user: UserEvent) =>
  user.type(screen.getByRole('textbox', { name: 'Opis' }), 'Zużyte');

describe('clothes form', () => {
  it('asks for at least one item when nothing is ticked', async () => {
    const { user, onValid } = renderClothes();
    await fillDescription(user);
    await submit(user);
    await waitFor(() =>
      expect(itemsGroup()).toHaveAccessibleDescription('Wybierz co najmniej jeden element'),
    );
    expect(onValid).not.toHaveBeenCalled();
  });

  it('asks for the size of a ticked item that has none', async () => {
    const { user, onValid } = renderClothes();
    await fillDescription(user);
    await user.click(itemBox('Czapka'));
    expect(sizeInput('Czapka')).toHaveValue('');
    await submit(user);
    await waitFor(() =>
      expect(itemsGroup()).toHaveAccessibleDescription('Należy wybrać co najmniej jeden rozmiar'),
    );
    expect(sizeInput('Czapka')).toBeInvalid();
    expect(onValid).not.toHaveBeenCalled();

    await user.type(sizeInput('Czapka'), 'M');
    await waitFor(() => expect(itemsGroup()).not.toHaveAccessibleDescription());
  });

  it('fills in the sizes the worker profile knows', async () => {
    const { user } = renderClothes();
    for (const item of ['Kurtka', 'Spodnie', 'Buty', 'Koszulka z długim rękawem'])
      await user.click(itemBox(item));
    expect(sizeInput('Kurtka')).toHaveValue('L');
    expect(sizeInput('Spodnie')).toHaveValue('50');
    expect(sizeInput('Buty')).toHaveValue('43');
    expect(sizeInput('Koszulka z długim rękawem')).toHaveValue('');
  });

  it('leaves the sizes empty without a worker profile', async () => {
    const { user } = renderClothes({ worker: null });
    await user.click(itemBox('Kurtka'));
    expect(sizeInput('Kurtka')).toHaveValue('');
  });

  it('shows the controls of a row only once it is ticked', async () => {
    const { user } = renderClothes();
    expect(screen.queryByLabelText('Rozmiar – Kurtka')).not.toBeInTheDocument();
    await user.click(itemBox('Kurtka'));
    expect(sizeInput('Kurtka')).toBeVisible();
    expect(quantityInput('Kurtka')).toHaveValue('1');
  });

  it('offers a summer or winter variant only for the jacket, pants and shoes', async () => {
    const { user } = renderClothes();
    for (const item of ['Kurtka', 'Spodnie', 'Buty', 'Koszulka z długim rękawem', 'Czapka', 'Komin (buff)']) {
      await user.click(itemBox(item));
    }
    expect(
      within(itemsGroup())
        .getAllByRole('radiogroup')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Wariant – Kurtka', 'Wariant – Spodnie', 'Wariant – Buty']);
    // November: winter clothes.
    expect(within(variantGroup('Kurtka')).getByRole('radio', { name: 'Zimowy' })).toBeChecked();
  });

  it('picks the summer variant from April to September', async () => {
    const { user } = renderClothes({ today: '2026-06-10' });
    await user.click(itemBox('Buty'));
    expect(within(variantGroup('Buty')).getByRole('radio', { name: 'Letni' })).toBeChecked();
    expect(seasonalVariant('2026-03-31')).toBe('winter');
    expect(seasonalVariant('2026-04-01')).toBe('summer');
    expect(seasonalVariant('2026-09-30')).toBe('summer');
    expect(seasonalVariant('2026-10-01')).toBe('winter');
  });

  it('keeps a typed size when a row is unticked and ticked again', async () => {
    const { user } = renderClothes();
    await user.click(itemBox('Czapka'));
    await user.type(sizeInput('Czapka'), 'XL');
    await user.click(itemBox('Czapka'));
    expect(screen.queryByLabelText('Rozmiar – Czapka')).not.toBeInTheDocument();
    await user.click(itemBox('Czapka'));
    expect(sizeInput('Czapka')).toHaveValue('XL');
  });

  it('sends exactly the ticked items', async () => {
    const { user, onValid } = renderClothes();
    await fillDescription(user);
    await user.click(itemBox('Czapka'));
    await user.type(sizeInput('Czapka'), 'M');
    await user.clear(quantityInput('Czapka'));
    await user.type(quantityInput('Czapka'), '2');
    await user.click(itemBox('Kurtka'));
    await user.click(within(variantGroup('Kurtka')).getByText('Letni'));
    await user.click(itemBox('Spodnie'));
    await user.click(itemBox('Spodnie'));
    expect(within(variantGroup('Kurtka')).getByRole('radio', { name: 'Letni' })).toBeChecked();
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'clothes',
      subcategory: 'replacement',
      items: [
        { type: 'jacket', variant: 'summer', size: 'L', quantity: 1 },
        { type: 'beanie', variant: null, size: 'M', quantity: 2 },
      ],
    });
    expect((onValid.mock.calls[0]?.[0] as { items: unknown[] }).items).toHaveLength(2);
  });

  it('asks for a quantity when the box is emptied', async () => {
    const { user, onValid } = renderClothes();
    await fillDescription(user);
    await user.click(itemBox('Kurtka'));
    await user.clear(quantityInput('Kurtka'));
    await submit(user);
    await waitFor(() => expect(quantityInput('Kurtka')).toHaveAccessibleDescription('To pole jest wymagane'));
    expect(onValid).not.toHaveBeenCalled();
  });
});
