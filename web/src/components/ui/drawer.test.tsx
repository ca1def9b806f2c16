import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Drawer } from './drawer';

describe('Drawer', () => {
  it('opens and closes with isOpen, named by its label', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Drawer isOpen={false} label="Menu" onClose={onClose}>
        <a href="/profile">Profil</a>
      </Drawer>,
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    rerender(
      <Drawer isOpen label="Menu" onClose={onClose}>
        <a href="/profile">Profil</a>
      </Drawer>,
    );
    expect(screen.getByRole('dialog', { name: 'Menu' })).toHaveAttribute('open');
  });
});
