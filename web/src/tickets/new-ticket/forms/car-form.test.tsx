import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { renderCategoryForm } from '../testing/category-form-harness';
import { carForm } from './car-form';

function renderCar(subcategory = 'damage') {
  const onValid = vi.fn();
  renderCategoryForm(carForm, { category: 'car', subcategory, onValid });
  return { onValid, user: userEvent.setup() };
}

const plate = () => screen.getByRole('textbox', { name: 'Numer rejestracyjny' });

describe('car form', () => {
  it('requires the registration number', async () => {
    const { user, onValid } = renderCar();
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(plate()).toHaveAccessibleDescription('To pole jest wymagane');
    expect(plate()).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('submits the registration number in capitals', async () => {
    const { user, onValid } = renderCar();
    expect(plate()).toHaveAttribute('autocapitalize', 'characters');

    await user.type(plate(), 'po 5tx21');
    await user.click(screen.getByRole('textbox', { name: 'Opis' }));
    await user.paste('Wgniecione drzwi');
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(onValid).toHaveBeenCalledOnce();
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'car',
      subcategory: 'damage',
      carPlate: 'PO 5TX21',
    });
  });

  it('asks for photos of a damage', () => {
    renderCar('damage');
    expect(screen.getByText(/Zrób zdjęcia uszkodzeń/)).toBeInTheDocument();
  });

  it('asks for the mileage for a service', () => {
    renderCar('service');
    expect(screen.getByText(/podaj aktualny przebieg/)).toBeInTheDocument();
    expect(screen.queryByText(/Zrób zdjęcia uszkodzeń/)).not.toBeInTheDocument();
  });
});
