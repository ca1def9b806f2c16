import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

describe('lazyComponent', () => {
  it('keeps the loaded component mounted, with its state, across the renders after its chunk arrived', async () => {
    let mounts = 0;
    function Counter({ label }: { label: string }) {
      const [count, setCount] = useState(() => {
        mounts += 1;
        return 0;
      });
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {label} {count}
        </button>
      );
    }
    const { Component } = lazyComponent(() => Promise.resolve(Counter));
    const { rerender } = render(<Component label="clicks" />);
    const button = await screen.findByRole('button', { name: 'clicks 0' });
    act(() => button.click());
    // A parent re-render (a token refresh, a live update) must not remount it.
    rerender(<Component label="taps" />);
    expect(screen.getByRole('button')).toHaveTextContent('taps 1');
    expect(mounts).toBe(1);
  });

  it('renders at once when preloaded', async () => {
    const lazy = lazyComponent(() => Promise.resolve(() => <p>ready</p>));
    await lazy.preload();
    render(<lazy.Component />);
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('tries a load that failed for lack of connection again when the connection returns', async () => {
    let calls = 0;
    const lazy = lazyComponent(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(() => <p>back</p>);
    });
    render(<lazy.Component />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByText('back')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('back')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
