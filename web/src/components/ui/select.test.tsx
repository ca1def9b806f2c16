import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select';

const OPTIONS = [
  { value: 'new', label: 'Nowe' },
  { value: 'paid', label: 'Wypłacone' },
];

describe('Select', () => {
  it('reports the picked value, and undefined for the empty choice', async () => {
    const onChange = vi.fn();
    render(
      <Select
        aria-label="Status"
        value="new"
        onChange={onChange}
        options={OPTIONS}
        placeholder="Wszystkie"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    await userEvent.selectOptions(select, 'Wypłacone');
    expect(onChange).toHaveBeenLastCalledWith('paid');
    await userEvent.selectOptions(select, 'Wszystkie');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('has no empty choice without a placeholder, and marks an error', () => {
    render(
      <Select aria-label="Rola" value="paid" onChange={() => undefined} options={OPTIONS} status="error" />,
    );
    const select = screen.getByRole('combobox', { name: 'Rola' });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(select).toHaveValue('paid');
    expect(select).toHaveClass('is-invalid');
  });
});
