import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a named progress bar when it says what loads', () => {
    render(<Spinner isBlock label="Ładowanie…" />);
    expect(screen.getByRole('progressbar', { name: 'Ładowanie…' })).toHaveClass('plain-spinner-wrap');
  });

  it('is hidden from screen readers without a label', () => {
    const { container } = render(<Spinner size="small" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
