import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './text-area';

describe('TextArea', () => {
  it('counts characters against its limit', () => {
    render(<TextArea aria-label="Opis" value="żółw" maxLength={10} onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Opis' })).toHaveAttribute('maxlength', '10');
    expect(screen.getByText('4 / 10')).toBeInTheDocument();
  });

  it('has no counter without a limit', () => {
    const { container } = render(<TextArea aria-label="Opis" value="abc" readOnly />);
    expect(container.querySelector('.plain-textarea-count')).toBeNull();
  });
});
