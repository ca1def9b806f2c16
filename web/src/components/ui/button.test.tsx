import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName } from './button';

describe('Button', () => {
  it('is a plain button (not a submit) that reports clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Zapisz</Button>);
    const button = screen.getByRole('button', { name: 'Zapisz' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="primary" isLoading onClick={onClick}>
        Wyślij
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Wyślij' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps an icon-only button named by its aria-label', () => {
    render(<Button icon={<span data-testid="icon" />} aria-label="Usuń" variant="text" />);
    const button = screen.getByRole('button', { name: 'Usuń' });
    expect(button).toHaveClass('plain-button plain-button-text is-icon-only');
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });

  it('gives a router link the look of a button', () => {
    expect(buttonClassName({ variant: 'primary', isBlock: true })).toBe(
      'plain-button plain-button-primary is-block',
    );
  });
});
