import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { renderCategoryForm } from '../testing/category-form-harness';
import { workhoursForm } from './workhours-form';

function renderWorkhours() {
  const onValid = vi.fn();
  renderCategoryForm(workhoursForm, { category: 'workhours', subcategory: 'missingHours', onValid });
  return { onValid, user: userEvent.setup({ delay: null }) };
}

const fromInput = () => screen.getByLabelText(/^Od dnia/);
const toInput = () => screen.getByLabelText(/^Do dnia/);
const hoursInput = () => screen.getByRole('spinbutton', { name: 'Liczba godzin (opcjonalnie)' });
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Wyślij' }));
const fillDescription = (user: UserEvent) =>
  user.type(screen.getByLabelText(/^Opis/, { selector: 'textarea' }), 'Brak nadgodzin');
const expectMessage = (element: HTMLElement, message: string) =>
  waitFor(() => expect(element).toHaveAccessibleDescription(message));

describe('workhours form', () => {
  it('requires both days', async () => {
    const { user, onValid } = renderWorkhours();
    await fillDescription(user);
    await submit(user);
    await expectMessage(fromInput(), 'To pole jest wymagane');
    await expectMessage(toInput(), 'To pole jest wymagane');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('refuses a last day before the first', async () => {
    const { user, onValid } = renderWorkhours();
    await fillDescription(user);
    await user.type(fromInput(), '2026-11-18');
    await user.type(toInput(), '2026-11-17');
    await submit(user);
    await expectMessage(toInput(), 'Data zakończenia nie może być wcześniejsza niż data rozpoczęcia');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('refuses a number of hours that is not positive', async () => {
    const { user, onValid } = renderWorkhours();
    await fillDescription(user);
    await user.type(fromInput(), '2026-11-16');
    await user.type(toInput(), '2026-11-16');
    await user.type(hoursInput(), '0');
    await submit(user);
    await expectMessage(hoursInput(), 'Wartość musi być liczbą dodatnią');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('sends the days and the hours', async () => {
    const { user, onValid } = renderWorkhours();
    await fillDescription(user);
    await user.type(fromInput(), '2026-11-16');
    await user.type(toInput(), '2026-11-20');
    await user.type(hoursInput(), '7.5');
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'workhours',
      startDate: '2026-11-16',
      endDate: '2026-11-20',
      hours: 7.5,
    });
  });

  it('sends without hours, which are optional', async () => {
    const { user, onValid } = renderWorkhours();
    await fillDescription(user);
    await user.type(fromInput(), '2026-11-16');
    await user.type(toInput(), '2026-11-16');
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ startDate: '2026-11-16', endDate: '2026-11-16' });
    expect((onValid.mock.calls[0]?.[0] as { hours?: number }).hours).toBeUndefined();
  });
});
