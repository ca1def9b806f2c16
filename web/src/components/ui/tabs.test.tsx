import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const ITEMS = [
  { key: 'a', label: 'Dane', children: 'Panel A' },
  { key: 'b', label: 'Praca', children: 'Panel B' },
  { key: 'c', label: 'Ustawienia', children: 'Panel C' },
];

describe('Tabs', () => {
  it('shows the panel of the clicked tab, named by it', async () => {
    render(<Tabs items={ITEMS} label="Profil" />);
    expect(screen.getByRole('tablist', { name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Dane' })).toHaveTextContent('Panel A');
    await userEvent.click(screen.getByRole('tab', { name: 'Praca' }));
    expect(screen.getByRole('tab', { name: 'Praca' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Praca' })).toHaveTextContent('Panel B');
  });

  it('moves with the arrow keys, Home and End, keeping one tab in the tab order', async () => {
    const onChange = vi.fn();
    render(<Tabs items={ITEMS} defaultActiveKey="a" onChange={onChange} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Dane' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Ustawienia' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('c');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Dane' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Praca' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Dane' })).toHaveAttribute('tabindex', '-1');
  });

  it('follows the caller when it keeps the shown tab', () => {
    render(<Tabs items={ITEMS} activeKey="c" onChange={() => undefined} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel C');
  });
});
