import { act, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { SplashScreen } from './splash-screen';

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const splash = () => screen.queryByRole('status', { name: 'Loading Site Tickets…' });

beforeAll(async () => {
  await changeLanguage('en');
});

afterAll(async () => {
  await changeLanguage('pl');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SplashScreen', () => {
  it('shows the product name over the app from the start', () => {
    render(
      <SplashScreen isReady={false}>
        <p>App</p>
      </SplashScreen>,
    );
    expect(splash()).toBeInTheDocument();
    expect(splash()).toHaveTextContent('Site Tickets');
    expect(screen.getByText('App')).toBeInTheDocument();
  });

  it('stays at least 1500 ms even when ready at once, then fades over 600 ms and unmounts', () => {
    render(<SplashScreen isReady />);
    advance(1499);
    expect(splash()).toHaveAttribute('data-state', 'visible');
    expect(splash()).toHaveStyle({ opacity: '1' });
    advance(1);
    expect(splash()).toHaveAttribute('data-state', 'fading');
    expect(splash()).toHaveStyle({ opacity: '0', transition: 'opacity 600ms ease' });
    advance(599);
    expect(splash()).toBeInTheDocument();
    advance(1);
    expect(splash()).not.toBeInTheDocument();
  });

  it('stays while not ready, however long that takes', () => {
    const { rerender } = render(<SplashScreen isReady={false} />);
    advance(60_000);
    expect(splash()).toHaveAttribute('data-state', 'visible');
    rerender(<SplashScreen isReady />);
    expect(splash()).toHaveAttribute('data-state', 'fading');
    advance(600);
    expect(splash()).not.toBeInTheDocument();
  });

  it('honours custom timings', () => {
    render(<SplashScreen isReady minDisplayMs={100} fadeMs={50} />);
    advance(100);
    expect(splash()).toHaveAttribute('data-state', 'fading');
    advance(50);
    expect(splash()).not.toBeInTheDocument();
  });

  it('leaves without a fade when the user prefers reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
    );
    render(<SplashScreen isReady />);
    advance(1500);
    expect(splash()).not.toBeInTheDocument();
  });

  it('clears its timers on unmount', () => {
    const { unmount } = render(<SplashScreen isReady={false} />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
