import type { WorkerProfile } from '@domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { renderCategoryForm } from '../testing/category-form-harness';
import { accommodationForm } from './accommodation-form';

const WORKER: WorkerProfile = {
  id: 'w-1001',
  name: 'Piotr Kowalczyk',
  email: 'worker@example.com',
  accommodationAddress: 'Sickla Kanalgata 8, lgh 1103, 131 34 Nacka',
};

function renderAccommodation(worker: WorkerProfile | null) {
  const onValid = vi.fn();
  renderCategoryForm(accommodationForm, {
    category: 'accommodation',
    subcategory: 'repair',
    worker,
    onValid,
  });
  return { onValid, user: userEvent.setup() };
}

const address = () => screen.getByRole('textbox', { name: 'Adres zakwaterowania' });

async function describeAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: 'Opis' }));
  await user.paste('Cieknie kran w łazience');
  await user.click(screen.getByRole('button', { name: 'Wyślij' }));
}

describe('accommodation form', () => {
  it('starts with the accommodation address from the worker profile and submits it', async () => {
    const { user, onValid } = renderAccommodation(WORKER);
    expect(address()).toHaveValue('Sickla Kanalgata 8, lgh 1103, 131 34 Nacka');
    expect(screen.getByText(/Uzupełniono z Twojego profilu/)).toBeInTheDocument();

    await describeAndSubmit(user);

    expect(onValid).toHaveBeenCalledOnce();
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'accommodation',
      address: 'Sickla Kanalgata 8, lgh 1103, 131 34 Nacka',
    });
  });

  it('requires an address when it is cleared', async () => {
    const { user, onValid } = renderAccommodation(WORKER);
    await user.clear(address());
    await describeAndSubmit(user);

    expect(address()).toHaveAccessibleDescription('To pole jest wymagane');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('starts empty when the profile has no accommodation address', async () => {
    const { user, onValid } = renderAccommodation(null);
    expect(address()).toHaveValue('');

    await user.type(address(), 'Lugnets Allé 58, Sztokholm');
    await describeAndSubmit(user);
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ address: 'Lugnets Allé 58, Sztokholm' });
  });
});
