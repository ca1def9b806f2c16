import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingLine, Spinner } from './spinner';

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

describe('LoadingLine', () => {
  it('is a status that says what loads, centred or inline', () => {
    const { rerender } = render(<LoadingLine>Loading users…</LoadingLine>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(screen.getByRole('status')).toHaveClass('loading-line');
    expect(screen.getByRole('status')).not.toHaveClass('is-inline');
    rerender(<LoadingLine isInline>Loading users…</LoadingLine>);
    expect(screen.getByRole('status')).toHaveClass('loading-line', 'is-inline');
  });
});
