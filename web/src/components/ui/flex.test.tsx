import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Flex } from './flex';

describe('Flex', () => {
  it('spaces its children with the spacing tokens', () => {
    render(
      <>
        <Flex gap="xsmall">xsmall</Flex>
        <Flex gap="small">small</Flex>
        <Flex vertical gap="middle">
          middle
        </Flex>
        <Flex gap="large">large</Flex>
        <Flex>none</Flex>
      </>,
    );
    expect(screen.getByText('xsmall').style.gap).toBe('var(--space-1)');
    expect(screen.getByText('small').style.gap).toBe('var(--space-2)');
    expect(screen.getByText('middle').style.gap).toBe('var(--space-4)');
    expect(screen.getByText('middle').style.flexDirection).toBe('column');
    expect(screen.getByText('large').style.gap).toBe('var(--space-5)');
    expect(screen.getByText('none').style.gap).toBe('');
  });
});
