import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it('interrupts for an error and waits its turn otherwise', () => {
    render(
      <>
        <Alert type="error">Nie udało się</Alert>
        <Alert type="success">Zapisano</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się');
    expect(screen.getByRole('status')).toHaveClass('message-box is-success');
  });

  it('shows a title with a description, an action and a labelled close button', async () => {
    const onClose = vi.fn();
    render(
      <Alert
        type="info"
        role="note"
        isIconShown
        description="Szczegóły"
        action={<button>Ponów</button>}
        onClose={onClose}
        closeLabel="Zamknij"
      >
        Zasady
      </Alert>,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('ZasadySzczegółyPonów');
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
