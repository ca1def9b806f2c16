import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { renderCategoryForm } from '../testing/category-form-harness';
import { salaryForm } from './salary-form';

function renderSalary(today = '2026-11-22') {
  const onValid = vi.fn();
  renderCategoryForm(salaryForm, { category: 'salary', subcategory: 'missingPayment', today, onValid });
  return { onValid, user: userEvent.setup({ delay: null }) };
}

const periodSelect = () => screen.getByRole('combobox', { name: 'Okres rozliczeniowy' });
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Wyślij' }));

describe('salary form', () => {
  it('requires the salary period', async () => {
    const { user, onValid } = renderSalary();
    await user.type(screen.getByLabelText(/^Opis/, { selector: 'textarea' }), 'Brak wypłaty');
    await submit(user);
    await waitFor(() => expect(periodSelect()).toHaveAccessibleDescription('To pole jest wymagane'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('offers the last six periods, newest first, by their days', async () => {
    renderSalary('2026-11-22');
    const titles = within(periodSelect())
      .getAllByRole('option')
      .filter((option) => option.getAttribute('value') !== '')
      .map((option) => option.textContent);
    expect(titles).toEqual([
      '16–30 listopada 2026 (druga połowa)',
      '1–15 listopada 2026 (pierwsza połowa)',
      '16–31 października 2026 (druga połowa)',
      '1–15 października 2026 (pierwsza połowa)',
      '16–30 września 2026 (druga połowa)',
      '1–15 września 2026 (pierwsza połowa)',
    ]);
  });

  it('sends the chosen period', async () => {
    const { user, onValid } = renderSalary('2026-01-05');
    await user.type(screen.getByLabelText(/^Opis/, { selector: 'textarea' }), 'Zła kwota');
    await user.selectOptions(periodSelect(), '16–31 grudnia 2025 (druga połowa)');
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'salary',
      subcategory: 'missingPayment',
      period: '2025-12-H2',
      description: 'Zła kwota',
    });
  });
});
