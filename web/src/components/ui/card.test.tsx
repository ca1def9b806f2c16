import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  it('shows its cover above its content, with the caller’s class', () => {
    const { container } = render(
      <Card cover={<img alt="Drill" src="/drill.png" />} className="tools-card">
        <p>Cordless drill</p>
      </Card>,
    );
    const card = container.firstElementChild;
    expect(card).toHaveClass('ui-card', 'tools-card');
    const [cover, body] = card?.children ?? [];
    expect(cover).toContainElement(screen.getByRole('img', { name: 'Drill' }));
    expect(body).toHaveTextContent('Cordless drill');
  });

  it('has no cover part without a cover', () => {
    const { container } = render(<Card>Text</Card>);
    expect(container.querySelector('.ui-card-cover')).toBeNull();
    expect(container.querySelector('.ui-card-body')).toHaveTextContent('Text');
  });
});
