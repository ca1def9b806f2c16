import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

function Labelled({ initial = false }: { initial?: boolean }) {
  const [isOn, setIsOn] = useState(initial);
  return (
    <>
      <Switch id="archived" checked={isOn} onChange={setIsOn} />
      <label htmlFor="archived">Show archived</label>
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label, turned by a click, by Space and by Enter', async () => {
    const user = userEvent.setup();
    render(<Labelled />);
    const toggle = screen.getByRole('switch', { name: 'Show archived' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    await user.keyboard('{Enter}');
    expect(toggle).toBeChecked();
  });

  it('takes no click while loading or disabled, and says it is busy', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<Switch aria-label="Push" checked={false} onChange={onChange} loading />);
    const toggle = screen.getByRole('switch', { name: 'Push' });
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    await user.click(toggle);
    rerender(<Switch aria-label="Push" checked={false} onChange={onChange} disabled />);
    await user.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
  });
});
