import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { renderCategoryForm } from '../testing/category-form-harness';
import { presalaryForm } from './presalary-form';

function renderPresalary(today = '2026-11-22') {
  const onValid = vi.fn();
  renderCategoryForm(presalaryForm, { category: 'presalary', subcategory: 'advance', today, onValid });
  return { onValid, user: userEvent.setup({ delay: null }) };
}

// Inputs by label rather than by role where a test uses them often: role queries over antd's
// styles take most of a second each.
const amountInput = () => screen.getByLabelText(/^Kwota \(EUR\)/, { selector: 'input' });
const reasonInput = () => screen.getByLabelText(/^Powód/, { selector: 'input' });
const periodSelect = () => screen.getByLabelText(/^Okres płatności/, { selector: 'select' });
const termsBox = () => screen.getByLabelText(/^Akceptuję warunki: opłata 5%/, { selector: 'input' });
const summary = () => within(screen.getByRole('status', { name: 'Podsumowanie zaliczki' }));
const summaryValue = (name: string) => summary().getByRole('definition', { name }).textContent;
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Wyślij' }));
/** Validation is asynchronous (zodResolver): wait for the message rather than race it. */
const expectMessage = (element: HTMLElement, message: string) =>
  waitFor(() => expect(element).toHaveAccessibleDescription(message));

async function typeAmount(user: UserEvent, amount: string) {
  await user.clear(amountInput());
  await user.type(amountInput(), amount);
}

/** The periods offered, without the empty choice. */
const periodChoices = () =>
  within(periodSelect())
    .getAllByRole('option')
    .filter((option) => option.getAttribute('value') !== '')
    .map((option) => option.textContent);

async function choosePeriod(user: UserEvent, label: string) {
  await user.selectOptions(periodSelect(), label);
}

async function fillValid(user: UserEvent) {
  await typeAmount(user, '250');
  await user.type(reasonInput(), 'Kaucja');
  await choosePeriod(user, '1–15 grudnia 2026 (pierwsza połowa)');
  await user.click(termsBox());
  await user.type(screen.getByLabelText(/^Opis/, { selector: 'textarea' }), 'Na kaucję');
}

describe('presalary form', () => {
  it('updates the fee and the total as the amount is typed', async () => {
    const { user } = renderPresalary();
    expect(summaryValue('Opłata (5%)')).toBe('—');
    expect(summaryValue('Razem do potrącenia z następnej wypłaty')).toBe('—');

    await typeAmount(user, '100');
    expect(summaryValue('Wnioskowana kwota')).toBe('100,00\u00a0€');
    expect(summaryValue('Opłata (5%)')).toBe('5,00\u00a0€');
    expect(summaryValue('Razem do potrącenia z następnej wypłaty')).toBe('105,00\u00a0€');

    await typeAmount(user, '250');
    expect(summaryValue('Opłata (5%)')).toBe('12,50\u00a0€');
    expect(summaryValue('Razem do potrącenia z następnej wypłaty')).toBe('262,50\u00a0€');
  });

  it('shows dashes and the limits, never NaN, for an amount outside them', async () => {
    const { user } = renderPresalary();
    await typeAmount(user, '99');
    expect(summaryValue('Opłata (5%)')).toBe('—');
    expect(summaryValue('Razem do potrącenia z następnej wypłaty')).toBe('—');
    expect(summary().getByText('Wpisz kwotę od 100 do 500 EUR, aby zobaczyć opłatę i sumę.')).toBeVisible();
    expect(screen.queryByText(/NaN/)).not.toBeInTheDocument();
  });

  it('refuses an amount under the minimum or over the maximum', async () => {
    const { user, onValid } = renderPresalary();
    await fillValid(user);
    await typeAmount(user, '99');
    await submit(user);
    await expectMessage(amountInput(), 'Minimalna kwota zaliczki to 100 EUR');

    await typeAmount(user, '501');
    await expectMessage(amountInput(), 'Maksymalna kwota zaliczki to 500 EUR');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('requires the amount, the reason, the period and the terms', async () => {
    const { user, onValid } = renderPresalary();
    await submit(user);
    await expectMessage(amountInput(), 'To pole jest wymagane');
    await expectMessage(screen.getByRole('textbox', { name: 'Powód' }), 'To pole jest wymagane');
    await expectMessage(screen.getByRole('combobox', { name: 'Okres płatności' }), 'To pole jest wymagane');
    await expectMessage(
      screen.getByRole('checkbox', { name: /^Akceptuję warunki/ }),
      'To pole jest wymagane',
    );
    expect(onValid).not.toHaveBeenCalled();
  });

  it('is not sent until the terms are accepted', async () => {
    const { user, onValid } = renderPresalary();
    await fillValid(user);
    const terms = termsBox();
    await user.click(terms);
    expect(terms).not.toBeChecked();
    await submit(user);
    await expectMessage(terms, 'To pole jest wymagane');
    expect(onValid).not.toHaveBeenCalled();

    await user.click(terms);
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });

  it('sends the amount, currency, period, reason and accepted terms', async () => {
    const { user, onValid } = renderPresalary();
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      category: 'presalary',
      subcategory: 'advance',
      amount: 250,
      currency: 'EUR',
      period: '2026-12-H1',
      reason: 'Kaucja',
      termsAccepted: true,
    });
  });

  it('offers the current and the next salary period', async () => {
    renderPresalary('2026-11-22');
    expect(periodChoices()).toEqual([
      '16–30 listopada 2026 (druga połowa)',
      '1–15 grudnia 2026 (pierwsza połowa)',
    ]);
  });

  it('offers both halves of the month in the first half', async () => {
    renderPresalary('2026-11-10');
    expect(periodChoices()).toEqual([
      '1–15 listopada 2026 (pierwsza połowa)',
      '16–30 listopada 2026 (druga połowa)',
    ]);
  });

  it('states the rules and the next processing day', () => {
    renderPresalary('2026-11-22'); // a Sunday: the next processing day is Tuesday
    const rules = within(screen.getByRole('note'));
    expect(rules.getByText('Minimalna kwota to 100 EUR, maksymalna 500 EUR.')).toBeVisible();
    expect(rules.getByText('Jeden wniosek na okres rozliczeniowy.')).toBeVisible();
    expect(
      rules.getByText(
        'Wnioski są realizowane we wtorki i czwartki. Najbliższy dzień realizacji: wtorek, 24 listopada 2026.',
      ),
    ).toBeVisible();
  });

  it('names a processing day itself as the next one', () => {
    renderPresalary('2026-11-26'); // a Thursday
    expect(screen.getByRole('note')).toHaveTextContent(
      'Najbliższy dzień realizacji: czwartek, 26 listopada 2026.',
    );
  });
});
