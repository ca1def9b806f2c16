import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UnsentTicketsDialog } from './unsent-tickets-dialog';

describe('UnsentTicketsDialog', () => {
  it('is closed while nothing waits', () => {
    render(<UnsentTicketsDialog count={0} onStay={vi.fn()} onLogOut={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says how many tickets a log-out would delete and lets the worker stay or log out', async () => {
    const onStay = vi.fn();
    const onLogOut = vi.fn();
    render(<UnsentTicketsDialog count={2} onStay={onStay} onLogOut={onLogOut} />);
    const dialog = screen.getByRole('dialog', { name: 'Jeszcze niewysłane' });
    expect(dialog).toHaveTextContent('2 zgłoszenia nie zostały jeszcze wysłane');
    expect(dialog).not.toHaveTextContent('zagrożenia');
    await userEvent.click(screen.getByRole('button', { name: 'Zostań zalogowany' }));
    expect(onStay).toHaveBeenCalledTimes(1);
    expect(onLogOut).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Wyloguj i usuń je' }));
    expect(onLogOut).toHaveBeenCalledTimes(1);
  });

  it('counts the danger reports waiting on the phone too, alone or beside tickets', () => {
    const { rerender } = render(
      <UnsentTicketsDialog count={0} reportCount={1} onStay={vi.fn()} onLogOut={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Jeszcze niewysłane' });
    expect(dialog).toHaveTextContent('1 zgłoszenie zagrożenia nie zostało jeszcze wysłane');
    expect(dialog).not.toHaveTextContent('zgłoszenia nie zostały');
    rerender(<UnsentTicketsDialog count={3} reportCount={5} onStay={vi.fn()} onLogOut={vi.fn()} />);
    expect(dialog).toHaveTextContent('3 zgłoszenia nie zostały jeszcze wysłane');
    expect(dialog).toHaveTextContent('5 zgłoszeń zagrożenia nie zostało jeszcze wysłanych');
  });
});
